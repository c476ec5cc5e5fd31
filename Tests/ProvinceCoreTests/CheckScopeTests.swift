import BuiltInCatalog
import FetchModel
import Foundation
import Testing

@testable import CatalogModel
@testable import ProvinceCore

/// `--check` narrowed to a branch (`-c`, `-x`) and widened to the township level
/// (`--townships`), on the built-in data: which URLs the link checker is handed.
@Suite struct CheckScopeTests {
  let catalog = BuiltInCatalog.catalog

  func targets(_ arguments: String...) throws -> [LinkCheck.Target] {
    let options = try OptionParser.parse(arguments)
    guard case .catalog(let job) = options.mode else {
      Issue.record("not a catalog job: \(arguments)")
      return []
    }
    let plan = JobPlanner(
      catalog: catalog, matcher: Matcher(catalog: catalog), options: options,
      inputIsTerminal: false, outputIsTerminal: false
    ).plan(job)
    guard case .check(let targets, _) = plan else {
      Issue.record("no check for \(arguments): \(plan)")
      return []
    }
    return targets
  }

  @Test("-c checks one city and its counties, the city first")
  func aCityBranchIsTheCityAndItsCounties() throws {
    let found = try targets("--check", "-c", "苏州")
    // 苏州市: five districts and four county-level cities.
    #expect(found.count == 10)
    #expect(found.first?.city == "苏州市" && found.first?.county == nil)
    #expect(found.dropFirst().allSatisfy { $0.city == "苏州市" && $0.county != nil })
    #expect(found.contains { $0.county == "昆山市" })
    #expect(found.allSatisfy { $0.township == nil })
  }

  @Test("-x with --townships checks a county and every township under it")
  func aCountyBranchWithTownships() throws {
    let found = try targets("--check", "-x", "昆山", "--townships")
    #expect(found.first?.county == "昆山市" && found.first?.township == nil)
    let townships = found.dropFirst()
    #expect(townships.allSatisfy { $0.county == "昆山市" && $0.township != nil })
    // Towns of 昆山 (the data set lacks 周庄镇, 锦溪镇 and 淀山湖镇: docs/data.md).
    for town in ["玉山镇", "巴城镇", "周市镇", "陆家镇", "花桥镇", "张浦镇", "千灯镇"] {
      #expect(townships.contains { $0.township == town }, "\(town)")
    }
  }

  @Test("--townships over a province lists each URL once, townships after their division")
  func aProvinceWithTownshipsHasNoRepeats() throws {
    let found = try targets("--check", "-p", "北京", "--townships")
    #expect(Set(found.map(\.url)).count == found.count)
    // 东城区 has no counties: its streets (东华门街道 among them) come right after it.
    let dongcheng = try #require(found.firstIndex { $0.city == "东城区" && $0.township == nil })
    #expect(found[dongcheng + 1].city == "东城区" && found[dongcheng + 1].township != nil)
    #expect(found.contains { $0.city == "东城区" && $0.township == "东华门街道" })
    let without = try targets("--check", "-p", "北京")
    #expect(without.allSatisfy { $0.township == nil })
    #expect(without.count < found.count)
  }

  /// It printed a plain JSON array under the name of GeoJSON (issue 48, item 10).
  @Test("a check in GeoJSON is refused as a usage error: its results are links, not shapes")
  func aCheckInGeoJSONIsRefused() {
    for arguments in [["--check"], ["--check", "-c", "苏州"], ["-p", "广东", "--check"]] {
      #expect(
        throws: UsageError(
          "'--check' cannot print geojson: its results are links; use '--format json'")
      ) { try OptionParser.parse(arguments + ["--format", "geojson"]) }
    }
    #expect(throws: Never.self) { try OptionParser.parse(["--check", "--format", "json"]) }
  }

  @Test("a check of a single township, or a branch that names nothing, is refused")
  func aCheckOfNothingIsRefused() throws {
    #expect(throws: UsageError.self) { try OptionParser.parse(["--check", "-t", "玉山镇"]) }
    let options = try OptionParser.parse(["--check", "-c", "无此城市"])
    guard case .catalog(let job) = options.mode else {
      Issue.record("not a catalog job")
      return
    }
    let plan = JobPlanner(
      catalog: catalog, matcher: Matcher(catalog: catalog), options: options,
      inputIsTerminal: false, outputIsTerminal: false
    ).plan(job)
    guard case .report(let report) = plan else {
      Issue.record("checked something: \(plan)")
      return
    }
    #expect(report.exitCode != .success)
  }
}
