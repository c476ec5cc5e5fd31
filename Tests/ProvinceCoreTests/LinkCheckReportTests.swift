import FetchModel
import Foundation
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

/// The `--check` report in each format, built from results made by hand.
@Suite struct LinkCheckReportTests {
  private func result(
    _ city: String, _ outcome: LinkCheck.Outcome, final: String? = nil,
    province: String = "广东省"
  ) -> LinkCheck.Result {
    let url =
      "http://example.test/"
      + city.unicodeScalars.filter(\.isASCII).map(String.init)
      .joined()
    return LinkCheck.Result(
      target: .init(province: province, city: city, url: url),
      outcome: outcome, finalURL: final.flatMap(URL.init(string:)), attempts: 1)
  }

  private var sample: [LinkCheck.Result] {
    [
      result("ok", .status(200), final: "http://example.test/ok"),
      result("gone", .status(404), final: "http://example.test/gone"),
      result("slow", .failed(.timedOut)),
      result("dns", .failed(.hostNotFound("example.test"))),
    ]
  }

  @Test func tsvHasFiveColumnsWithAnErrorWordWhereThereIsNoStatus() {
    let lines = CheckReport.lines(
      sample, format: .tsv, total: 4, elapsed: 1, interrupted: false)
    #expect(
      lines == [
        "广东省\tok\thttp://example.test/ok\t200\thttp://example.test/ok\n",
        "广东省\tgone\thttp://example.test/gone\t404\thttp://example.test/gone\n",
        "广东省\tslow\thttp://example.test/slow\ttimeout\t\n",
        "广东省\tdns\thttp://example.test/dns\thost-not-found\t\n",
      ])
  }

  @Test func namesWithControlsCannotBreakATSVLineOrReachTheTerminal() {
    let hostile = result("a\tb\u{1B}[31m\nc", .status(404), province: "省\u{202E}x")
    let tsv = CheckReport.lines([hostile], format: .tsv, total: 1, elapsed: 0, interrupted: false)
    #expect(tsv.count == 1)
    #expect(tsv[0].filter { $0 == "\t" }.count == 4)
    #expect(!tsv[0].contains("\u{1B}") && !tsv[0].contains("\u{202E}"))
    let text = CheckReport.lines(
      [hostile], format: .text, total: 1, elapsed: 0, interrupted: false)
    #expect(text.allSatisfy { !$0.contains("\u{1B}") && !$0.contains("\u{202E}") })
    #expect(text.joined().filter { $0 == "\n" }.count == text.count)
  }

  @Test func theTextReportIsATableOfTheBrokenOnlyThenASummary() {
    let lines = CheckReport.lines(
      sample, format: .text, total: 4, elapsed: 2.25, interrupted: false)
    #expect(lines.last == "Checked 4 URLs in 2.2 s: 3 broken.\n")
    #expect(lines.count == 5)
    #expect(lines[0].hasPrefix("PROVINCE"))
    #expect(lines[1].contains("gone") && lines[1].contains("HTTP 404"))
    #expect(lines[2].contains("timeout"))
    #expect(!lines.joined().contains("/ok"))
  }

  /// Results come in the order their checks finish; the report gives each target's line as
  /// soon as every earlier target's is known, and a stopped check's ending gives those still
  /// waiting, in order, past the gaps (issue 48, item 6).
  @Test func theStreamWritesInTheTargetsOrderWhateverOrderResultsCome() throws {
    var stream = CheckReportStream(targets: sample.map(\.target), format: .tsv)
    #expect(stream.add(sample[1], at: 1) == "")
    #expect(stream.add(sample[3], at: 3) == "")
    #expect(
      stream.add(sample[0], at: 0)
        == "广东省\tok\thttp://example.test/ok\t200\thttp://example.test/ok\n"
        + "广东省\tgone\thttp://example.test/gone\t404\thttp://example.test/gone\n")
    // Target 2 never came: the check was stopped.
    #expect(
      stream.end(elapsed: 1, interrupted: true)
        == "广东省\tdns\thttp://example.test/dns\thost-not-found\t\n")
    #expect(stream.checked == 3)
    #expect(stream.add(sample[2], at: 2) == "")
  }

  @Test func aStoppedJSONReportIsStillOneValidArray() throws {
    var stream = CheckReportStream(targets: sample.map(\.target), format: .json)
    var text = stream.add(sample[0], at: 0) + stream.add(sample[1], at: 1)
    text += stream.end(elapsed: 1, interrupted: true)
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    #expect(objects.count == 2)
    var empty = CheckReportStream(targets: sample.map(\.target), format: .json)
    #expect(empty.end(elapsed: 0, interrupted: true) == "[]\n")
  }

  @Test func anInterruptedReportSaysHowManyOfHowMany() {
    let summary = CheckReport.summary(
      Array(sample.prefix(1)), total: 10, elapsed: 0.5, interrupted: true)
    #expect(summary == "Interrupted: checked 1 of 10 URLs in 0.5 s: none broken.\n")
  }

  @Test func jsonGivesEveryResultWithStatusOrError() throws {
    let text = CheckReport.lines(sample, format: .json, total: 4, elapsed: 1, interrupted: false)
      .joined()
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    #expect(objects.count == 4)
    #expect(objects[0]["status"] as? Int == 200)
    #expect(objects[0]["ok"] as? Bool == true)
    #expect(objects[1]["ok"] as? Bool == false)
    #expect(objects[2]["status"] is NSNull)
    #expect(objects[2]["error"] as? String == "timeout")
    #expect(objects[2]["final_url"] is NSNull)
    #expect(objects[1]["province"] as? String == "广东省")
  }

  @Test func urlFormatListsTheBrokenAddressesOnly() {
    let lines = CheckReport.lines(sample, format: .url, total: 4, elapsed: 1, interrupted: false)
    #expect(
      lines == [
        "http://example.test/gone\n", "http://example.test/slow\n", "http://example.test/dns\n",
      ])
  }

  @Test func progressShowsCountsRateAndTimeLeft() {
    let progress = LinkCheck.Progress(checked: 50, total: 200, broken: 3, elapsed: 10)
    #expect(CheckReport.progress(progress) == "Checking 50/200, 3 broken, 5.0/s, 0:30 left")
    let start = LinkCheck.Progress(checked: 0, total: 200, broken: 0, elapsed: 0)
    #expect(CheckReport.progress(start) == "Checking 0/200, 0 broken")
  }

  @Test("a township's row has a township column after the county's, in TSV, text and JSON")
  func townshipRowsHaveTheirOwnColumn() {
    let rows = [
      LinkCheck.Result(
        target: .init(
          province: "江苏省", city: "苏州市", county: "昆山市", url: "http://example.test/k"),
        outcome: .status(404), finalURL: nil, attempts: 1),
      LinkCheck.Result(
        target: .init(
          province: "江苏省", city: "苏州市", county: "昆山市", township: "玉山镇",
          url: "http://example.test/y"),
        outcome: .status(404), finalURL: nil, attempts: 1),
    ]
    let tsv = CheckReport.lines(rows, format: .tsv, total: 2, elapsed: 0, interrupted: false)
    #expect(
      tsv == [
        "江苏省\t苏州市\t昆山市\t\thttp://example.test/k\t404\t\n",
        "江苏省\t苏州市\t昆山市\t玉山镇\thttp://example.test/y\t404\t\n",
      ])
    let text = CheckReport.lines(rows, format: .text, total: 2, elapsed: 0, interrupted: false)
    #expect(
      text.contains { $0.hasPrefix("PROVINCE") && $0.contains("COUNTY") && $0.contains("TOWNSHIP") }
    )
    let json = CheckReport.lines(rows, format: .json, total: 2, elapsed: 0, interrupted: false)
    #expect(json.filter { $0.contains("\"township\":\"玉山镇\"") }.count == 1)
  }
}
