import FetchModel
import Foundation
import TerminalUI
import TestFixtures
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
    navigator.press(keys, &state) {
      _ = FullScreenRenderer.frame($0, navigator: navigator, palette: palette)
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
      viewport: Viewport(columns: 40, rows: 12), policy: .fullScreen)
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
      press([.character("t"), .down, .enter, .left, .character("t"), .escape], &state)
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
        if case .fetch(let url, _) = effect { return url }
        return nil
      }.first)
    _ = navigator.update(&state, .pageLoaded(url: other, longPage(other, width: 40)))
    let one = LayoutCounter()
    _ = LayoutCounter.$current.withValue(one) { longPage(other, width: 60) }

    let counter = LayoutCounter()
    let resized = LayoutCounter.$current.withValue(counter) {
      navigator.update(&state, .resize(Viewport(columns: 60, rows: 12)))
    }
    // Nothing is laid out on the UI thread: the layout is asked for, the old one shown.
    #expect(counter.count == 0)
    guard case .layOut(let asked, let newWidth, let newView) = resized,
      case .loaded(let current) = state.pages[asked]
    else {
      Issue.record("the resize asked for no layout: \(resized)")
      return
    }
    #expect(asked == other)
    #expect(current.width == 40)
    // The shell lays it out (off the UI thread) and hands it back.
    LayoutCounter.$current.withValue(counter) {
      let laid = current.layout(width: newWidth, view: newView)
      _ = navigator.update(&state, .pageLaidOut(url: asked, laid))
    }
    #expect(counter.count == one.count)
    guard case .loaded(let resizedPage) = state.pages[other] else {
      Issue.record("the page on screen is gone")
      return
    }
    #expect(resizedPage.width == 60)
    guard case .loaded(let below) = state.pages[guangzhou] else {
      Issue.record("the first page is gone")
      return
    }
    #expect(below.width == 40)
    // Back, the page is laid out off the UI thread (the old layout shown until then).
    let back = LayoutCounter.$current.withValue(counter) { press([.left], &state) }
    #expect(counter.count == one.count)
    guard case .layOut(let url, let width, let view)? = back.first,
      case .loaded(let old) = state.pages[url]
    else {
      Issue.record("back asked for no layout: \(back)")
      return
    }
    LayoutCounter.$current.withValue(counter) {
      _ = navigator.update(&state, .pageLaidOut(url: url, old.relaidOut(width: width, view: view)))
    }
    #expect(counter.count == 2 * one.count)
    guard case .loaded(let shown) = state.pages[guangzhou] else {
      Issue.record("the first page is gone")
      return
    }
    #expect(shown.width == 60)
  }
}

/// Memory is bounded: the documents and layouts of the last few pages are kept, and the
/// pages before them keep their bytes and are read again when shown.
@Suite struct PageMemoryTests {
  let navigator = Navigator(
    catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
  let guangzhou = "https://zh.wikipedia.org/wiki/广州市"

  func page(_ url: String, next: String) -> PageContent {
    let address = URL(string: URLText.ascii(url)) ?? URL(fileURLWithPath: "/")
    let html = "<title>\(url)</title><p>页 <a href=\"\(next)\">下一页</a></p>"
    let fetched = FetchedPage(
      requestedURL: address, finalURL: address, status: 200, reason: "OK",
      headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(html.utf8))
    return PageContent(fetched, width: 40)
  }

  /// Performs a `.layOut` as the shell does (there off the UI thread) and hands the
  /// layout back.
  func layOut(_ effect: NavigationEffect, _ state: inout NavigationState) {
    guard case .layOut(let url, let width, let view) = effect,
      case .loaded(let content) = state.pages[url]
    else { return }
    _ = navigator.update(&state, .pageLaidOut(url: url, content.layout(width: width, view: view)))
  }

  func laidOut(_ state: NavigationState) -> [String] {
    state.pages.compactMap { url, page in
      if case .loaded(let content) = page, content.document != nil { return url }
      return nil
    }
  }

  @Test func fiftyPagesKeepTheLastFewLaidOutAndTheOthersComeBackWhenShown() throws {
    var state = navigator.start(
      viewport: Viewport(columns: 40, rows: 12), policy: .fullScreen)
    navigator.press([.down, .enter, .enter], &state)
    var url = guangzhou
    var text: [String: TextLines] = [:]
    for number in 1...50 {
      let next = "https://a.test/\(number)"
      _ = navigator.update(&state, .pageLoaded(url: url, page(url, next: next)))
      text[url] = navigator.pageSections(state).body
      _ = navigator.update(&state, .nextLink)
      #expect(navigator.update(&state, .choose) == .fetch(url: next))
      url = next
    }
    _ = navigator.update(&state, .pageLoaded(url: url, page(url, next: guangzhou)))
    #expect(state.pages.count == 51)
    #expect(laidOut(state).count == Navigator.laidOutPages)
    #expect(Set(laidOut(state)) == Set(state.recentPages))
    // Back to a page released long ago: read again, the same lines as when first shown.
    #expect(!laidOut(state).contains("https://a.test/40"))
    var effect = NavigationEffect.render
    for step in 1...10 {
      if step > 1 { layOut(effect, &state) }
      effect = navigator.update(&state, .back)
    }
    let shown = try #require(navigator.pageURL(of: state.top))
    #expect(shown == "https://a.test/40")
    // Not read again on the UI thread: asked for, the status bar saying so until it comes.
    #expect(effect == .layOut(url: shown, width: 40, view: .reader))
    #expect(!laidOut(state).contains(shown))
    #expect(
      FullScreenRenderer.counter(state, navigator: navigator) == "laying out…")
    layOut(effect, &state)
    #expect(navigator.pageSections(state).body == text[shown])
    #expect(laidOut(state).count == Navigator.laidOutPages)
    #expect(laidOut(state).contains(shown))
  }
}

/// A resize on a long page, full screen: the screen answers at once with the lines it
/// shows laid out for the new width (a window of the page), and the whole page, laid out
/// off the UI thread (`.layOut`), then takes its place at the same text.
@Suite struct BackgroundLayoutTests {
  let navigator = Navigator(
    catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
  let guangzhou = "https://zh.wikipedia.org/wiki/广州市"

  func longPage(width: Int) -> PageContent {
    let text = (1...4000).map { "<p>第\($0)段 这一段的文字足够长，可以在窄的窗口里折成好几行。</p>" }.joined()
    let address = URL(string: URLText.ascii(guangzhou)) ?? URL(fileURLWithPath: "/")
    let page = FetchedPage(
      requestedURL: address, finalURL: address, status: 200, reason: "OK",
      headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(text.utf8))
    return PageContent(page, width: width, view: .fullPage)
  }

  func opened(_ content: PageContent) -> NavigationState {
    var state = navigator.start(
      viewport: Viewport(columns: 60, rows: 12), policy: .fullScreen)
    navigator.press([.down, .enter, .enter], &state)
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, content))
    return state
  }

  /// The page as the state holds it; a test fails where it is not loaded.
  func shown(_ state: NavigationState) throws -> PageContent {
    guard case .loaded(let content) = state.pages[guangzhou] else { throw PageNotLoaded() }
    return content
  }

  struct PageNotLoaded: Error {}

  /// The paragraph's number (`第1234段`) the top line of the window is in: the lines of
  /// one paragraph after its first do not name it, so the one above is looked for.
  func paragraph(atTopOf state: NavigationState) -> String? {
    let sections = navigator.pageSections(state)
    for line in stride(from: state.top.scroll, through: 0, by: -1) {
      let text = sections.line(line)
      if let end = text.firstIndex(of: "段"), text.hasPrefix("第") {
        return String(text[...end])
      }
    }
    return nil
  }

  @Test func aResizeOnALongPageShowsItsWindowAtOnceAndTheWholePageWhenItComes() throws {
    let content = longPage(width: 60)
    #expect(content.size >= Navigator.backgroundLayoutBytes)
    var state = opened(content)
    _ = navigator.update(&state, .move(2000))
    let top = try #require(paragraph(atTopOf: state))
    let counter = LayoutCounter()
    let effect = LayoutCounter.$current.withValue(counter) {
      navigator.update(&state, .resize(Viewport(columns: 30, rows: 12)))
    }
    #expect(effect == .layOut(url: guangzhou, width: 30, view: .fullPage))
    // No layout of the page: a window of a few screens, at the same paragraph.
    #expect(counter.count == 0)
    let window = try shown(state)
    #expect(window.isWindow && window.width == 30)
    #expect(window.rendered.map(\.lines.count) ?? 0 < 3 * 12 + 10)
    #expect(window.rendered?.lines.allSatisfy { TerminalText.width($0) <= 30 } == true)
    #expect(paragraph(atTopOf: state) == top)
    #expect(FullScreenRenderer.counter(state, navigator: navigator) == "laying out…")
    // What the shell does off the UI thread, then reports.
    _ = navigator.update(&state, .pageLaidOut(url: guangzhou, window.relaidOut(width: 30)))
    let whole = try shown(state)
    #expect(!whole.isWindow && whole.width == 30)
    #expect(paragraph(atTopOf: state) == top)
    #expect(
      FullScreenRenderer.counter(state, navigator: navigator).hasSuffix(
        "/ \(navigator.pageSections(state).count)"))
  }

  /// At the top of a long page (the facts in view, no line of the page's own to anchor
  /// to), a resize shows a window too, so that the old lines are let go of at once and
  /// not held beside the new ones while the whole page is laid out.
  @Test func aResizeAtTheTopOfALongPageShowsAWindowFromItsFirstLine() throws {
    let text = (1...4000).map { "<p>第\($0)段 这一段的文字足够长，可以在窄的窗口里折成好几行。</p>" }
    let page = htmlPage("<title>长页</title>" + text.joined(), url: guangzhou)
    var state = opened(PageContent(page, width: 60, view: .fullPage))
    #expect(state.top.scroll == 0)
    let before = navigator.pageSections(state)
    let effect = navigator.update(&state, .resize(Viewport(columns: 30, rows: 12)))
    #expect(effect == .layOut(url: guangzhou, width: 30, view: .fullPage))
    let window = try shown(state)
    #expect(window.isWindow && window.width == 30)
    #expect(window.rendered.map(\.lines.count) ?? 0 < 3 * 12 + 10)
    #expect(state.top.scroll == 0)
    // The facts and the title, then the page from its first paragraph.
    let after = navigator.pageSections(state)
    #expect(after.header == before.header)
    let start = try #require(after.pageStart)
    let startBefore = try #require(before.pageStart)
    #expect(Array(after.scrolled[..<start]) == Array(before.scrolled[..<startBefore]))
    #expect(after.line(start - 2) == "长页")
    #expect(after.line(start).hasPrefix("第1段"))
    _ = navigator.update(&state, .pageLaidOut(url: guangzhou, window.relaidOut(width: 30)))
    #expect(try !shown(state).isWindow)
    #expect(state.top.scroll == 0)
  }

  @Test func keysAndAnotherResizeOnAWindowKeepToTheText() throws {
    var state = opened(longPage(width: 60))
    _ = navigator.update(&state, .move(1500))
    _ = navigator.update(&state, .resize(Viewport(columns: 30, rows: 12)))
    _ = navigator.update(&state, .move(3))
    let moved = try #require(paragraph(atTopOf: state))
    // A second resize before the first layout came: a window again, from the window.
    let effect = navigator.update(&state, .resize(Viewport(columns: 50, rows: 12)))
    #expect(effect == .layOut(url: guangzhou, width: 50, view: .fullPage))
    let window = try shown(state)
    #expect(window.isWindow && window.width == 50)
    #expect(paragraph(atTopOf: state) == moved)
    // The layout for a width the window no longer has is dropped; the one for it is kept.
    _ = navigator.update(&state, .pageLaidOut(url: guangzhou, longPage(width: 30)))
    #expect(try shown(state).isWindow)
    _ = navigator.update(&state, .pageLaidOut(url: guangzhou, window.relaidOut(width: 50)))
    #expect(try !shown(state).isWindow)
    #expect(paragraph(atTopOf: state) == moved)
  }

  @Test func aLongPageOfPlainTextHasAWindowToo() throws {
    let lines = (1...6000).map { "第\($0)段 plain text, one line of the source each." }
    let address = URL(string: URLText.ascii(guangzhou)) ?? URL(fileURLWithPath: "/")
    let page = FetchedPage(
      requestedURL: address, finalURL: address, status: 200, reason: "OK",
      headers: ["Content-Type": "text/plain; charset=utf-8"],
      body: Data(lines.joined(separator: "\n").utf8))
    var state = opened(PageContent(page, width: 60, view: .fullPage))
    _ = navigator.update(&state, .move(4000))
    let top = try #require(paragraph(atTopOf: state))
    _ = navigator.update(&state, .resize(Viewport(columns: 30, rows: 12)))
    #expect(try shown(state).isWindow)
    #expect(paragraph(atTopOf: state) == top)
  }
}

/// `t`: the page's headings as a small list of their own, from the model's side table.
@Suite struct PageHeadingsListTests {
  let navigator = Navigator(
    catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
  let guangzhou = "https://zh.wikipedia.org/wiki/广州市"

  func opened() -> NavigationState {
    var state = navigator.start(
      viewport: Viewport(columns: 40, rows: 12), policy: .fullScreen)
    navigator.press([.down, .enter, .enter], &state)
    let body = (1...5).map { section in
      "<h2>第\(section)节</h2>" + (1...20).map { "<p>第\(section)节的第\($0)段</p>" }.joined()
        + "<h3>小节\(section)</h3><p>小节的文字</p><h4>不列出\(section)</h4>"
    }.joined()
    let address = URL(string: URLText.ascii(guangzhou)) ?? URL(fileURLWithPath: "/")
    let page = FetchedPage(
      requestedURL: address, finalURL: address, status: 200, reason: "OK",
      headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(body.utf8))
    _ = navigator.update(
      &state, .pageLoaded(url: guangzhou, PageContent(page, width: 40, view: .fullPage)))
    return state
  }

  @Test func tListsTheHeadingsAndEnterGoesToTheOneChosen() {
    var state = opened()
    navigator.press([.character("t")], &state)
    #expect(state.top.showingHeadings)
    let list = navigator.pageSections(state).body
    #expect(list.count == 10)
    #expect(list.first == "    第1节")
    #expect(list[1] == "      小节1")
    #expect(!list.contains { $0.contains("不列出") })
    navigator.press([.down, .down, .enter], &state)
    #expect(!state.top.showingHeadings)
    #expect(navigator.pageSections(state).line(state.top.scroll) == "## 第2节")
    // The list opens on the section being read; back returns to where it was opened.
    navigator.press([.down, .character("t")], &state)
    #expect(state.top.focusedHeading == 2)
    navigator.press([.escape, .left], &state)
    #expect(state.top.scroll == 0)
  }

  @Test func escQAndLeftCloseTheListNotThePage() {
    var state = opened()
    _ = navigator.update(&state, .move(5))
    for key in [Key.escape, .character("q"), .left] {
      navigator.press([.character("t")], &state)
      #expect(state.top.showingHeadings)
      navigator.press([key], &state)
      #expect(!state.top.showingHeadings)
      #expect(state.stack.count == 3)
      #expect(state.top.scroll == 5)
    }
  }
}

/// The core decides how a session is drawn and what it exits with; the shell performs.
@Suite struct SessionDecisionTests {
  @Test func fullScreenOnlyWithATerminalThatCanAndNoLineModeAsked() {
    #expect(
      Navigator.presentation(linesAsked: false, term: "xterm", hasTerminal: true) == .fullScreen)
    #expect(Navigator.presentation(linesAsked: true, term: "xterm", hasTerminal: true) == .lines)
    #expect(Navigator.presentation(linesAsked: false, term: "dumb", hasTerminal: true) == .lines)
    #expect(Navigator.presentation(linesAsked: false, term: nil, hasTerminal: true) == .lines)
    #expect(Navigator.presentation(linesAsked: false, term: "xterm", hasTerminal: false) == .lines)
  }

  @Test func pickingNothingIsAFailureAndBrowsingIsNot() {
    let catalog = SampleCatalog.catalog
    let pick = Navigator(catalog: catalog, matcher: Matcher(catalog: catalog), mode: .pick)
    let browse = Navigator(catalog: catalog, matcher: Matcher(catalog: catalog))
    #expect(pick.exitCode(.success) == .failure)
    #expect(pick.exitCode(.interrupted) == .interrupted)
    #expect(browse.exitCode(.success) == .success)
  }
}
