import FetchModel
import Foundation
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

/// The detail screen's page: fetch effects, arrival, failure, links, reload, paging.
@Suite struct NavigatorPageTests {
  let navigator = Navigator(
    catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
  let guangzhou = "https://zh.wikipedia.org/wiki/广州市"

  func content(_ html: String, url: String, width: Int = 80) -> PageContent {
    let page = FetchedPage(
      requestedURL: URL(string: URLText.ascii(url))!, finalURL: URL(string: URLText.ascii(url))!,
      status: 200,
      reason: "OK", headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(html.utf8))
    return PageContent(page, width: width)
  }

  /// At 广东省 › 广州市 with the page asked for.
  func atGuangzhou() -> NavigationState {
    var state = navigator.start()
    _ = navigator.update(&state, .select(2))
    _ = navigator.update(&state, .select(1))
    return state
  }

  @Test func anArrivedPageIsShownUnderTheCityFacts() {
    var state = atGuangzhou()
    let page = content("<title>广州</title><p>广州是广东省的省会。</p>", url: guangzhou)
    #expect(navigator.update(&state, .pageLoaded(url: guangzhou, page)) == .render)
    let screen = ScreenRenderer.render(state, navigator: navigator, style: .plain)
    #expect(screen.contains("  City     广州市"))
    #expect(screen.contains { $0.hasPrefix("  Status   200 OK · text/html · utf-8 · ") })
    #expect(screen.contains("广州是广东省的省会。"))
  }

  @Test func aFailedPageReturnsToTheCityListWithOneLine() {
    var state = atGuangzhou()
    _ = navigator.update(
      &state, .pageFailed(url: guangzhou, message: "Connection refused by 127.0.0.1."))
    #expect(state.top.kind == .cities(province: 1, (0..<3).map { CityRef(province: 1, city: $0) }))
    #expect(state.message == "Connection refused by 127.0.0.1.")
    #expect(state.pages[guangzhou] == nil)
  }

  @Test func aPageIsFetchedOnceASessionGoingBackAndForth() {
    var state = atGuangzhou()
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, content("<p>x</p>", url: guangzhou)))
    _ = navigator.update(&state, .back)
    #expect(navigator.update(&state, .select(1)) == .render)
    #expect(state.top.kind == .detail(CityRef(province: 1, city: 0)))
  }

  @Test func reloadFetchesAgain() {
    var state = atGuangzhou()
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, content("<p>x</p>", url: guangzhou)))
    #expect(
      navigator.update(&state, .filter("r")) == .fetch(url: guangzhou, parents: [["广东省", "广东"]]))
    #expect(state.pages[guangzhou] == .loading)
  }

  @Test func openAsksTheShellToOpenTheURL() {
    var state = atGuangzhou()
    #expect(navigator.update(&state, .filter("o")) == .open(url: guangzhou))
    #expect(navigator.update(&state, .notice("Opened it.")) == .render)
    #expect(state.message == "Opened it.")
  }

  @Test func linksAreListedAndANumberFollowsOneOntoANewScreen() {
    var state = atGuangzhou()
    let html = "<p><a href='/wiki/深圳'>深圳</a> and <a href='https://example.test/b'>b</a></p>"
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, content(html, url: guangzhou)))
    _ = navigator.update(&state, .filter("l"))
    #expect(state.top.showingLinks)
    let screen = ScreenRenderer.render(state, navigator: navigator, style: .plain)
    #expect(screen.contains("  [2] b — https://example.test/b"))
    #expect(navigator.update(&state, .select(2)) == .fetch(url: "https://example.test/b"))
    #expect(state.top.kind == .link("https://example.test/b"))
    _ = navigator.update(&state, .back)
    #expect(state.top.kind == .detail(CityRef(province: 1, city: 0)))
    _ = navigator.update(&state, .select(3))
    #expect(state.message == "No link [3]: links are 1–2.")
  }

  @Test func aFollowedLinkIsTitledByItsPage() {
    var state = atGuangzhou()
    _ = navigator.update(
      &state,
      .pageLoaded(url: guangzhou, content("<a href='https://e.test/'>e</a>", url: guangzhou)))
    _ = navigator.update(&state, .select(1))
    #expect(ScreenRenderer.path(state, navigator: navigator).hasSuffix("广州市 › https://e.test/"))
    _ = navigator.update(
      &state,
      .pageLoaded(url: "https://e.test/", content("<title>E page</title>", url: "https://e.test/")))
    #expect(ScreenRenderer.path(state, navigator: navigator).hasSuffix("广州市 › E page"))
  }

  @Test func longPagesArePagedWithEnterAndStopAtTheEnd() {
    var state = navigator.start(viewport: Viewport(columns: 40, rows: 20))
    _ = navigator.update(&state, .select(2))
    _ = navigator.update(&state, .select(1))
    let html = (1...60).map { "<p>第\($0)段</p>" }.joined()
    _ = navigator.update(
      &state, .pageLoaded(url: guangzhou, content(html, url: guangzhou, width: 40)))
    let pages = navigator.pageCount(state)
    #expect(pages > 3)
    let first = ScreenRenderer.render(state, navigator: navigator, style: .plain)
    #expect(first.contains("第1段"))
    #expect(first.count <= 20)
    for _ in 0..<pages { _ = navigator.update(&state, .enter) }
    #expect(state.top.page == pages - 1)
    let last = ScreenRenderer.render(state, navigator: navigator, style: .plain)
    #expect(last.contains("第60段"))
    #expect(!last.contains("第1段"))
  }

  @Test func nonHTMLIsDescribedNotShown() {
    var state = atGuangzhou()
    let png = FetchedPage(
      requestedURL: URL(string: "https://a.test/x.png")!,
      finalURL: URL(string: "https://a.test/x.png")!,
      status: 200, reason: "OK", headers: ["Content-Type": "image/png"],
      body: Data([0x89, 0x50, 0x4E, 0x47]))
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, PageContent(png, width: 80)))
    let screen = ScreenRenderer.render(state, navigator: navigator, style: .plain)
    #expect(screen.contains("(image/png, 4 B: not a page to show as text)"))
  }

  @Test func aResizeLaysThePageOutAgain() {
    var state = atGuangzhou()
    let words = String(repeating: "word ", count: 40)
    _ = navigator.update(
      &state, .pageLoaded(url: guangzhou, content("<p>\(words)</p>", url: guangzhou)))
    let effect = navigator.update(&state, .resize(Viewport(columns: 20, rows: 40)))
    // Line mode too: the layout is asked for, made by the shell, not inside update.
    #expect(effect == .layOut(url: guangzhou, width: 20, view: .reader))
    guard case .layOut(let url, let width, let view) = effect,
      case .loaded(let old) = state.pages[url]
    else { return }
    #expect(old.width == 80)
    _ = navigator.update(&state, .pageLaidOut(url: url, old.layout(width: width, view: view)))
    guard case .loaded(let page) = state.pages[guangzhou] else {
      Issue.record("page lost on resize")
      return
    }
    #expect(page.width == 20)
    #expect(page.rendered?.lines.allSatisfy { TerminalText.width($0) <= 20 } == true)
  }

  @Test func pickModeNeverFetches() {
    let picker = Navigator(
      catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog), mode: .pick)
    var state = picker.start()
    _ = picker.update(&state, .select(2))
    #expect(picker.update(&state, .select(1)) == .picked(CityRef(province: 1, city: 0)))
    #expect(state.pages.isEmpty)
  }

  @Test func aStatusLineCutToTheWindowKeepsTheCachedCopysAge() {
    var state = atGuangzhou()
    _ = navigator.update(&state, .resize(Viewport(columns: 44, rows: 24)))
    var page = content("<p>x</p>", url: guangzhou, width: 44)
    page.note = "cached 3 min ago"
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, page))
    let screen = ScreenRenderer.render(state, navigator: navigator, style: .plain)
    let status = screen.first { $0.hasPrefix("  Status") } ?? ""
    #expect(TerminalText.width(status) <= 44)
    #expect(status.hasSuffix("3 min ago"))
    #expect(status.contains("…"))
  }
}
