import Foundation
import TestFixtures
import Testing

@testable import PageReader
@testable import TextSupport

@Suite struct HTMLTableTests {
  private func lines(_ html: String, width: Int = 40) -> [String] {
    Array(HTMLRenderer.render(html, baseURL: nil, width: width).lines)
  }

  private func isLayout(_ html: String) -> Bool? {
    let document = HTMLRenderer.parse(html, baseURL: nil)
    for element in document.elements {
      if case .table(let layout) = element.kind { return layout }
    }
    return nil
  }

  @Test func layoutAndDataTablesAreToldApart() {
    let small = "<tr><td>a<td>b<tr><td>c<td>d</tr>"
    #expect(isLayout("<table><tr><th>k<th>v</tr>\(small)</table>") == false)
    #expect(isLayout("<table><caption>Cities</caption>\(small)</table>") == false)
    #expect(isLayout("<table summary=\"Populations\">\(small)</table>") == false)
    #expect(isLayout("<table role=presentation><tr><th>k<th>v</tr>\(small)</table>") == true)
    #expect(isLayout("<table><tr><td>only one row<td>of cells</table>") == true)
    #expect(isLayout("<table><tr><td>one<tr><td>column</table>") == true)
    #expect(isLayout("<table><tr><td><p>a paragraph</p><td>x<tr><td>y<td>z</table>") == true)
    #expect(isLayout("<table><tr><td><table><tr><th>a<th>b</table><td>x</table>") == true)
    let grid = String(repeating: "<tr><td>1<td>2<td>3<td>4<td>5", count: 3)
    #expect(isLayout("<table>\(grid)</table>") == false)
    // An editor's export puts a `p` in every cell; the figures still make a data table.
    let exported = String(
      repeating: "<tr><td><div><p><a href=/a>Farm Heroes</a></p></div><td><p>71.1 MB</p>"
        + "<td><p>13.4 MB (-81%)</p>", count: 4)
    #expect(isLayout("<table>\(exported)</table>") == false)
    #expect(isLayout("<table><tr><td><ul><li>a</ul><td>b<tr><td>c<td>d</table>") == true)
    let square = String(repeating: "<tr><td>1<td>2<td>3<td>4", count: 4)
    #expect(isLayout("<table>\(square)</table>") == false)
    #expect(isLayout("<table width=600 cellpadding=4>\(square)</table>") == true)
    #expect(isLayout("<table width=600><tr><th>a<th>b<th>c<th>d\(square)</table>") == false)
  }

  @Test func layoutTableCellsReadAsBlocksInReadingOrder() {
    let html = """
      <table width="100%" cellpadding="4"><tr><td><h2>News</h2><p>First story text.</p>
      <ul><li>one<li>two</ul></td><td>Side<br>column</td></tr>
      <tr><td colspan=2>Footer line</td></tr></table>
      """
    #expect(
      lines(html) == [
        "## News", "", "First story text.", "", "  * one", "  * two", "", "Side", "column",
        "Footer line",
      ])
  }

  @Test func columnsTakeTheFullWidthAndWrapAtWords() {
    let html = """
      <table><tr><th>City<th>Note</tr><tr><td>广州<td>the provincial capital on the Pearl River,
      a port for two thousand years</td></tr></table>
      """
    let result = lines(html, width: 30)
    #expect(result.allSatisfy { TerminalText.width($0) <= 30 })
    #expect(result.contains { TerminalText.width($0) >= 28 })
    #expect(result.first == "City  Note")
    #expect(result.dropFirst().first == "广州  the provincial capital")
    // Words are never cut: every word of the note is whole on some line.
    let shown = Set(result.flatMap { $0.split(separator: " ").map(String.init) })
    for word in ["provincial", "capital", "thousand"] { #expect(shown.contains(word)) }
  }

  @Test func chineseCellsWrapBetweenAnyCharacters() {
    let html = "<table><tr><th>市<th>简介<tr><td>广州<td>广东省省会，华南地区的经济中心</table>"
    // 4 + 2 + 14 cells: the short column keeps its width, the long one takes the rest.
    #expect(
      lines(html, width: 20) == ["市    简介", "广州  广东省省会，华", "      南地区的经济中", "      心"])
  }

  @Test func imageOnlyColumnsDoNotBecomeEmptyColumns() {
    let html = """
      <table><tr><th>Flag<th>Country<th>Capital
      <tr><td><img src=cn.png><td>China<td>Beijing
      <tr><td><img src=fr.png alt=""><td>France<td>Paris</table>
      """
    #expect(lines(html) == ["Country  Capital", "China    Beijing", "France   Paris"])
  }

  @Test func breaksInDataCellsStartNewLinesInTheCell() {
    let html = "<table><tr><th>Name<th>Address<tr><td>Office<td>1 Road<br>Guangzhou</table>"
    #expect(lines(html) == ["Name    Address", "Office  1 Road", "        Guangzhou"])
  }

  @Test func tablesWithoutHeadersTooWideForColumnsListTheirCells() {
    let cell = "word-that-is-long"
    let html = String(repeating: "<tr>" + String(repeating: "<td>\(cell)", count: 3), count: 4)
    let result = lines("<table>\(html)</table>", width: 30)
    #expect(result.prefix(4) == [cell, cell, cell, ""])
  }
}
