import Foundation
import Testing

@testable import BuiltInCatalog
@testable import CatalogModel
@testable import ProvinceCore

/// `--history` and `--changes` on the shipped data, in every format they write. The facts
/// are typed from knowledge, not read back: 江干区 (330104) was withdrawn in 2021, its area
/// going to 上城区 (330102) and the new 钱塘区 (330114); 襄樊市 was renamed 襄阳市 in 2010,
/// keeping 420600; 昆山县 became 昆山市 in 1989; 两江新区 (500157) took the place of 江北区
/// (500105) and 渝北区 (500112) in 2025.
@Suite struct HistoryCommandTests {
  static let catalog = BuiltInCatalog.catalog
  static let matcher = Matcher(catalog: catalog)

  func report(_ arguments: String...) throws -> Report {
    let options = try OptionParser.parse(arguments)
    guard case .catalog(let job) = options.mode,
      case .report(let report) = JobPlanner(
        catalog: Self.catalog, matcher: Self.matcher, options: options, inputIsTerminal: false,
        outputIsTerminal: false, history: BuiltInCatalog.history
      ).plan(job)
    else {
      Issue.record("no report for \(arguments)")
      return Report()
    }
    return report
  }

  func json(_ report: Report) throws -> [[String: Any]] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(report.output.joined().utf8)) as? [[String: Any]])
  }

  // MARK: Options

  @Test func changesTakeAnOptionalSecondYearOrARange() throws {
    func mode(_ arguments: String...) throws -> Options.Mode {
      try OptionParser.parse(arguments).mode
    }
    #expect(try mode("--changes", "2020", "2026") == .catalog(.changes(from: 2020, to: 2026)))
    #expect(try mode("--changes", "2020") == .catalog(.changes(from: 2020, to: nil)))
    #expect(try mode("--changes=2020..2026") == .catalog(.changes(from: 2020, to: 2026)))
    #expect(try mode("--changes", "2021", "2021") == .catalog(.changes(from: 2021, to: 2021)))
    #expect(try mode("--history", "330104") == .catalog(.history(.query("330104"))))
    #expect(try mode("--history", "-") == .catalog(.history(.standardInput)))
    #expect(throws: UsageError.self) { try OptionParser.parse(["--changes", "2026", "2020"]) }
    #expect(throws: UsageError.self) { try OptionParser.parse(["--changes", "twenty"]) }
    #expect(throws: UsageError.self) {
      try OptionParser.parse(["--changes", "2020", "2021", "2022"])
    }
    #expect(throws: UsageError.self) {
      try OptionParser.parse(["--history", "x", "--search", "y"])
    }
    #expect(throws: UsageError.self) {
      try OptionParser.parse(["--history", "x", "--changes", "2020"])
    }
    #expect(throws: UsageError.self) { try OptionParser.parse(["--history", " "]) }
    // A second year belongs to --changes only.
    #expect(throws: UsageError.self) { try OptionParser.parse(["--history", "x", "2020"]) }
  }

  // MARK: --history

  @Test func jiangganInEachFormat() throws {
    let text = try report("--history", "330104", "--format", "text").output.joined()
    #expect(text.hasPrefix("330104 江干区 (浙江省 杭州市)\n"))
    #expect(text.contains("1983–2021"))
    #expect(text.contains("split"))
    #expect(text.contains("today: 330102 上城区, 330114 钱塘区"))

    let tsv = try report("--history", "江干", "--format", "tsv").output
    let row = try #require(tsv.first).dropLast().split(
      separator: "\t", omittingEmptySubsequences: false)
    #expect(row.count == HistoryFormatter.timelineColumns.count)
    #expect(
      row.map(String.init) == [
        "name", "330104", "江干区", "浙江省 杭州市", "1983", "2021", "split", "330102;330114",
        "上城区;钱塘区",
      ])

    let objects = try json(report("--history", "330104", "--format", "json"))
    #expect(objects.count == 1)
    let today = (objects.first?["today"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
    #expect(today == ["330102", "330114"])
    let spans = objects.first?["spans"] as? [[String: Any]]
    #expect(spans?.first?["until"] as? String == "2021")
  }

  @Test func xiangfanIsRenamedXiangyangIn2010() throws {
    let objects = try json(report("--history", "襄樊", "--format", "json"))
    #expect(objects.count == 1)
    let spans = try #require(objects.first?["spans"] as? [[String: Any]])
    #expect(spans.compactMap { $0["name"] as? String } == ["襄樊市", "襄阳市"])
    #expect(spans.compactMap { $0["code"] as? String } == ["420600", "420600"])
    #expect(spans.first?["change"] as? String == "renamed")
    #expect(spans.first?["until"] as? String == "2010")
    #expect(spans.last?["since"] as? String == "2010")
    #expect(spans.last?["change"] as? String == "current")
    // Today's name finds the same timeline.
    #expect(
      try report("--history", "襄阳市", "--format", "json").output
        == report(
          "--history", "襄樊", "--format", "json"
        ).output)
  }

  @Test func kunshanCountyBecameACityIn1989() throws {
    let tsv = try report("--history", "昆山", "--format", "tsv").output.map {
      $0.dropLast().split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    let county = try #require(tsv.last { $0[2] == "昆山县" })
    #expect(county[5] == "1989")
    #expect(county[6] == "recoded")
    let city = try #require(tsv.first { $0[2] == "昆山市" })
    #expect(city[4] == "1989")
    #expect(tsv.last?[1] == "320583")
    #expect(tsv.last?[6] == "current")
    #expect(tsv.allSatisfy { $0[0] == "name" })
  }

  @Test func liangjiangCameFromJiangbeiAndYubeiIn2025() throws {
    let tsv = try report("--history", "500157", "--format", "tsv").output.joined()
    #expect(tsv.contains("from\t500105\t江北区\t重庆市\t"))
    #expect(tsv.contains("\t2025\tmerged\t500157\t两江新区\n"))
    #expect(tsv.contains("from\t500112\t渝北区\t"))
    let text = try report("--history", "两江新区", "--format", "text").output.joined()
    #expect(text.contains("2025"))
    #expect(text.contains("new"))
    #expect(text.contains("← 500105 江北区, 500112 渝北区"))
  }

  @Test func nothingFoundFailsAsALookupDoes() throws {
    let lookup = try report("-c", "不存在的地方")
    let history = try report("--history", "不存在的地方")
    #expect(history.exitCode == lookup.exitCode)
    #expect(history.exitCode == .failure)
    #expect(history.output.isEmpty)
    #expect(history.messages.joined().contains("不存在的地方"))
    #expect(try report("--history", "999999", "--format", "json").output == ["[]\n"])
    #expect(try report("--history", "襄樊", "--format", "url").exitCode == .usage)
    #expect(try report("--changes", "2020", "--format", "geojson").exitCode == .usage)
  }

  @Test func jianliCountyWentIn2020NotIn1996() throws {
    // 监利县 421023 was under 荆沙市 (1994–1996), then 荆州市, and became the county-level
    // city 监利市 421088 in 2020: one span, not a code withdrawn in 1996 to itself.
    let objects = try json(report("--search", "421023", "--format", "json"))
    let former = try #require(objects.first { $0["code"] as? String == "421023" })
    #expect(former["until"] as? String == "2020")
    let codes = (former["replaced_by"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
    #expect(codes == ["421088"])
  }

  @Test func aCodeGivenToAnotherDivisionLaterIsNoRename() throws {
    // 511400 was 涪陵市 (1995–1997), which went into the municipality 重庆市 in 1997; the
    // code was given to 眉山市 in 2000. 涪陵 was never renamed 眉山.
    let objects = try json(report("--history", "511400", "--format", "json"))
    let fuling = try #require(objects.first { $0["name"] as? String == "涪陵市" })
    let span = try #require((fuling["spans"] as? [[String: Any]])?.last)
    #expect(span["until"] as? String == "1997")
    #expect(span["change"] as? String != "renamed")
    let today = (fuling["today"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
    #expect(today == ["500000"])
    #expect(objects.contains { $0["name"] as? String == "眉山市" })
  }

  @Test func aDataFileHasNoHistory() throws {
    let options = try OptionParser.parse(["--history", "330104"])
    guard case .catalog(let job) = options.mode else { return }
    let plan = JobPlanner(
      catalog: Self.catalog, matcher: Self.matcher, options: options, inputIsTerminal: false,
      outputIsTerminal: false, history: .none
    ).plan(job)
    guard case .report(let report) = plan else {
      Issue.record("no report")
      return
    }
    #expect(report.exitCode == .failure)
    #expect(report.messages.joined().contains("no history"))
  }

  // MARK: --changes

  @Test func changesFrom2020To2026() throws {
    let objects = try json(report("--changes", "2020", "2026", "--format", "json"))
    let jianggan = try #require(objects.first { $0["code"] as? String == "330104" })
    #expect(jianggan["year"] as? String == "2021")
    #expect(jianggan["change"] as? String == "split")
    let to = (jianggan["to"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
    #expect(Set(to ?? []) == ["330102", "330114"])
    let liangjiang = try #require(objects.first { $0["code"] as? String == "500157" })
    #expect(liangjiang["year"] as? String == "2025")
    #expect(liangjiang["change"] as? String == "new")
    let from = (liangjiang["from"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
    #expect(Set(from ?? []) == ["500105", "500112"])
    #expect(objects.allSatisfy { (2020...2026).contains(Int($0["year"] as? String ?? "") ?? 0) })
    // 襄樊's rename was in 2010, before the years asked.
    #expect(!objects.contains { $0["code"] as? String == "420600" })

    let tsv = try report("--changes", "2010", "2010", "--format", "tsv").output
    #expect(tsv.contains("2010\trenamed\t420600\t襄樊市\t湖北省\t420600\t襄阳市\n"))
    #expect(tsv.allSatisfy { $0.hasPrefix("2010\t") })
    let text = try report("--changes", "2021", "2021", "--format", "text").output.joined()
    #expect(text.contains("330104 江干区 (浙江省 杭州市) → 330102 上城区, 330114 钱塘区"))
  }

  // MARK: --history -

  @Test func oldCodesOneALineToTodaysCodes() throws {
    let planner = JobPlanner(
      catalog: Self.catalog, matcher: Self.matcher, options: Options(), inputIsTerminal: false,
      outputIsTerminal: false, history: BuiltInCatalog.history)
    let tsv = planner.historyReport(format: .tsv)
    func fields(_ input: String) -> [String] {
      tsv.line(for: input).text.dropLast().split(separator: "\t", omittingEmptySubsequences: false)
        .map(String.init)
    }
    // A code split in two gives both, in one line: a spreadsheet's row stays a row.
    #expect(Array(fields("330104").prefix(3)) == ["330104", "330102;330114", "上城区;钱塘区"])
    #expect(fields("330104").count == HistoryReport.codeColumns.count)
    // 苏州地区's 昆山县 (322726, to 1983), through 320523 and 329012, is 320583 today.
    #expect(Array(fields("322726").prefix(3)) == ["322726", "320583", "昆山市"])
    #expect(Array(fields("420600").prefix(3)) == ["420600", "420600", "襄阳市"])
    #expect(Array(fields("500112\r").prefix(3)) == ["500112", "500157", "两江新区"])
    // 邯郸地区 went into 邯郸市 in 1993, and 雁北地区 to 大同市 and 朔州市: the sources name
    // no successor of a prefecture, its counties' new prefectures are.
    #expect(Array(fields("132100").prefix(3)) == ["132100", "130400", "邯郸市"])
    #expect(Set(fields("142100")[1].split(separator: ";")) == ["140200", "140600"])
    #expect(tsv.line(for: "110103").found)
    #expect(!tsv.line(for: "999999").found)
    #expect(!tsv.line(for: "abc").found)
    #expect(fields("abc").count == 4)
    let json = planner.historyReport(format: .json).line(for: "330104").text
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["codes"] as? [String] == ["330102", "330114"])
    #expect(HistoryReport.summary(lines: 3, unknown: 1).exitCode == .failure)
    #expect(HistoryReport.summary(lines: 3, unknown: 0).exitCode == .success)
    let plan = planner.plan(.history(.standardInput))
    #expect(plan == .oldCodes(format: .tsv))
  }
}
