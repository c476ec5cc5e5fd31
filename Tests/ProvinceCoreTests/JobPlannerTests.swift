import Foundation
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

/// The one-shot jobs as values: what each prints, where, and how it exits, with no process.
@Suite struct JobPlannerTests {
  let catalog = SampleCatalog.catalog

  func plan(_ arguments: String..., terminal: Bool = false) throws -> Plan {
    let options = try OptionParser.parse(arguments)
    guard case .catalog(let job) = options.mode else {
      Issue.record("not a catalog job: \(arguments)")
      return .report(Report())
    }
    return JobPlanner(
      catalog: catalog, matcher: Matcher(catalog: catalog), options: options,
      inputIsTerminal: terminal, outputIsTerminal: terminal
    ).plan(job)
  }

  func report(_ arguments: String...) throws -> Report {
    let options = try OptionParser.parse(arguments)
    guard case .catalog(let job) = options.mode,
      case .report(let report) = JobPlanner(
        catalog: catalog, matcher: Matcher(catalog: catalog), options: options,
        inputIsTerminal: false, outputIsTerminal: false
      ).plan(job)
    else {
      Issue.record("no report for \(arguments)")
      return Report()
    }
    return report
  }

  @Test func aLookupPrintsTheURLPercentEncodedAndExitsZero() throws {
    let result = try report("-p", "广东", "-c", "广州")
    #expect(result.output == ["https://zh.wikipedia.org/wiki/%E5%B9%BF%E5%B7%9E%E5%B8%82\n"])
    #expect(result.messages.isEmpty)
    #expect(result.exitCode == .success)
  }

  @Test func anAmbiguousCityListsEveryCandidateOnStderrAndExitsOne() throws {
    let result = try report("-c", "朝阳")
    #expect(result.output.isEmpty)
    #expect(result.messages.first == "browse: '朝阳' matches 2 cities; say which:\n")
    #expect(result.messages.count == 3)
    #expect(result.exitCode == .failure)
  }

  @Test func anUnknownProvinceIsOneLineAndExitsOne() throws {
    let result = try report("-p", "火星", "-c", "广州")
    #expect(result.messages.count == 1)
    #expect(result.messages[0].hasPrefix("browse: no province matches '火星'"))
    #expect(result.exitCode == .failure)
  }

  @Test func aProvinceGivenAsACitySaysHowToListIt() throws {
    let result = try report("-c", "北京")
    #expect(
      result.messages == [
        "browse: 北京市 is a province-level city, not a city in one; list its districts with -p 北京\n"
      ])
    #expect(result.exitCode == .failure)
    let province = try report("-c", "guangdong")
    #expect(province.messages.first?.contains("广东省 is a province") == true)
  }

  @Test func openAndFetchAreEffectsOnTheCitysURL() throws {
    let url = "https://zh.wikipedia.org/wiki/广州市"
    #expect(try plan("-c", "广州", "--open") == .open(url: url))
    #expect(try plan("-c", "广州", "--fetch") == .fetch(url: url, parents: [["广东省", "广东"]]))
  }

  @Test func noSelectionIsTheSessionOnATerminalAndTheProvinceListOnAPipe() throws {
    #expect(try plan(terminal: true) == .session(SessionPlan(.browse)))
    guard case .report(let list) = try plan() else {
      Issue.record("no list on a pipe")
      return
    }
    // Name and city count, then the code and the facts (none in a catalog without them).
    #expect(list.output.first?.hasPrefix("北京市\t2\t") == true)
    #expect(
      list.output.first?.split(separator: "\t", omittingEmptySubsequences: false).count
        == ListFormatter.provinceColumns.count)
    #expect(list.output.count == catalog.provinces.count)
  }

  /// The planner decides how the session runs; the shell only tries the terminal.
  @Test func theSessionPlanSaysWhetherLinesWereAskedForAndTheWidth() throws {
    #expect(try plan("-i") == .session(SessionPlan(.browse, linesAsked: true)))
    #expect(
      try plan("--line-mode", terminal: true) == .session(SessionPlan(.browse, linesAsked: true)))
    #expect(try plan("--pick") == .session(SessionPlan(.pick)))
    #expect(
      try plan("--pick", "--line-mode", "--width", "60")
        == .session(SessionPlan(.pick, linesAsked: true, pageWidth: 60)))
  }

  @Test func aSearchWithNoMatchPrintsAnEmptyJSONArrayAndExitsOne() throws {
    let result = try report("--search", "nomatch", "--format", "json")
    #expect(result.output.joined() == "[]\n")
    #expect(result.exitCode == .failure)
    let tsv = try report("--search", "nomatch")
    #expect(tsv.output.isEmpty)
  }

  @Test func aCheckOfOneProvinceTargetsItsCitiesOnly() throws {
    guard case .check(let targets, let format) = try plan("--check", "-p", "gd") else {
      Issue.record("no check")
      return
    }
    #expect(targets.map(\.city) == ["广州市", "韶关市", "深圳市"])
    #expect(format == .tsv)
  }

  @Test func completionOfAnUnknownProvinceIsQuiet() throws {
    let result = try report("--complete", "city", "-p", "火星")
    #expect(result.output.isEmpty && result.messages.isEmpty)
    #expect(result.exitCode == .failure)
    #expect(try report("--complete", "city", "-p", "gd").output == ["广州市\n", "韶关市\n", "深圳市\n"])
  }
}

@Suite struct ReportTests {
  @Test func networkFailuresAre69AndAFailedPageIsOne() {
    #expect(FetchReport.exitCode(for: .connectionRefused("h")) == .unavailable)
    #expect(FetchReport.exitCode(for: .hostNotFound("h")) == .unavailable)
    #expect(FetchReport.exitCode(for: .timedOut) == .unavailable)
    #expect(FetchReport.exitCode(for: .tooManyRedirects(10)) == .failure)
    #expect(FetchReport.exitCode(for: .redirectToUnsupportedScheme("file")) == .failure)
    #expect(FetchReport.exitCode(for: .notCached("u")) == .failure)
    #expect(FetchReport.exitCode(for: .cancelled) == .interrupted)
  }

  @Test func aPageMissingFromTheCacheOfflineIsOneLineAndExitOne() {
    let report = FetchReport.report(.failure(.notCached("https://a.test/页")), width: 80)
    #expect(
      report.messages == [
        "browse: https://a.test/%E9%A1%B5 is not in the page cache, and --offline keeps off the network\n"
      ])
    #expect(report.exitCode == .failure)
  }

  @Test func aBrowserThatCannotStartIsItsOwnLine() {
    let report = OpenReport.report(
      .cannotStart(program: "/nonexistent/x", reason: "not found (from BROWSER)"), url: "u")
    #expect(
      report.messages == [
        "browse: cannot start the browser '/nonexistent/x': not found (from BROWSER)\n"
      ])
    #expect(report.exitCode == .failure)
    #expect(OpenReport.report(.opened(program: "w3m"), url: "u") == Report())
  }

  @Test func loadingShowsTwentyWarningsAndCountsTheRest() {
    let warnings = (1...25).map { Diagnostic(.warning, source: "f", at: .line($0), "bad \($0)") }
    let loaded = DataReport.loading(
      LoadResult(catalog: SampleCatalog.catalog, diagnostics: warnings), strict: false)
    #expect(loaded.catalog != nil)
    #expect(loaded.messages.count == 21)
    #expect(
      loaded.messages.last == "browse: 5 more warnings not shown; --validate lists them all\n")
    let validation = DataReport.validation(
      LoadResult(catalog: SampleCatalog.catalog, diagnostics: warnings), source: "f")
    #expect(validation.output.count == 25)
    #expect(validation.exitCode == .dataError)
  }

  @Test func countsAgreeWithTheirNumber() {
    #expect(DataReport.counted(1, "province") == "1 province")
    #expect(DataReport.counted(2, "city") == "2 cities")
    #expect(DataReport.counted(0, "problem") == "0 problems")
  }
}
