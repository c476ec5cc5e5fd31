import Foundation
import TerminalUI
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

/// A screen's sub-mode is one value (`Screen.SubMode`): the filter of a menu, a page's
/// link list or headings, a page search typed over one of them. Keys move it from one to
/// another; no two can hold at once.
@Suite struct ScreenSubModeTests {
  let navigator = Navigator(
    catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
  let guangzhou = "https://zh.wikipedia.org/wiki/广州市"

  @Test("a menu's filter is its sub-mode, and Esc ends it")
  func filterOnAMenu() {
    var state = navigator.start(
      viewport: Viewport(columns: 40, rows: 10), policy: .fullScreen)
    #expect(state.top.mode == .none)
    navigator.press([.character("g"), .character("d")], &state)
    #expect(state.top.mode == .filter(LineEditor(text: "gd")))
    navigator.press([.escape], &state)
    #expect(state.top.mode == .none)
  }

  @Test("a page search typed in the link list is over the list, and Esc returns to the list")
  func findOverTheLinkList() {
    var state = navigator.start(
      viewport: Viewport(columns: 40, rows: 10), policy: .fullScreen)
    navigator.press([.down, .enter, .enter], &state)
    let html = "<p><a href=\"https://a.test/\">甲</a> <a href=\"https://b.test/\">乙</a></p>"
    let page = PageContent(htmlPage(html, url: guangzhou), width: 40)
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, page))
    #expect(state.top.mode == .none)
    navigator.press([.character("l")], &state)
    #expect(state.top.mode == .links)
    navigator.press([.character("/"), .character("乙")], &state)
    #expect(state.top.mode == .find(LineEditor(text: "乙"), list: .links))
    navigator.press([.escape], &state)
    #expect(state.top.mode == .links)
    navigator.press([.left], &state)
    #expect(state.top.mode == .none)
  }
}
