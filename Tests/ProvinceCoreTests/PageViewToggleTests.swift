import FetchModel
import Foundation
import TerminalUI
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

/// `v` on a page (as the reader view's design asked): the whole page instead of the reader view and back, laid
/// out from the document kept, and the facts say which is shown.
@Suite struct PageViewToggleTests {
  let navigator = Navigator(
    catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
  let guangzhou = "https://zh.wikipedia.org/wiki/广州市"

  /// An article (the reader view finds it) after a menu of links that only the whole
  /// page shows; its paragraphs are numbered 段1…段30.
  static let article =
    "<title>广州</title><nav>"
    + (1...12).map { "<p><a href='/m\($0)'>菜单\($0)</a></p>" }.joined() + "</nav><article>"
    + (1...30).map {
      "<p>段\($0)：广州是广东省的省会，位于珠江三角洲北缘，是一座有两千多年历史的港口城市。</p>"
    }.joined() + "</article>"

  func page(_ html: String, view: PageView = .reader, policy: SessionPolicy = .fullScreen)
    -> NavigationState
  {
    var state = navigator.start(viewport: Viewport(columns: 60, rows: 12), policy: policy)
    _ = navigator.update(&state, .select(2))
    _ = navigator.update(&state, .select(1))
    let fetched = htmlPage(html, url: guangzhou)
    _ = navigator.update(
      &state, .pageLoaded(url: guangzhou, PageContent(fetched, width: 60, view: view)))
    return state
  }

  func loaded(_ state: NavigationState) -> PageContent? {
    guard case .loaded(let content) = state.pages[guangzhou] else { return nil }
    return content
  }

  func viewLine(_ state: NavigationState) -> String? {
    navigator.pageSections(state).header.first { $0.hasPrefix("  View ") }
  }

  /// Presses `key`; a layout it asks for off the UI thread is made and handed back as the
  /// shell does, and the effect of that is given.
  func press(_ key: Key, _ state: inout NavigationState) -> NavigationEffect? {
    laidOut(navigator.press([key], &state).last, &state)
  }

  /// The layout `effect` asks for, made and handed back as the shell does (line mode too,
  /// which reads no line meanwhile), and the effect of that.
  func laidOut(_ effect: NavigationEffect?, _ state: inout NavigationState) -> NavigationEffect? {
    guard case .layOut(let url, let width, let view)? = effect,
      case .loaded(let content) = state.pages[url]
    else { return effect }
    // Until the layout comes, the screen keeps the view it has.
    #expect(loaded(state)?.view != view)
    return navigator.update(
      &state, .pageLaidOut(url: url, content.relaidOut(width: width, view: view)))
  }

  @Test func vShowsTheWholePageAndBackWithoutFetching() {
    var state = page(Self.article)
    let document = loaded(state)?.document
    #expect(loaded(state)?.rendered?.view == .reader)
    #expect(viewLine(state)?.contains("reader view") == true)
    #expect(!navigator.pageSections(state).body.contains { $0.contains("菜单3") })

    #expect(press(.character("v"), &state) == .render)
    #expect(loaded(state)?.rendered?.view == .fullPage)
    #expect(loaded(state)?.document == document)
    #expect(viewLine(state)?.contains("whole page") == true)
    #expect(navigator.pageSections(state).body.contains { $0.contains("菜单3") })

    #expect(press(.character("v"), &state) == .render)
    #expect(loaded(state)?.rendered?.view == .reader)
    #expect(viewLine(state)?.contains("reader view") == true)
    #expect(state.stack.count == 3)
  }

  @Test func theLineAtTheTopOfTheWindowStaysThereInTheOtherView() throws {
    var state = page(Self.article)
    let before = navigator.pageSections(state).scrolled
    let line = try #require(before.firstIndex { $0.hasPrefix("段20：") })
    state.top.scroll = line
    _ = press(.character("v"), &state)
    let after = navigator.pageSections(state).scrolled
    #expect(after[state.top.scroll].hasPrefix("段20："))
    // In the whole page the menu comes first, so the same paragraph is further down.
    #expect(state.top.scroll > line)
    _ = press(.character("v"), &state)
    #expect(navigator.pageSections(state).scrolled[state.top.scroll].hasPrefix("段20："))
  }

  @Test func aPageWithNoArticleSaysItIsTheWholePage() {
    var state = page("<p>只有一段。</p>")
    #expect(loaded(state)?.rendered?.view == .fullPage)
    #expect(viewLine(state)?.contains("the reader found no article") == true)
    _ = press(.character("v"), &state)
    #expect(state.message == "The reader found no article here; this is the whole page.")
  }

  @Test func fullPageAskedForGoesToTheReaderViewAndLineModeHasTheWord() {
    var state = page(Self.article, view: .fullPage, policy: .lines)
    #expect(viewLine(state)?.contains("whole page") == true)
    _ = laidOut(navigator.update(&state, .filter("v")), &state)
    #expect(loaded(state)?.rendered?.view == .reader)
    let screen = ScreenRenderer.render(state, navigator: navigator, style: .plain)
    #expect(screen.contains { $0.hasPrefix("  View     reader view") })
  }

  @Test func vOnAFailedPageExplains() {
    var state = navigator.start(
      viewport: Viewport(columns: 60, rows: 12), policy: .fullScreen)
    _ = navigator.update(&state, .select(2))
    _ = navigator.update(&state, .select(1))
    _ = navigator.update(&state, .pageFailed(url: guangzhou, message: "timed out"))
    _ = press(.character("v"), &state)
    #expect(state.message == "Only an HTML page has a reader view.")
  }

  @Test func plainTextHasNoViewsToChoose() {
    var state = navigator.start(
      viewport: Viewport(columns: 60, rows: 12), policy: .fullScreen)
    _ = navigator.update(&state, .select(2))
    _ = navigator.update(&state, .select(1))
    let address = URL(string: URLText.ascii(guangzhou)) ?? URL(fileURLWithPath: "/")
    let text = FetchedPage(
      requestedURL: address, finalURL: address, status: 200, reason: "OK",
      headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data("纯文本\n".utf8))
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, PageContent(text, width: 60)))
    #expect(viewLine(state) == nil)
    _ = press(.character("v"), &state)
    #expect(state.message == "Only an HTML page has a reader view.")
    #expect(navigator.pageSections(state).body.contains("纯文本"))
  }

  /// Full screen, `v` lays the other view out off the UI thread: until it comes the screen
  /// keeps the view it has, a resize meanwhile asks for the new width, and a layout for
  /// the old width is not shown.
  @Test func vLaysOutOffTheUIThreadAndKeepsTheOldViewUntilThen() {
    var state = page(Self.article)
    let effect = navigator.press([.character("v")], &state).last
    #expect(effect == .layOut(url: guangzhou, width: 60, view: .fullPage))
    #expect(loaded(state)?.rendered?.view == .reader)
    guard let content = loaded(state) else { return }
    let old = content.relaidOut(width: 60, view: .fullPage)
    #expect(
      navigator.update(&state, .resize(Viewport(columns: 50, rows: 12)))
        == .layOut(url: guangzhou, width: 50, view: .fullPage))
    // The layout for 60 columns arrives late: it is laid out again, not shown.
    #expect(
      navigator.update(&state, .pageLaidOut(url: guangzhou, old))
        == .layOut(url: guangzhou, width: 50, view: .fullPage))
    #expect(loaded(state)?.rendered?.view == .reader)
    let laid = content.relaidOut(width: 50, view: .fullPage)
    #expect(navigator.update(&state, .pageLaidOut(url: guangzhou, laid)) == .render)
    #expect(loaded(state)?.rendered?.view == .fullPage)
    #expect(state.top.pendingView == nil)
  }
}
