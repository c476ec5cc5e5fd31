import Foundation
import TerminalUI
import TestSupport
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

/// A page is laid out once, when it comes, and keys move a window over what was laid out:
/// the layouts are counted (`LayoutCounter`), not timed.
@Suite struct PageModelLayoutCountTests {
  let navigator = Navigator(
    catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
  let guangzhou = "https://zh.wikipedia.org/wiki/广州市"
  let palette = FullScreenRenderer.Palette(colors: true)

  /// Presses `keys`, drawing a frame after each as the session does.
  @discardableResult
  func press(_ keys: [Key], _ state: inout NavigationState) -> [NavigationEffect] {
    keys.compactMap { key in
      let effect = KeyMap.command(for: key, in: state, navigator: navigator).map {
        navigator.update(&state, $0)
      }
      _ = FullScreenRenderer.frame(state, navigator: navigator, palette: palette)
      return effect
    }
  }

  /// A long page: 600 paragraphs, each with two links and a heading every 50.
  func longPage(_ url: String, width: Int) -> PageContent {
    let body = (1...600).map { number in
      (number % 50 == 1 ? "<h2 id=\"s\(number)\">节\(number)</h2>" : "")
        + "<p>段\(number) 目标 <a href=\"https://a.test/\(number)\">外\(number)</a> 文字"
        + " <a href=\"#s1\">回到开头</a> 更多的文字，让这一段折成几行。</p>"
    }.joined()
    let address = URL(string: URLText.ascii(url)) ?? URL(fileURLWithPath: "/")
    let page = FetchedPage(
      requestedURL: address, finalURL: address, status: 200, reason: "OK",
      headers: ["Content-Type": "text/html; charset=utf-8"],
      body: Data(("<title>长页</title><body>" + body + "</body>").utf8))
    return PageContent(page, width: width, view: .fullPage)
  }

  /// Full screen at 40×12 with the long page open on Guangzhou's screen.
  func openedLongPage() -> NavigationState {
    var state = navigator.start(
      viewport: Viewport(columns: 40, rows: 12), presentation: .fullScreen)
    press([.down, .enter, .enter], &state)
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, longPage(guangzhou, width: 40)))
    return state
  }

  @Test func keysOnALongPageDoNotLayItOutAgain() {
    var state = openedLongPage()
    let counter = LayoutCounter()
    LayoutCounter.$current.withValue(counter) {
      press([.down, .down, .character(" "), .pageDown, .tab, .tab, .backTab, .up], &state)
      press([.character("/")] + "目标".map(Key.character) + [.enter], &state)
      press([.character("n"), .character("n"), .character("N"), .end, .home], &state)
      press([.character("l"), .down, .tab, .character("l"), .character("G")], &state)
    }
    #expect(counter.count == 0)
    // The keys did move over the page: it is long, and the window went to its end.
    #expect(navigator.pageSections(state).count > 1000)
    #expect(state.top.scroll > 1000)
  }

  @Test func theCounterSeesALayout() {
    let counter = LayoutCounter()
    _ = LayoutCounter.$current.withValue(counter) { longPage(guangzhou, width: 40) }
    #expect(counter.count > 0)
  }

  @Test func aResizeLaysOutOnlyThePageOnScreenAndTheOthersWhenShownAgain() throws {
    var state = openedLongPage()
    press([.tab], &state)
    let effects = press([.enter], &state)
    let other = try #require(
      effects.compactMap { effect -> String? in
        if case .fetch(let url) = effect { return url }
        return nil
      }.first)
    _ = navigator.update(&state, .pageLoaded(url: other, longPage(other, width: 40)))
    let one = LayoutCounter()
    _ = LayoutCounter.$current.withValue(one) { longPage(other, width: 60) }

    let counter = LayoutCounter()
    LayoutCounter.$current.withValue(counter) {
      _ = navigator.update(&state, .resize(Viewport(columns: 60, rows: 12)))
    }
    #expect(counter.count == one.count)
    guard case .loaded(let below) = state.pages[guangzhou] else {
      Issue.record("the first page is gone")
      return
    }
    #expect(below.width == 40)
    LayoutCounter.$current.withValue(counter) { press([.left], &state) }
    #expect(counter.count == 2 * one.count)
    guard case .loaded(let shown) = state.pages[guangzhou] else {
      Issue.record("the first page is gone")
      return
    }
    #expect(shown.width == 60)
  }
}
