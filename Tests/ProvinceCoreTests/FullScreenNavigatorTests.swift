import FetchModel
import Foundation
import TerminalUI
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

/// Full screen driven by keys, as the shell drives it: each key through `KeyMap` to a
/// command, through `update` to a new state and an effect. No terminal involved.
@Suite struct FullScreenNavigatorTests {
  let navigator = Navigator(
    catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
  let guangzhou = "https://zh.wikipedia.org/wiki/广州市"
  let guangdongCities = (0..<3).map { CityRef(province: 1, city: $0) }

  func start(columns: Int = 40, rows: Int = 10) -> NavigationState {
    navigator.start(viewport: Viewport(columns: columns, rows: rows), policy: .fullScreen)
  }

  /// Presses `keys` in order and gives the effects of those that did something.
  func typing(_ text: String) -> [Key] { text.map(Key.character) }

  func content(_ html: String, url: String) -> PageContent {
    let address = URL(string: URLText.ascii(url)) ?? URL(fileURLWithPath: "/")
    let page = FetchedPage(
      requestedURL: address, finalURL: address, status: 200, reason: "OK",
      headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(html.utf8))
    return PageContent(page, width: 40)
  }

  @Test func arrowsMoveTheSelectionAndEnterOpensIt() {
    var state = start()
    navigator.press([.down, .down, .up], &state)
    #expect(state.top.selection == 1)
    #expect(navigator.press([.enter], &state) == [.render])
    #expect(state.top.kind == .cities(province: 1, guangdongCities))
    #expect(
      navigator.press([.right], &state) == [.fetch(url: guangzhou, parents: [["广东省", "广东"]])])
    #expect(state.top.kind == .detail(guangdongCities[0]))
  }

  @Test func everyLetterIsTextAndTheControlKeysMove() {
    var state = start()
    navigator.press([.control("n"), .control("j"), .control("k")], &state)
    #expect(state.top.selection == 1)
    #expect(state.top.editor == nil)
    navigator.press(typing("jkq"), &state)
    #expect(state.top.editor?.text == "jkq")
    #expect(state.stack.count == 1)
  }

  @Test func aNumberEndsWhenASecondPassesWithoutADigit() {
    var state = start()
    _ = navigator.update(&state, .clock(.seconds(10)))
    navigator.press([.character("1")], &state)
    #expect(state.top.number == "1")
    #expect(state.pendingDeadline == .seconds(11))
    _ = navigator.update(&state, .clock(.milliseconds(10_999)))
    #expect(state.top.number == "1")
    _ = navigator.update(&state, .clock(.seconds(11)))
    #expect(state.top.number.isEmpty)
    navigator.press([.character("3")], &state)
    #expect(state.top.selection == 2)
  }

  @Test func typedPinyinFiltersAsYouTypeAndEscClearsItFirst() {
    var state = start()
    navigator.press(typing("guang"), &state)
    #expect(state.top.kind == .provinces([1]))
    #expect(state.stack.count == 1)
    navigator.press([.backspace], &state)
    #expect(state.top.editor?.text == "guan")
    navigator.press([.escape], &state)
    #expect(state.top.kind == .provinces([0, 1, 2, 3, 4]))
    #expect(state.top.filterIsEmpty)
    #expect(navigator.press([.escape], &state) == [.exit(.success)])
  }

  @Test func digitsJumpToTheirNumberFullWidthToo() {
    var state = start()
    navigator.press([.character("３")], &state)
    #expect(state.top.selection == 2)
    navigator.press([.character("9")], &state)
    #expect(state.message == "No item 39: choose 1–5.")
    #expect(state.top.selection == 2)
    navigator.press([.character("2")], &state)
    #expect(state.top.selection == 1)
  }

  @Test func slashSearchesEveryCityAsItIsTyped() {
    var state = start()
    navigator.press([.character("/")] + typing("chaoyang"), &state)
    guard case .search(let query, let refs) = state.top.kind else {
      Issue.record("expected a search, got \(state.top.kind)")
      return
    }
    #expect(query == "chaoyang")
    #expect(Set(refs) == [CityRef(province: 0, city: 1), CityRef(province: 2, city: 1)])
    navigator.press([.escape, .escape], &state)
    #expect(state.stack.count == 1)
  }

  @Test func keysTypedDuringALoadAreDroppedAndEscCancelsIt() {
    var state = start()
    navigator.press([.down, .enter], &state)
    #expect(
      navigator.press([.enter], &state) == [.fetch(url: guangzhou, parents: [["广东省", "广东"]])])
    let loading = state
    #expect(navigator.press([.end, .down, .character("G"), .tab, .character("r")], &state).isEmpty)
    #expect(state == loading)
    #expect(navigator.press([.escape], &state) == [.cancel(url: guangzhou)])
    #expect(state.top.kind == .cities(province: 1, guangdongCities))
    #expect(state.pages[guangzhou] == nil)
    // What the cancelled load sends late is dropped.
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, content("<p>x</p>", url: guangzhou)))
    #expect(state.pages[guangzhou] == nil)
  }

  @Test func aFailureStaysWhereThePageWouldBeAndRRetries() {
    var state = start()
    navigator.press([.down, .enter, .enter], &state)
    _ = navigator.update(&state, .pageFailed(url: guangzhou, message: "Connection refused."))
    #expect(state.top.kind == .detail(guangdongCities[0]))
    #expect(state.pages[guangzhou] == .failed("Connection refused."))
    #expect(navigator.pageSections(state).body.first == "Connection refused.")
    #expect(navigator.press([.character("o")], &state) == [.open(url: guangzhou)])
    #expect(
      navigator.press([.character("r")], &state) == [
        .fetch(url: guangzhou, parents: [["广东省", "广东"]])
      ])
    #expect(state.pages[guangzhou] == .loading)
  }

  @Test func theSelectionStaysInViewAsTheViewportChanges() {
    let catalog = SampleCatalog.numbered(provinces: 30, citiesEach: 1)
    let long = Navigator(catalog: catalog, matcher: Matcher(catalog: catalog))
    var state = long.start(viewport: Viewport(columns: 20, rows: 5), policy: .fullScreen)
    #expect(state.contentRows == 3)
    for _ in 0..<4 { _ = long.update(&state, .move(1)) }
    #expect(state.top.selection == 4)
    #expect(state.top.scroll == 2)
    _ = long.update(&state, .moveToEnd(true))
    #expect(state.top.selection == 29)
    #expect(state.top.scroll == 27)
    _ = long.update(&state, .resize(Viewport(columns: 20, rows: 30)))
    #expect(state.top.scroll == 2)
    _ = long.update(&state, .moveScreen(-1))
    #expect(state.top.selection == 1)
  }

  @Test func tabFocusesLinksAndAFragmentScrollsWithoutFetching() {
    var state = start(rows: 8)
    navigator.press([.down, .enter, .enter], &state)
    let filler = (1...30).map { "<p>段\($0)</p>" }.joined()
    let html =
      "<p><a href=\"#历史\">历史</a> <a href=\"https://a.test/\">外</a></p>\(filler)<h2 id=\"历史\">历史</h2><p>尾</p>"
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, content(html, url: guangzhou)))
    navigator.press([.tab], &state)
    #expect(state.top.focusedLink == 0)
    #expect(navigator.press([.enter], &state) == [.render])
    #expect(state.stack.count == 3)
    let lines = navigator.pageSections(state).scrolled
    #expect(lines[state.top.scroll].contains("历史"))
    #expect(state.top.scroll > 10)
    // Tab from there goes on to the next link in view, or wraps to the first.
    navigator.press([.character("g"), .tab, .tab], &state)
    #expect(state.top.focusedLink == 1)
    let scroll = state.top.scroll
    #expect(navigator.press([.enter], &state) == [.fetch(url: "https://a.test/")])
    navigator.press([.left], &state)
    // Back on the page where it was left: the same scroll and link.
    #expect(state.top.focusedLink == 1)
    #expect(state.top.scroll == scroll)
  }

  @Test func slashSearchesThePageAndNFindsTheNextMatch() {
    var state = start(rows: 8)
    navigator.press([.down, .enter, .enter], &state)
    let html = (1...30).map { "<p>段\($0)\($0 % 10 == 0 ? " 目标" : "")</p>" }.joined()
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, content(html, url: guangzhou)))
    // While the query is typed, letters that are keys on a page (g, n, l) are text.
    navigator.press([.character("/")] + typing("目标"), &state)
    #expect(state.top.editor?.text == "目标")
    #expect(state.top.scroll == 0)
    navigator.press([.enter], &state)
    let lines = navigator.pageSections(state).scrolled
    /// The line found, which must be in the window.
    func found() -> String {
      guard let line = state.top.matchLine,
        (state.top.scroll..<state.top.scroll + state.contentRows).contains(line)
      else { return "" }
      return lines[line]
    }
    #expect(found().contains("段10 目标"))
    #expect(state.message == "Match 1 of 3.")
    navigator.press([.character("n"), .character("n")], &state)
    #expect(found().contains("段30 目标"))
    navigator.press([.character("n")], &state)
    #expect(found().contains("段10 目标"))
    #expect(state.message == "Search went on from the top.")
    navigator.press([.character("N")], &state)
    #expect(found().contains("段30 目标"))
    navigator.press([.character("/"), .character("x"), .escape], &state)
    #expect(state.top.editor == nil)
    #expect(state.stack.count == 3)
  }

  @Test func theHelpScrollsAndAnyOtherKeyClosesIt() {
    var state = start(columns: 20, rows: 5)
    navigator.press([.character("?"), .down, .down, .pageDown], &state)
    #expect(state.showingHelp)
    #expect(state.helpScroll == 5)
    navigator.press([.end], &state)
    #expect(state.helpScroll == CommandTable.keyHelp.count - 3)
    navigator.press([.character("x")], &state)
    #expect(!state.showingHelp)
    #expect(state.helpScroll == 0)
  }

  @Test func qIsTextOnEveryMenuFreshOrReturnedTo() {
    var state = start()
    navigator.press([.enter], &state)
    navigator.press([.character("q")], &state)
    #expect(state.top.editor?.text == "q")
    #expect(state.stack.count == 2)
    navigator.press([.left], &state)
    #expect(state.stack.count == 1)
    #expect(navigator.press([.character("q")], &state) == [.render])
    #expect(state.top.editor?.text == "q")
    // Esc clears the filter, then leaves.
    #expect(navigator.press([.escape], &state) == [.render])
    #expect(state.top.editor == nil)
    #expect(navigator.press([.escape], &state) == [.exit(.success)])
  }

  @Test func qBacksOutOfAPageEscUnwindsEveryScreenAndCtrlCLeavesAtOnce() {
    var state = start()
    navigator.press([.enter, .enter], &state)
    let url = navigator.pageURL(of: state.top) ?? ""
    #expect(navigator.press([.character("q")], &state) == [.cancel(url: url)])
    // On the menu q is text; Esc clears it, then backs out, then leaves.
    navigator.press([.character("q")], &state)
    #expect(state.top.editor?.text == "q")
    #expect(state.stack.count == 2)
    #expect(navigator.press([.escape, .escape], &state) == [.render, .render])
    #expect(state.stack.count == 1)
    #expect(navigator.press([.escape], &state) == [.exit(.success)])
    navigator.press([.enter], &state)
    #expect(navigator.press([.control("c")], &state) == [.exit(.interrupted)])
    #expect(navigator.press([.control("z")], &state) == [.suspend])
  }

  @Test func theWheelScrollsAndAClickSelectsThenOpens() {
    var state = start()
    navigator.press([.mouse(MouseEvent(.wheelDown, column: 1, row: 1))], &state)
    #expect(state.top.selection == 3)
    navigator.press([.mouse(MouseEvent(.press(.left), column: 3, row: 2))], &state)
    #expect(state.top.selection == 1)
    navigator.press([.mouse(MouseEvent(.press(.left), column: 3, row: 2))], &state)
    #expect(state.top.kind == .cities(province: 1, guangdongCities))
  }
}
