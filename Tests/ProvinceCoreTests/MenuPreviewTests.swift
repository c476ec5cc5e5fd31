import Testing

@testable import ProvinceCore
@testable import TextSupport

/// The preview pane's lines, apart from the screen: cut to the pane, sanitised, and the
/// children's names cut with a count of the rest.
@Suite struct MenuPreviewTests {
  func preview(children: [String], title: String = "广东省") -> MenuPreview {
    MenuPreview(
      title: title, facts: [.init(label: "Code", value: "440000")],
      url: "https://zh.wikipedia.org/wiki/%E5%B9%BF%E4%B8%9C%E7%9C%81",
      childrenHeading: "\(children.count) cities", children: children)
  }

  @Test func namesThatDoNotFitEndInACountOfTheRest() throws {
    let names = (1...30).map { "城市\($0)号" }
    let lines = preview(children: names).lines(width: 24, rows: 9, pageState: "not cached")
    #expect(lines.count == 9)
    #expect(lines.allSatisfy { TerminalText.width($0) <= 24 }, "\(lines)")
    #expect(lines[0] == "广东省")
    // The URL reads as its title, and loses its middle rather than its end.
    #expect(lines.contains { $0.hasPrefix("URL      https") && $0.hasSuffix("广东省") }, "\(lines)")
    #expect(lines.contains("Page     not cached"))
    // Every name is either shown or counted in `… N more`, once.
    let last = try #require(lines.last)
    let more = try #require(last.range(of: "… ").map { last[$0.upperBound...] })
    let rest = Int(more.split(separator: " ").first ?? "") ?? -1
    let shown = lines.drop { $0 != "30 cities" }.dropFirst().joined(separator: "  ")
      .components(separatedBy: "  ").filter { $0.hasPrefix("城市") }
    #expect(shown.count + rest == 30, "\(lines)")
    #expect(shown == Array(names.prefix(shown.count)))
  }

  /// A province of a large data file: only the first names are kept, and the count says
  /// how many more there are in all, even where every kept name fits.
  @Test func aDivisionOfThousandsKeepsItsFirstNamesAndCountsTheRest() throws {
    let names = (1...5000).map { "城\($0)" }
    let preview = MenuPreview(
      title: "大省", facts: [], url: nil, childrenHeading: "5000 cities", children: names)
    #expect(preview.children.count == MenuPreview.namesKept)
    #expect(preview.childCount == 5000)
    let lines = preview.lines(width: 100, rows: 1000, pageState: nil)
    let last = try #require(lines.last)
    let shown = lines.drop { $0 != "5000 cities" }.dropFirst().joined(separator: "  ")
      .components(separatedBy: "  ").filter { $0.hasPrefix("城") }
    #expect(last.hasSuffix("… \(5000 - shown.count) more"), "\(last)")
    #expect(shown.count > 300)
  }

  @Test func namesThatFitAreAllShownWithoutACount() {
    let lines = preview(children: ["广州市", "深圳市"]).lines(width: 40, rows: 20, pageState: nil)
    #expect(lines.suffix(2) == ["2 cities", "广州市  深圳市"])
    #expect(!lines.contains { $0.contains("more") })
    #expect(!lines.contains { $0.hasPrefix("Page") })
  }

  @Test func hostileNamesCannotDriveTheTerminal() {
    let lines = preview(children: ["\u{1B}[2J坏市"], title: "\u{1B}]0;title\u{07}省").lines(
      width: 40, rows: 20, pageState: "loaded")
    #expect(!lines.joined().unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
  }

  @Test func thePaneTakesTwoFifthsFrom140Columns() {
    #expect(MenuPreview.columns(forWidth: 139) == nil)
    #expect(MenuPreview.columns(forWidth: 140) == 84..<140)
    #expect(MenuPreview.columns(forWidth: 200) == 120..<200)
  }
}
