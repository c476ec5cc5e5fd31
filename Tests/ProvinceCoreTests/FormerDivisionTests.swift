import Foundation
import TestFixtures
import Testing

@testable import CatalogModel
@testable import ProvinceCore

/// Codes and names no longer in use: a lookup or search that finds nothing current says what
/// the query was, when it went and what took its place. The history rows are typed here
/// from knowledge: 崇文区 and 宣武区 merged into 东城区 and 西城区 in 2010.
@Suite struct FormerDivisionTests {
  let catalog = SampleCatalog.catalog
  let history = DivisionHistory(
    rows: """
      110103\t崇文区\t北京市\t2010\twithdrawn\t110101
      110104\t宣武区\t北京市\t2010\twithdrawn\t110102
      120110\t东郊区\t天津市\t1992\trenamed\t120110
      not a row
      """)

  func report(_ arguments: String...) throws -> Report {
    let options = try OptionParser.parse(arguments)
    guard case .catalog(let job) = options.mode,
      case .report(let report) = JobPlanner(
        catalog: catalog, matcher: Matcher(catalog: catalog), options: options,
        inputIsTerminal: false, outputIsTerminal: false, history: history
      ).plan(job)
    else {
      Issue.record("no report for \(arguments)")
      return Report()
    }
    return report
  }

  @Test("the history finds an entry by its code or its name with or without the suffix")
  func historyMatchesCodesAndNames() {
    #expect(history.entries(matching: "110103").map(\.name) == ["崇文区"])
    #expect(history.entries(matching: "崇文").map(\.code) == ["110103"])
    #expect(history.entries(matching: "宣武区").first?.replacedBy == ["110102"])
    #expect(history.entries(matching: "东郊").first?.status == .renamed)
    #expect(history.entries(matching: "1101").isEmpty)
    #expect(history.entries(matching: "not").isEmpty)
    #expect(DivisionHistory.none.entries(matching: "崇文").isEmpty)
  }

  @Test("a search by a withdrawn code says what it was, when it went and what replaced it")
  func searchByAWithdrawnCode() throws {
    let text = try report("--search", "110103", "--format", "text")
    #expect(text.exitCode == .success)
    #expect(text.output.joined().hasPrefix("110103 崇文区 (北京市), withdrawn 2010 → 110101"))
    let json = try report("--search", "110103", "--format", "json")
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.joined().utf8))
        as? [[String: Any]])
    #expect(objects.count == 1)
    #expect(objects.first?["status"] as? String == "withdrawn")
    #expect(objects.first?["until"] as? String == "2010")
    let replaced = objects.first?["replaced_by"] as? [[String: Any]]
    #expect(replaced?.first?["code"] as? String == "110101")
  }

  @Test("a lookup by a name no longer current answers with its record, or says it is gone")
  func lookupByAFormerName() throws {
    let tsv = try report("-c", "崇文", "--format", "tsv")
    #expect(tsv.exitCode == .success)
    #expect(tsv.output.joined().hasPrefix("110103\t崇文区\t北京市\twithdrawn\t2010\t110101\t"))
    let url = try report("-c", "崇文")
    #expect(url.exitCode == .failure)
    #expect(url.output.isEmpty)
    #expect(url.messages.joined().contains("withdrawn 2010 → 110101"))
  }

  @Test("a query no history knows still reports no match")
  func unknownStaysUnknown() throws {
    let result = try report("--search", "999999")
    #expect(result.exitCode == .failure)
    #expect(result.output.isEmpty)
  }
}
