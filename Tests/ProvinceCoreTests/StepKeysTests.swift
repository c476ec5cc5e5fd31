import FetchModel
import Foundation
import TerminalUI
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

/// One rule for q, Esc and ← (the `StepKeys` table): on every screen, fresh or returned to, filter
/// restored or not, a division's pinyin filters; Esc pressed again and again unwinds to
/// the top and leaves; what the key map does is what the table says and the hint names.
@Suite struct StepKeysTests {
  let navigator = Navigator(
    catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
  let guangzhou = "https://zh.wikipedia.org/wiki/广州市"

  func typing(_ text: String) -> [Key] { text.map(Key.character) }

  func start() -> NavigationState {
    navigator.start(viewport: Viewport(columns: 60, rows: 12), policy: .fullScreen)
  }

  /// 广州's page, loaded, with two links and enough lines to scroll.
  func onPage() -> NavigationState {
    var state = start()
    navigator.press([.down, .enter, .enter], &state)
    let body =
      "<p><a href=\"https://a.test/1\">一</a> <a href=\"https://a.test/2\">二</a></p>"
      + (1...40).map { "<p>第\($0)段</p>" }.joined()
    let address = URL(string: URLText.ascii(guangzhou)) ?? URL(fileURLWithPath: "/")
    let page = FetchedPage(
      requestedURL: address, finalURL: address, status: 200, reason: "OK",
      headers: ["Content-Type": "text/html; charset=utf-8"],
      body: Data(("<html><body>" + body + "</body></html>").utf8))
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, PageContent(page, width: 60)))
    return state
  }

  /// Every kind of menu: fresh at the top, fresh below it, returned to with its filter
  /// restored, returned to without one, and the search of every city.
  func menus() -> [(String, NavigationState)] {
    let fresh = start()
    var below = start()
    navigator.press([.down, .enter], &below)
    var restored = start()
    navigator.press(typing("gd") + [.enter, .left], &restored)
    var returned = start()
    navigator.press([.down, .enter, .enter, .left], &returned)
    var search = start()
    navigator.press([.character("/")], &search)
    return [
      ("fresh", fresh), ("below", below), ("restored", restored), ("returned", returned),
      ("search", search),
    ]
  }

  @Test(arguments: ["qinghai", "jiangsu", "kunming", "kashi", "qingyuan"])
  func aDivisionsPinyinFiltersOnEveryMenuAndNeverBacksOut(word: String) {
    for (name, menu) in menus() {
      var state = menu
      let depth = state.stack.count
      // A filter restored by going back is selected: the word replaces it (#47).
      let before = state.top.filterSelected ? "" : state.top.editor?.text ?? ""
      let effects = navigator.press(typing(word), &state)
      #expect(!effects.contains { if case .exit = $0 { true } else { false } }, "\(name)")
      #expect(state.stack.count == depth, "\(name)")
      #expect(state.top.editor?.text == before + word, "\(name)")
    }
  }

  @Test func escPressedAgainAndAgainUnwindsEveryScreenAndLeavesWithSuccess() {
    var page = onPage()
    navigator.press([.character("/")] + typing("第3段") + [.enter], &page)
    var list = onPage()
    navigator.press([.character("l")], &list)
    var headings = onPage()
    navigator.press([.character("t")], &headings)
    let screens = menus() + [("page", onPage()), ("match", page), ("list", list)]
    for (name, screen) in screens + [("headings", headings)] {
      var state = screen
      var last: NavigationEffect?
      for _ in 0..<12 {
        last = navigator.press([.escape], &state).last
        if case .exit = last { break }
      }
      #expect(last == .exit(.success), "\(name)")
    }
  }

  /// The key map does what the table says, and the hint line names what it does.
  @Test func theKeyMapAndTheHintLineFollowTheTable() {
    var list = onPage()
    navigator.press([.character("l")], &list)
    var filtered = start()
    navigator.press(typing("gd"), &filtered)
    let states = menus() + [("page", onPage()), ("list", list), ("filtered", filtered)]
    for (name, state) in states {
      let situation = StepKeys.situation(state)
      let hint = FullScreenRenderer.hintContext(state, navigator: navigator)
      let line = CommandTable.hintLine(hint, width: 200) + FullScreenRenderer.editorNote(state)
      for key in StepKeys.StepKey.allCases {
        let command = KeyMap.command(for: key.key, in: state, navigator: navigator)
        switch StepKeys.action(key, in: situation) {
        case .text:
          #expect(command == .edit(key.key), "\(name) \(key)")
        case .leave:
          #expect(command == (key == .escape ? .escape : .quit), "\(name) \(key)")
          #expect(line.contains(key.label) && line.contains("quit"), "\(name): \(line)")
        case .some(let action):
          #expect(command == (key == .escape ? .escape : .back), "\(name) \(key)")
          #expect(line.contains(key.label), "\(name) \(key): \(line)")
          #expect(line.contains(action == .clear ? "clear" : action == .back ? "back" : "close"))
        case nil:
          #expect(command == nil, "\(name) \(key)")
        }
      }
    }
  }

  @Test func theHelpScreensSayWhatTheTableSays() {
    let keys = CommandTable.unwrapped(CommandTable.keyHelp)
    for key in StepKeys.StepKey.allCases {
      #expect(keys.contains(StepKeys.help(key)), "\(key)")
      #expect(HelpText.help.contains(key.label), "\(key)")
    }
    #expect(
      StepKeys.help(.q) == "menu: filter text; page: back one step, else quit; list: close the list"
    )
    #expect(
      StepKeys.help(.escape)
        == "menu, page: clear what is typed or found, else back one step, else quit; "
        + "list: clear what is typed or found, else close the list")
    #expect(StepKeys.help(.left) == "menu, page: back one step; list: close the list")
  }

  /// Back to a page laid out for another width (the window was resized while it was
  /// away): full screen, its layout is asked for off the UI thread, the old one shown
  /// until it comes.
  @Test func backToAPageOfAnotherWidthLaysItOutOffTheUIThread() {
    var state = onPage()
    navigator.press([.character("1"), .enter], &state)
    let linked = "https://a.test/1"
    let address = URL(string: linked) ?? URL(fileURLWithPath: "/")
    let page = FetchedPage(
      requestedURL: address, finalURL: address, status: 200, reason: "OK",
      headers: ["Content-Type": "text/html; charset=utf-8"],
      body: Data("<html><body><p>链接的页</p></body></html>".utf8))
    _ = navigator.update(&state, .pageLoaded(url: linked, PageContent(page, width: 60)))
    _ = navigator.update(&state, .resize(Viewport(columns: 50, rows: 12)))
    #expect(navigator.press([.left], &state) == [.layOut(url: guangzhou, width: 50, view: .reader)])
    guard case .loaded(let shown) = state.pages[guangzhou] else {
      Issue.record("the page is not loaded")
      return
    }
    #expect(shown.width == 60)
    let laid = shown.relaidOut(width: 50)
    #expect(navigator.update(&state, .pageLaidOut(url: guangzhou, laid)) == .render)
    guard case .loaded(let now) = state.pages[guangzhou] else { return }
    #expect(now.width == 50)
  }
}
