import Foundation
import TerminalUI
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

/// Links on the full-screen page as the reader placed them: Tab and the highlight follow
/// `RenderedPage.placements`, in-page links jump to `RenderedPage.anchors`.
@Suite struct PageLinkPlacementTests {
  let navigator = Navigator(
    catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
  let guangzhou = "https://zh.wikipedia.org/wiki/广州市"

  /// 广州市's page loaded from `html` in a `columns`-wide full screen.
  func page(_ html: String, columns: Int = 40, rows: Int = 8) -> NavigationState {
    var state = navigator.start(
      viewport: Viewport(columns: columns, rows: rows), policy: .fullScreen)
    _ = navigator.update(&state, .select(2))
    _ = navigator.update(&state, .select(1))
    let fetched = htmlPage(html, url: guangzhou)
    let content = PageContent(fetched, width: columns, view: .fullPage)
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, content))
    return state
  }

  let filler = (1...20).map { "<p>段\($0)</p>" }.joined()

  @Test func inPageLinksJumpToIdsOfHeadingsParagraphsAndNamedAnchors() {
    let html =
      "<p><a href=\"#h\">到标题</a> <a href=\"#p\">到段落</a> <a href=\"#n\">到锚</a>"
      + " <a href=\"#无\">无处</a></p>\(filler)<h2 id=\"h\">标题甲</h2>\(filler)"
      + "<p id=\"p\">段落乙</p>\(filler)<p><a name=\"n\"></a>锚点丙</p>\(filler)"
    var state = page(html)
    let lines = navigator.pageSections(state).scrolled
    for (tabs, wanted) in [(1, "标题甲"), (2, "段落乙"), (3, "锚点丙")] {
      navigator.press([.character("g")] + Array(repeating: .tab, count: tabs) + [.enter], &state)
      #expect(state.stack.count == 3, "followed in the page, not fetched")
      #expect(lines[state.top.scroll].contains(wanted), "link \(tabs) lands on \(wanted)")
    }
    navigator.press([.character("g"), .tab, .tab, .tab, .tab, .enter], &state)
    #expect(state.message == "No #无 on this page.")
    #expect(state.stack.count == 3)
  }

  @Test func aLinkInTheListJumpsToItsAnchorInTheText() {
    var state = page("<p><a href=\"#p\">到段落</a></p>\(filler)<p id=\"p\">段落乙</p>\(filler)")
    navigator.press([.character("l"), .down, .enter], &state)
    #expect(!state.top.showingLinks)
    #expect(navigator.pageSections(state).scrolled[state.top.scroll].contains("段落乙"))
  }

  @Test func aLinkWrappedOntoTwoLinesIsHighlightedOnBothWithItsMark() throws {
    let text = "甲乙丙丁戊己庚辛壬癸子丑"
    var state = page("<p>前文 <a href=\"https://a.test/x\">\(text)</a> 后文</p>", columns: 20, rows: 20)
    let sections = navigator.pageSections(state)
    guard case .loaded(let content) = state.pages[guangzhou] else {
      Issue.record("the page is not loaded")
      return
    }
    let positions = PageLinks.positions(of: content, in: sections)
    try #require(positions.count == 1)
    let lines = Set(positions[0].spans.map(\.line))
    #expect(lines.count == 2, "the text covers two lines, the mark is on the second")

    let palette = FullScreenRenderer.Palette(colors: false)
    /// The characters drawn in `style` on screen, in reading order.
    func drawn(in style: Style) -> String {
      let frame = FullScreenRenderer.frame(state, navigator: navigator, palette: palette)
      var out = ""
      for row in 0..<state.contentRows {
        for column in 0..<frame.columns where frame[row, column].style == style {
          out += frame[row, column].text
        }
      }
      return out
    }
    let underlined = Style(underline: true)
    #expect(drawn(in: underlined) == text + "[1]")
    navigator.press([.tab], &state)
    #expect(state.top.focusedLink == 0)
    #expect(drawn(in: Style(reverse: true)).hasPrefix(text + "[1]"))
    #expect(drawn(in: underlined) == "")
  }

  @Test func theReferencesListIsNotTakenForLinksInTheText() {
    var state = page("<p>只有文字</p><p><a href=\"https://a.test/\">外</a></p>")
    navigator.press([.tab, .tab], &state)
    #expect(state.top.focusedLink == 0)
    guard case .loaded(let content) = state.pages[guangzhou] else { return }
    // The text has one occurrence; the `[1]` of the References list below is not one.
    #expect(PageLinks.positions(of: content, in: navigator.pageSections(state)).count == 1)
  }

  static let listed =
    "<p><a href=\"https://a.test/wiki/历史\">历史</a>"
    + " <a href=\"https://b.test/x\">a link whose text is far too long for one line</a></p>"

  @Test func theListShowsTextAndBothURLsAndTheFocusCoversAWholeEntry() {
    var state = page(Self.listed, columns: 50, rows: 20)
    navigator.press([.character("l"), .down, .down], &state)
    #expect(state.top.focusedLink == 1)
    let frame = FullScreenRenderer.frame(
      state, navigator: navigator, palette: FullScreenRenderer.Palette(colors: false))
    let rows = (0..<state.contentRows).map { frame.text(row: $0) }
    let text = rows.map { $0.trimmingCharacters(in: .whitespaces) }
    // Link 1: its text, the URL as read, the URL to paste (percent-encoded).
    #expect(text.contains("[1] 历史 — https://a.test/wiki/历史"))
    #expect(text.contains("https://a.test/wiki/%E5%8E%86%E5%8F%B2"))
    let lit = (0..<state.contentRows).filter { frame[$0, 0].style == Style(reverse: true) }
      .map { text[$0] }
    #expect(lit.first?.hasPrefix("[2] a link whose") == true)
    #expect(lit.joined(separator: " ").contains("too long for one line"))
    #expect(lit.last == "https://b.test/x")
    #expect(!lit.contains { $0.contains("历史") })
    // Enter follows the focused link: the second, not the line under the first.
    #expect(navigator.update(&state, .choose) == .fetch(url: "https://b.test/x"))
  }

  @Test func theLineModeListShowsTheSameEntries() {
    var state = navigator.start(viewport: Viewport(columns: 50, rows: 40))
    _ = navigator.update(&state, .select(2))
    _ = navigator.update(&state, .select(1))
    let fetched = htmlPage(Self.listed, url: guangzhou)
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, PageContent(fetched, width: 50)))
    _ = navigator.update(&state, .filter("l"))
    let screen = ScreenRenderer.render(state, navigator: navigator, style: .plain)
    #expect(screen.contains("  [1] 历史 — https://a.test/wiki/历史"))
    #expect(screen.contains("      https://a.test/wiki/%E5%8E%86%E5%8F%B2"))
    #expect(screen.contains { $0.hasPrefix("  [2] a link whose") })
    #expect(screen.contains("      https://b.test/x"))
  }

  @Test func inLineModeTheNumberOfAnInPageLinkTurnsToThePageOfItsAnchor() {
    var state = navigator.start(viewport: Viewport(columns: 40, rows: 16))
    _ = navigator.update(&state, .select(2))
    _ = navigator.update(&state, .select(1))
    let html = "<p><a href=\"#p\">到段落</a></p>\(filler)<p id=\"p\">段落乙</p>\(filler)"
    let fetched = htmlPage(html, url: guangzhou)
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, PageContent(fetched, width: 40)))
    #expect(!ScreenRenderer.render(state, navigator: navigator, style: .plain).contains("段落乙"))
    #expect(navigator.update(&state, .select(1)) == .render)
    #expect(state.stack.count == 3)
    #expect(state.top.page > 0)
    #expect(ScreenRenderer.render(state, navigator: navigator, style: .plain).contains("段落乙"))
  }
}
