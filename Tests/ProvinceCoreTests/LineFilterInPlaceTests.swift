import FetchModel
import Foundation
import TerminalUI
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

/// Line mode filters in place (issue #47, "What to build" 1): a line typed on a menu narrows
/// that menu as the full screen's keys do, by the same path, so going back, clearing and
/// typing again mean what ←, Esc and typing mean full screen. The one difference, a single
/// match opened at once, is the policy's.
@Suite struct LineFilterInPlaceTests {
  let navigator = Navigator(
    catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
  let viewport = Viewport(columns: 60, rows: 14)

  /// A line typed at line mode's prompt, read as line mode reads it on the screen on top.
  @discardableResult
  func typed(_ line: String, _ state: inout NavigationState) -> NavigationEffect {
    navigator.update(&state, NavigationCommand.parse(line, in: state))
  }

  func keys(_ text: String) -> [Key] { text.map(Key.character) }

  @Test func aTypedLineNarrowsTheMenuInPlaceAsTheSameKeysDoFullScreen() {
    var lines = navigator.start(viewport: viewport, policy: .lines)
    var full = navigator.start(viewport: viewport, policy: .fullScreen)
    typed("西", &lines)
    navigator.press(keys("西"), &full)
    // One screen, narrowed: not a filtered list pushed above the one it narrowed.
    #expect(lines.stack.count == 1)
    #expect(lines.stack == full.stack)
    #expect(lines.top.kind == .provinces([3, 4]))
  }

  @Test func backFromAFilteredListIsWhatLeftDoes() {
    var lines = navigator.start(viewport: viewport, policy: .lines)
    var full = navigator.start(viewport: viewport, policy: .fullScreen)
    typed("西", &lines)
    typed("2", &lines)
    navigator.press(keys("西") + [.down, .enter], &full)
    #expect(lines.stack.map(\.kind) == full.stack.map(\.kind))
    typed("back", &lines)
    navigator.press([.left], &full)
    // Back on the list, filtered as it was left, its filter selected; not the list below.
    #expect(lines.stack.map(\.kind) == [.provinces([3, 4])])
    #expect(lines.stack.map(\.kind) == full.stack.map(\.kind))
    #expect(lines.top.editor?.text == "西")
    #expect(lines.top.filterSelected == full.top.filterSelected)
    // Back again, at the top, goes nowhere: the filtered list is not a step of its own.
    typed("back", &lines)
    #expect(lines.stack.map(\.kind) == [.provinces([3, 4])])
  }

  @Test func aLineTypedAfterGoingBackIsANewFilterNotAddedToTheOld() {
    var state = navigator.start(viewport: viewport, policy: .lines)
    typed("西", &state)
    typed("2", &state)
    typed("back", &state)
    // 辽宁's initials: a new filter of all five, which leaves one and opens it.
    typed("ln", &state)
    #expect(state.top.kind == .cities(province: 2, [0, 1].map { CityRef(province: 2, city: $0) }))
    typed("back", &state)
    #expect(state.top.kind == .provinces([2]))
    #expect(state.top.editor?.text == "ln")
  }

  @Test func theClearWordClearsTheFilterAsEscDoes() {
    var lines = navigator.start(viewport: viewport, policy: .lines)
    var full = navigator.start(viewport: viewport, policy: .fullScreen)
    typed("西", &lines)
    typed("clear", &lines)
    navigator.press(keys("西") + [.escape], &full)
    #expect(lines.stack.map(\.kind) == [.provinces([0, 1, 2, 3, 4])])
    #expect(lines.stack.map(\.kind) == full.stack.map(\.kind))
    #expect(lines.top.filterIsEmpty)
    // With nothing to clear it says so, where Esc would go on to leave.
    #expect(typed("clear", &lines) == .render)
    #expect(lines.message == "Nothing to clear here.")
    #expect(lines.stack.count == 1)
  }

  @Test func theHintsOfferClearOnlyWhenThereIsAFilter() {
    var state = navigator.start(viewport: viewport, policy: .lines)
    let before = ScreenRenderer.render(state, navigator: navigator, style: .plain)
    #expect(!before.contains { $0.contains("clear") })
    typed("西", &state)
    let after = ScreenRenderer.render(state, navigator: navigator, style: .plain)
    #expect(after.last?.contains("clear") == true, "\(after)")
    #expect(after.first == "省份信息 “西”")
  }

  @Test func aMenusPageIsWhereItsScrollStands() {
    let catalog = SampleCatalog.numbered(provinces: 30, citiesEach: 1)
    let paged = Navigator(catalog: catalog, matcher: Matcher(catalog: catalog))
    // 8 rows less line mode's 6 of chrome: 2 items a page in one column of 10 cells.
    var state = paged.start(viewport: Viewport(columns: 10, rows: 8), policy: .lines)
    _ = paged.update(&state, .nextPage)
    _ = paged.update(&state, .nextPage)
    // The window stands at the page's first item, as PgDn leaves it full screen.
    #expect(state.top.scroll == 4)
    #expect(state.top.selection == 4)
    let text = ScreenRenderer.render(state, navigator: paged, style: .plain)
    #expect(text.contains(" 5 P5"), "\(text)")
    #expect(text.last?.hasPrefix("page 3/15") == true, "\(text)")
  }

  /// 广州市's page, loaded with two links, under `policy`.
  func onGuangzhou(_ policy: SessionPolicy) -> NavigationState {
    let url = "https://zh.wikipedia.org/wiki/广州市"
    var state = navigator.start(viewport: viewport, policy: policy)
    _ = navigator.update(&state, .select(2))
    _ = navigator.update(&state, .select(1))
    let html = "<p><a href='https://e.test/1'>一</a> <a href='https://e.test/2'>二</a></p>"
    let address = URL(string: URLText.ascii(url)) ?? URL(fileURLWithPath: "/")
    let page = FetchedPage(
      requestedURL: address, finalURL: address, status: 200, reason: "OK",
      headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(html.utf8))
    _ = navigator.update(&state, .pageLoaded(url: url, PageContent(page, width: 60)))
    return state
  }

  @Test(arguments: ["3", "9"])
  func aLinkNumberThatIsNotThereIsSaidAlikeByBothLinkFollowers(number: String) {
    var lines = onGuangzhou(.lines)
    var full = onGuangzhou(.fullScreen)
    typed(number, &lines)
    navigator.press(keys(number), &full)
    #expect(full.message?.hasPrefix("No link [") == true)
    #expect(lines.message == full.message)
    #expect(lines.top.focusedLink == nil && full.top.focusedLink == nil)
  }
}
