import TerminalUI
import Testing
import TextSupport

@testable import CatalogModel
@testable import ProvinceCore

/// A name of 20 MB in a data file costs the full screen what a line costs: everything a
/// frame makes of a name (its label, reading, path crumb, preview title, page facts) is
/// made from as much of it as a line shows, so the work and memory of a key do not grow
/// with the name. Before, each key sanitised, measured and derived the pinyin of the
/// whole name: 886 MB at its peak and up to 1.8 s a key.
@Suite struct HugeNameFrameTests {
  /// Eleven ideographs, over and over: 20 MB of name.
  static let run = "东西南北中山水江河湖海"
  static let huge = String(repeating: run, count: 20 * 1024 * 1024 / (3 * 11))

  /// The most bytes any text made of one name for one frame may have: a line's worth of
  /// cells (`TextCut.lineCells`) at 16 bytes a cell, with room for a reading's letters.
  static let bound = 64 * 1024

  static func catalog(_ name: String) -> Catalog {
    Catalog(provinces: [
      Province(
        name: "广东省",
        cities: [
          City(name: "广州市", url: "https://a.test/gz"), City(name: name, url: "https://a.test/h"),
          City(name: "珠海市", url: "https://a.test/zh"),
        ])
    ])
  }

  let palette = FullScreenRenderer.Palette(colors: false)

  /// The province's cities at 160 × 40 (the preview pane shown), the huge one selected.
  func selected(_ name: String) -> (Navigator, NavigationState) {
    let catalog = Self.catalog(name)
    let navigator = Navigator(catalog: catalog, matcher: Matcher(catalog: catalog))
    var state = navigator.start(
      viewport: Viewport(columns: 160, rows: 40), policy: .fullScreen)
    navigator.press([.enter, .down], &state)
    return (navigator, state)
  }

  @Test func everyTextAFrameMakesOfAHugeNameIsBoundedByALine() throws {
    #expect(Self.huge.utf8.count > 20_000_000)
    let (navigator, menu) = selected(Self.huge)
    // The fixture holds: the huge city is the one selected.
    #expect(navigator.catalog[CityRef(province: 0, city: 1)].name.utf8.count > 20_000_000)
    #expect(menu.top.selection == 1)
    let label = navigator.label(for: menu.top, at: 1)
    #expect(label.hasPrefix(Self.run + Self.run))
    #expect(label.utf8.count <= Self.bound)
    #expect(navigator.name(for: menu.top, at: 1).utf8.count <= Self.bound)
    #expect(navigator.details(for: menu.top, at: 1).allSatisfy { $0.utf8.count <= Self.bound })
    let reading = navigator.matcher.pinyin(of: CityRef(province: 0, city: 1))
    #expect(reading.hasPrefix("dong xi nan bei zhong shan shui jiang he hu hai"))
    #expect(reading.utf8.count <= Self.bound)
    let preview = try #require(navigator.preview(for: menu.top, at: 1))
    #expect(preview.title.utf8.count <= Self.bound)
    #expect(preview.facts.allSatisfy { $0.value.utf8.count <= Self.bound })
    var page = menu
    navigator.press([.enter], &page)
    guard case .detail = page.top.kind else {
      Issue.record("Enter did not open the city's page")
      return
    }
    #expect(ScreenRenderer.path(page, navigator: navigator).utf8.count <= Self.bound)
    let sections = navigator.pageSections(page)
    #expect(sections.header.allSatisfy { $0.utf8.count <= Self.bound })
  }

  @Test func theFrameShowsTheNamesHeadAndNothingOfItsTail() {
    let (navigator, menu) = selected(Self.huge)
    let drawn = FullScreenRenderer.frame(
      menu, navigator: navigator, palette: palette, panes: PaneStore())
    // The list's row: the number, then as many ideographs as the list's 96 columns hold.
    #expect(drawn.text(row: 1).hasPrefix(" 2 " + String(Self.huge.prefix(40))))
    // The pane's title, from column 98, cut with an ellipsis.
    let title = (98..<160).map { drawn[0, $0].text }.joined()
    #expect(title.hasPrefix(String(Self.huge.prefix(20))) && title.contains("…"), "\(title)")
    // A name cut at 64 KB draws the same frame, on the list and on the page: nothing
    // past what a line shows is read.
    let cut = String(Self.huge.prefix(64 * 1024 / 3))
    let (cutNavigator, cutMenu) = selected(cut)
    let cutDrawn = FullScreenRenderer.frame(
      cutMenu, navigator: cutNavigator, palette: palette, panes: PaneStore())
    #expect((0..<drawn.rows).allSatisfy { drawn.text(row: $0) == cutDrawn.text(row: $0) })
    var page = menu
    navigator.press([.enter], &page)
    var cutPage = cutMenu
    cutNavigator.press([.enter], &cutPage)
    let onPage = FullScreenRenderer.frame(page, navigator: navigator, palette: palette)
    let cutOnPage = FullScreenRenderer.frame(cutPage, navigator: cutNavigator, palette: palette)
    #expect((0..<onPage.rows).allSatisfy { onPage.text(row: $0) == cutOnPage.text(row: $0) })
    #expect((0..<onPage.rows).contains { onPage.text(row: $0).contains(Self.run) })
  }
}
