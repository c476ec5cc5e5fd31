import Testing

@testable import BuiltInCatalog
@testable import CatalogModel

/// The history as timelines and changes, on the shipped data. Every expectation is a fact
/// typed from knowledge (State Council approvals as the gazettes report them), not read
/// back from Data/history.tsv: 江干区 was withdrawn in 2021, its area going to 上城区 and
/// the new 钱塘区; 襄樊市 was renamed 襄阳市 in 2010, keeping 420600; 昆山县 became the
/// county-level city 昆山市 in 1989 (320583 since 1990); 两江新区 500157 took the place of
/// 江北区 and 渝北区 in 2025.
@Suite struct CodeHistoryTests {
  static let history = CodeHistory(history: BuiltInCatalog.history, catalog: BuiltInCatalog.catalog)
  var history: CodeHistory { Self.history }

  func timeline(_ code: String, _ name: String) throws -> DivisionTimeline {
    let index = try #require(history.span(code: code, name: name))
    return history.timeline(of: index)
  }

  @Test func jiangganWentIn2021ToShangchengAndQiantang() throws {
    let line = try timeline("330104", "江干区")
    #expect(line.spans.map(\.code) == ["330104"])
    #expect(line.spans.last?.until == "2021")
    #expect(line.spans.last?.since == "1983")
    let end = try #require(line.changes.last)
    #expect(end.kind == .split)
    #expect(end.year == "2021")
    #expect(Set(end.others.map(\.code)) == ["330102", "330114"])
    #expect(Set(end.others.compactMap(\.name)) == ["上城区", "钱塘区"])
    #expect(Set(line.today.map(\.name)) == ["上城区", "钱塘区"])
  }

  @Test func xiangfanWasRenamedXiangyangIn2010AndKeptItsCode() throws {
    let line = try timeline("420600", "襄樊市")
    #expect(line.spans.map(\.name) == ["襄樊市", "襄阳市"])
    #expect(line.spans.map(\.code) == ["420600", "420600"])
    #expect(line.spans.first?.until == "2010")
    #expect(line.spans.last?.end == .current)
    #expect(line.changes.contains { $0.kind == .renamed && $0.year == "2010" })
    #expect(line.today.map(\.code) == ["420600"])
  }

  @Test func kunshanCountyBecameTheCityIn1989() throws {
    let line = try timeline("320583", "昆山市")
    let names = line.spans.map { "\($0.name) \($0.code)" }
    #expect(names.contains("昆山县 320523"))
    #expect(names.last == "昆山市 320583")
    let county = try #require(line.spans.first { $0.code == "320523" })
    #expect(county.until == "1989")
    let city = try #require(line.spans.firstIndex { $0.name == "昆山市" })
    #expect(line.spans[city].since == "1989")
    #expect(line.spans.prefix(city).allSatisfy { $0.name == "昆山县" })
    // 320524 was 吴县, never 昆山: the county's timeline holds no other division.
    #expect(!line.spans.contains { $0.code == "320524" })
  }

  @Test func liangjiangIsNewIn2025FromJiangbeiAndYubei() throws {
    let line = try timeline("500157", "两江新区")
    let begun = try #require(line.changes.first)
    #expect(begun.kind == .new)
    #expect(begun.year == "2025")
    #expect(Set(begun.others.map(\.code)) == ["500105", "500112"])
    #expect(Set(begun.others.compactMap(\.name)) == ["江北区", "渝北区"])
  }

  @Test func changesFrom2020To2026ListJiangganAndLiangjiang() {
    let changes = history.changes(from: 2020, to: 2026)
    #expect(
      changes.contains {
        $0.span.code == "330104" && $0.kind == .split && $0.year == "2021"
      })
    #expect(changes.contains { $0.span.code == "330114" && $0.kind == .new && $0.year == "2021" })
    #expect(changes.contains { $0.span.code == "500157" && $0.kind == .new && $0.year == "2025" })
    #expect(changes.contains { $0.span.code == "500105" && $0.kind == .merged })
    // Nothing from outside the years asked: 襄樊 went in 2010.
    #expect(!changes.contains { $0.span.code == "420600" })
    #expect(changes.allSatisfy { (2020...2026).contains(Int($0.year) ?? 0) })
  }

  @Test func oldCodesGoToTodaysCodesThroughEveryStep() throws {
    func today(_ code: String) -> Set<String> {
      guard let index = history.spans(code: code).first else { return [] }
      return Set(history.today(of: index).map { history.spans[$0].code })
    }
    #expect(today("330104") == ["330102", "330114"])
    // 苏州地区's 昆山县 322726 → 320523 (1983) → 329012 (1989) → 320583 (1990).
    #expect(today("322726") == ["320583"])
    #expect(today("420600") == ["420600"])
    #expect(today("500105") == ["500157"])
    // 崇文区 into 东城区 in 2010.
    #expect(today("110103") == ["110101"])
  }
}
