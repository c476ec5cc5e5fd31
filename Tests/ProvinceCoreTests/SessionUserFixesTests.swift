import FetchModel
import Foundation
import TerminalUI
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

/// What a new user met (issue #47, "What users meet" 1, 2, 3 and 7), driven through the key
/// map and the line-mode decoder as the shell drives them: a filter restored by going back
/// is replaced by the first key typed; `--query` searches the whole tree; line mode's page
/// words mean what the full screen's keys mean; a link number that does not exist selects
/// nothing.
@Suite struct SessionUserFixesTests {
  let navigator = Navigator(
    catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
  let guangzhou = "https://zh.wikipedia.org/wiki/广州市"

  func typing(_ text: String) -> [Key] { text.map(Key.character) }

  func content(_ html: String, url: String, width: Int = 40) -> PageContent {
    let address = URL(string: URLText.ascii(url)) ?? URL(fileURLWithPath: "/")
    let page = FetchedPage(
      requestedURL: address, finalURL: address, status: 200, reason: "OK",
      headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(html.utf8))
    return PageContent(page, width: width)
  }

  /// A line typed at line mode's prompt, read as line mode reads it on the screen on top.
  @discardableResult
  func typed(_ line: String, _ state: inout NavigationState) -> NavigationEffect {
    navigator.update(&state, NavigationCommand.parse(line, in: state))
  }

  // MARK: 1. Going back: the restored filter is selected, the first key replaces it.

  @Test func aKeyTypedAfterGoingBackStartsANewFilter() {
    var state = navigator.start(
      viewport: Viewport(columns: 60, rows: 12), policy: .fullScreen)
    navigator.press(typing("gd") + [.enter], &state)
    #expect(state.top.kind == .cities(province: 1, (0..<3).map { CityRef(province: 1, city: $0) }))
    navigator.press([.left], &state)
    // Back on the provinces, 广东 still the one `gd` left, its filter kept and selected.
    #expect(state.top.editor?.text == "gd")
    #expect(state.top.filterSelected)
    navigator.press(typing("ln"), &state)
    // `ln` is 辽宁's initials: a new filter, not `gdln`, which matches nothing.
    #expect(state.top.editor?.text == "ln")
    #expect(state.top.kind == .provinces([2]))
    #expect(!state.top.filterSelected)
  }

  @Test func backspaceAfterGoingBackDeletesTheSelectedFilter() {
    var state = navigator.start(
      viewport: Viewport(columns: 60, rows: 12), policy: .fullScreen)
    navigator.press(typing("gd") + [.enter, .left, .backspace], &state)
    #expect(state.top.filterIsEmpty)
    #expect(state.top.kind == .provinces([0, 1, 2, 3, 4]))
  }

  @Test func ctrlEKeepsTheRestoredFilterForEditing() {
    var state = navigator.start(
      viewport: Viewport(columns: 60, rows: 12), policy: .fullScreen)
    navigator.press(typing("guang") + [.enter, .left], &state)
    #expect(state.top.filterSelected)
    navigator.press([.control("e"), .backspace], &state)
    #expect(state.top.editor?.text == "guan")
    #expect(state.top.kind == .provinces([1]))
    // The selection is gone: a letter now adds to the text.
    navigator.press(typing("g"), &state)
    #expect(state.top.editor?.text == "guang")
  }

  @Test func aPasteAfterGoingBackReplacesTheFilterToo() {
    var state = navigator.start(
      viewport: Viewport(columns: 60, rows: 12), policy: .fullScreen)
    navigator.press(typing("gd") + [.enter, .left], &state)
    // Keys typed ahead of others (a paste without brackets) take the same way.
    for key in typing("sy") { _ = navigator.update(&state, .typeAhead(key)) }
    navigator.settle(&state)
    #expect(state.top.editor?.text == "sy")
  }

  // MARK: 2. `--query` searches the whole tree, as `/` does.

  @Test(arguments: [SessionPolicy.fullScreen, .lines])
  func theStartQuerySearchesTheWholeTree(policy: SessionPolicy) {
    let picker = Navigator(
      catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog),
      mode: .pick, start: SessionStart(query: "yang"))
    let state = picker.start(viewport: Viewport(columns: 60, rows: 20), policy: policy)
    // 沈阳 and 朝阳 are cities, not provinces: only the whole tree has them.
    guard case .search(let query, let refs) = state.top.kind else {
      Issue.record("not a search: \(state.top.kind)")
      return
    }
    #expect(query == "yang")
    let names = Set(refs.map { SampleCatalog.catalog[$0].name })
    #expect(names.isSuperset(of: ["沈阳市", "朝阳市", "朝阳区"]))
    #expect(state.stack.count == 2)
  }

  @Test func theStartQueryAtAProvinceFiltersItsCitiesAndItsEffectIsKept() {
    let browser = Navigator(
      catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog),
      start: SessionStart(province: 1, query: "guangzhou"))
    let (state, effect) = browser.starting(viewport: .standard, policy: .lines)
    // One city matches: line mode opens it at once, and its page is asked for.
    #expect(state.top.kind == .detail(CityRef(province: 1, city: 0)))
    #expect(effect == .fetch(url: guangzhou, parents: [["广东省", "广东"]]))
  }

  // MARK: 3. Line mode on a page: the full screen's page keys.

  /// At 广州's page, line mode, 40×20, a long page with two headings and 曹丕 far down.
  func atALongPage() -> NavigationState {
    var state = navigator.start(viewport: Viewport(columns: 40, rows: 20))
    typed("2", &state)
    typed("1", &state)
    var html = "<h2>开头</h2>" + (1...30).map { "<p>第\($0)段</p>" }.joined()
    html += "<h2>三国</h2><p>曹丕称帝。</p>" + (31...60).map { "<p>第\($0)段</p>" }.joined()
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, content(html, url: guangzhou)))
    return state
  }

  @Test func slashOnAPageInLineModeSearchesThePage() {
    var state = atALongPage()
    #expect(!ScreenRenderer.render(state, navigator: navigator, style: .plain).contains("曹丕称帝。"))
    typed("/曹丕", &state)
    #expect(state.top.kind == .detail(CityRef(province: 1, city: 0)))
    #expect(state.message?.contains("No city matches") != true, "\(state.message ?? "")")
    #expect(state.top.pageQuery == "曹丕")
    #expect(ScreenRenderer.render(state, navigator: navigator, style: .plain).contains("曹丕称帝。"))
  }

  @Test func lineModesPageWordsAreTheFullScreensKeys() {
    var state = atALongPage()
    let depth = state.stack.count
    typed("", &state)
    typed("", &state)
    #expect(state.top.page == 2)
    // b: a screen up, as the full screen's b (not back).
    typed("b", &state)
    #expect(state.top.page == 1)
    #expect(state.stack.count == depth)
    // t: the headings, as the full screen's t (not the provinces).
    typed("t", &state)
    #expect(state.stack.count == depth)
    #expect(state.top.showingHeadings)
    typed("t", &state)
    #expect(!state.top.showingHeadings)
    // n: the next match of the page's search, as the full screen's n.
    typed("/段", &state)
    let first = state.top.matchLine
    typed("n", &state)
    #expect(state.top.matchLine != nil && state.top.matchLine != first)
    #expect(state.stack.count == depth)
    // q: back, as on the full screen's page (it leaves only at the top).
    #expect(typed("q", &state) != .exit(.success))
    #expect(state.stack.count == depth - 1)
  }

  @Test func theLineHelpSaysWhatSlashSearchesOnAPage() {
    let help = CommandTable.lineHelp
    guard let page = help.firstIndex(of: "On a city's page:"),
      let menu = help.firstIndex(of: "In a menu:")
    else {
      Issue.record("no sections: \(help)")
      return
    }
    let onPage = CommandTable.unwrapped(Array(help[page..<menu]))
    #expect(onPage.contains("/<text> search this page"), "\(onPage)")
    let inMenu = CommandTable.unwrapped(Array(help[menu...]))
    #expect(inMenu.contains("/<text> search every"), "\(inMenu)")
  }

  // MARK: 7. A link number that does not exist selects nothing.

  /// At 广州's page, full screen, with twelve links.
  func atAPageWithTwelveLinks() -> NavigationState {
    var state = navigator.start(
      viewport: Viewport(columns: 60, rows: 24), policy: .fullScreen)
    navigator.press([.character("2"), .enter, .enter], &state)
    let html = (1...12).map { "<p><a href='https://e.test/\($0)'>l\($0)</a></p>" }.joined()
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, content(html, url: guangzhou)))
    return state
  }

  @Test func aLinkNumberThatDoesNotExistSelectsNothing() {
    var state = atAPageWithTwelveLinks()
    let depth = state.stack.count
    navigator.press(typing("9999"), &state)
    #expect(state.message?.contains("9999") == true || state.message?.contains("99") == true)
    #expect(state.top.focusedLink == nil)
    // Enter follows no stale link [9].
    let effects = navigator.press([.enter], &state)
    #expect(!effects.contains(.fetch(url: "https://e.test/9")))
    #expect(state.stack.count == depth)
  }
}
