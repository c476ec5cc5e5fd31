import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

@Suite struct MenuLayoutTests {
  let names = ["北京市", "天津市", "河北省", "内蒙古自治区", "广东省"]

  @Test func itemsFillColumnsTopToBottomWithCJKCountedAsTwoCells() {
    // Widest label 内蒙古自治区 = 12 cells, number 1 cell + space → 14-cell columns.
    let layout = MenuLayout(
      labels: names, viewport: Viewport(columns: 30, rows: 24), availableRows: 3)
    #expect(layout.cellWidth == 14)
    #expect(layout.columnCount == 2)
    #expect(
      layout.lines(labels: names, page: 0, style: .plain) == [
        "1 北京市        4 内蒙古自治区",
        "2 天津市        5 广东省",
        "3 河北省",
      ])
  }

  @Test func aWideTerminalPutsAShortListOnOneLine() {
    let layout = MenuLayout(
      labels: names, viewport: Viewport(columns: 80, rows: 24), availableRows: 3)
    #expect(layout.columnCount == 5)
    #expect(layout.lines(labels: names, page: 0, style: .plain).count == 1)
  }

  @Test func aNarrowTerminalGetsOneColumnWithNamesCut() {
    let layout = MenuLayout(
      labels: names, viewport: Viewport(columns: 8, rows: 24), availableRows: 10)
    #expect(layout.columnCount == 1)
    let lines = layout.lines(labels: names, page: 0, style: .plain)
    #expect(lines[3] == "4 内蒙…")
    #expect(lines.allSatisfy { TerminalText.width($0) <= 8 })
  }

  @Test func aWidthOfTwentyFitsOneColumnOfLongNames() {
    let layout = MenuLayout(
      labels: names, viewport: Viewport(columns: 20, rows: 24), availableRows: 10)
    #expect(layout.columnCount == 1)
    #expect(layout.lines(labels: names, page: 0, style: .plain).count == 5)
  }

  @Test func aOneColumnTerminalStillShowsTheNumbers() {
    let layout = MenuLayout(
      labels: names, viewport: Viewport(columns: 1, rows: 1), availableRows: 1)
    #expect(layout.perPage == 1)
    #expect(layout.pageCount(itemCount: 5) == 5)
    #expect(layout.lines(labels: names, page: 4, style: .plain) == ["5"])
  }

  @Test func pagesHoldColumnsTimesRowsAndTheLastPageIsShort() {
    let labels = (1...25).map { "城市\($0)" }
    let layout = MenuLayout(
      labels: labels, viewport: Viewport(columns: 40, rows: 24), availableRows: 4)
    #expect(layout.columnCount == 3)
    #expect(layout.pageCount(itemCount: 25) == 3)
    let last = layout.lines(labels: labels, page: 2, style: .plain)
    #expect(last == ["25 城市25"])
  }

  @Test func colourWrapsOnlyTheNumbers() {
    let layout = MenuLayout(labels: ["广州市"], viewport: .standard, availableRows: 5)
    #expect(
      layout.lines(labels: ["广州市"], page: 0, style: TextStyle(enabled: true)) == [
        "\u{1B}[36m1\u{1B}[0m 广州市"
      ])
  }
}
