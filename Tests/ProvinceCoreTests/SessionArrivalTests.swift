import FetchModel
import Foundation
import TerminalUI
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

/// What comes of a fetch is decided once, in the navigator, for the full screen and line
/// mode alike: the shell hands over the page or the error (`.pageArrived`) and performs
/// nothing but the effect it is given back.
@Suite struct SessionArrivalTests {
  let navigator = Navigator(
    catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
  let guangzhou = "https://zh.wikipedia.org/wiki/广州市"

  /// 广州市's page asked for, in `policy`.
  func onGuangzhou(_ policy: SessionPolicy) -> NavigationState {
    var state = navigator.start(
      viewport: Viewport(columns: 60, rows: 12), policy: policy)
    _ = navigator.update(&state, .select(2))
    guard case .fetch(let url, _) = navigator.update(&state, .select(1)) else {
      Issue.record("广州市's page was not asked for")
      return state
    }
    #expect(url == guangzhou)
    return state
  }

  @Test(
    "a 404 for a division's page is answered with its missing page, in either view",
    arguments: [SessionPolicy.lines, .fullScreen])
  func notFoundIsTheMissingPage(_ policy: SessionPolicy) throws {
    var state = onGuangzhou(policy)
    let error = FetchError.http(status: 404, reason: "Not Found", page: nil)
    #expect(navigator.update(&state, .pageArrived(url: guangzhou, .failure(error))) == .render)
    #expect(state.top.kind == .detail(CityRef(province: 1, city: 0)))
    guard case .loaded(let content) = state.pages[guangzhou] else {
      Issue.record("the 404 is not answered with a page")
      return
    }
    #expect(content.status == 404)
    let text = navigator.pageSections(state).body.joined(separator: "\n")
    #expect(text.contains("广州市 has no article here (HTTP 404 Not Found)"))
  }

  @Test("a failure is kept in place full screen and leaves the page in line mode")
  func failureByView() {
    var full = onGuangzhou(.fullScreen)
    _ = navigator.update(&full, .pageArrived(url: guangzhou, .failure(.timedOut)))
    #expect(full.pages[guangzhou] == .failed("The page took too long to load (timed out)."))
    #expect(full.top.kind == .detail(CityRef(province: 1, city: 0)))

    var lines = onGuangzhou(.lines)
    _ = navigator.update(&lines, .pageArrived(url: guangzhou, .failure(.timedOut)))
    #expect(lines.pages[guangzhou] == nil)
    #expect(lines.top.kind == .cities(province: 1, (0..<3).map { CityRef(province: 1, city: $0) }))
    #expect(lines.message == "The page took too long to load (timed out).")
  }

  @Test(
    "a link no request can be made for fails in the navigator, no fetch asked, in either view",
    arguments: [SessionPolicy.lines, .fullScreen])
  func invalidAddressIsRefusedBeforeAnyFetch(_ policy: SessionPolicy) {
    var state = onGuangzhou(policy)
    let html = "<p>见 <a href=\"http://1.2.3.256/x\">坏地址</a>。</p>"
    let page = PageContent(htmlPage(html, url: guangzhou), width: 60)
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, page))
    // Both views follow a link by the same function: link 1 typed, or Tab then Enter.
    var typed = state
    #expect(navigator.update(&typed, .select(1)) == .render)
    _ = navigator.update(&state, .nextLink)
    #expect(navigator.update(&state, .choose) == .render)
    #expect(typed.stack.map(\.kind) == state.stack.map(\.kind))
    #expect(typed.pages == state.pages && typed.message == state.message)
    let said = "“http://1.2.3.256/x” is not a valid web address."
    if !policy.showsFailureInPlace {
      #expect(state.top.kind == .detail(CityRef(province: 1, city: 0)))
      #expect(state.message == said)
    } else {
      #expect(state.top.kind == .link("http://1.2.3.256/x"))
      #expect(state.pages["http://1.2.3.256/x"] == .failed(said))
    }
  }

  @Test("a disambiguation page arrives with its step decided, and the offer said in its note")
  func arrivalDecidesTheDisambiguationStep() {
    let list =
      #"<script>RLCONF={"wgCategories":["全部消歧義頁面"],"wgTitle":"朝阳区"};</script>"#
      + #"<div class="mw-parser-output"><ul><li><a href="/wiki/A_(B)">朝阳区 (北京市)</a>，北京市</li>"#
      + #"<li><a href="/wiki/C">双塔区</a>，辽宁省朝阳市</li></ul></div>"#
    let page = htmlPage(list, url: "https://zh.wikipedia.org/wiki/朝阳区")
    let loaded = LoadedPage(page: page, note: "cached 3 min ago")
    let followed = PageContent.arrived(
      loaded, layout: (40, .reader), parents: [["辽宁省", "辽宁"]])
    #expect(
      followed.disambiguation
        == .follow(url: "https://zh.wikipedia.org/wiki/C", note: "消歧义页「朝阳区」→ C"))
    #expect(followed.note == "cached 3 min ago")

    let offered = PageContent.arrived(loaded, layout: (40, .reader), parents: [["测试省"]])
    guard case .offer? = offered.disambiguation else {
      Issue.record("no offer where no entry names the parent")
      return
    }
    #expect(offered.note == "消歧义页「朝阳区」: no entry names 测试省 · cached 3 min ago")
  }

  @Test("a layout that comes for a page no longer loaded is refused (the shell drops it)")
  func aLateLayoutForAPageGoneIsRefused() {
    var state = onGuangzhou(.fullScreen)
    let page = PageContent(htmlPage("<p>广州</p>", url: guangzhou), width: 60)
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, page))
    _ = navigator.update(&state, .reload)
    #expect(state.pages[guangzhou] == .loading)
    let before = state
    #expect(
      navigator.update(&state, .pageLaidOut(url: guangzhou, page.relaidOut(width: 30)))
        == .render)
    #expect(state == before)
  }
}
