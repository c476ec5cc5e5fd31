import Foundation
import TestSupport
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The built `browse --check` against a loopback server: the report on stdout, the exit
/// code, and Ctrl-C ending it with a partial report.
@Suite(.timeLimit(.minutes(3))) struct EndToEndCheckTests {
  typealias CheckPath = TestHTTPServer.CheckPath

  /// A plist with one province per entry of `provinces`, its cities named after their paths.
  private func dataFile(_ server: TestHTTPServer, _ provinces: [(String, [String])]) throws
    -> String
  {
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>

      """
    for (province, paths) in provinces {
      xml += "<key>\(province)</key><array>\n"
      for (index, path) in paths.enumerated() {
        xml += "<dict><key>name</key><string>城\(index)</string>"
        xml += "<key>url</key><string>\(server.url(path).absoluteString)</string></dict>\n"
      }
      xml += "</array>\n"
    }
    xml += "</dict></plist>\n"
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-check-\(UUID().uuidString).plist")
    try Data(xml.utf8).write(to: url)
    return url.path
  }

  private func server() throws -> TestHTTPServer {
    let server = try TestHTTPServer.withStandardRoutes()
    server.addCheckRoutes()
    return server
  }

  @Test func tsvListsEveryURLWithItsStatusAndExitsOneWhenAnyIsBroken() async throws {
    let server = try server()
    defer { server.stop() }
    let paths = [
      CheckPath.ok, TestHTTPServer.Path.notFound, CheckPath.headRefused, CheckPath.redirect,
      TestHTTPServer.Path.serverError,
    ]
    let data = try dataFile(server, [("广东省", paths)])
    defer { try? FileManager.default.removeItem(atPath: data) }
    let result = try await BrowseProcess.run(["--check", "--data", data, "--format", "tsv"])
    let base = server.baseURL
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        广东省\t城0\t\(base)/check/ok\t200\t\(base)/check/ok
        广东省\t城1\t\(base)/missing\t404\t\(base)/missing
        广东省\t城2\t\(base)/check/head-refused\t200\t\(base)/check/head-refused
        广东省\t城3\t\(base)/check/redirect\t200\t\(base)/check/ok
        广东省\t城4\t\(base)/error\t500\t\(base)/error

        """)
    // Not a terminal: no progress line, nothing on stderr.
    #expect(result.stderr == "")
  }

  /// A county's URL is the data's too: each city is followed by its counties, which gain a
  /// column of their own in every format.
  @Test func countiesAreCheckedAfterTheirCityWithACountyColumn() async throws {
    let server = try server()
    defer { server.stop() }
    let base = server.baseURL
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>江苏省</key><array>
      <dict><key>name</key><string>苏州市</string><key>url</key><string>\(base)\(CheckPath.ok)</string>
      <key>counties</key><array>
      <dict><key>name</key><string>昆山市</string><key>url</key><string>\(base)/missing</string></dict>
      <dict><key>name</key><string>常熟市</string><key>url</key><string>\(base)\(CheckPath.ok)</string></dict>
      </array></dict>
      <dict><key>name</key><string>无锡市</string><key>url</key><string>\(base)\(CheckPath.ok)</string></dict>
      </array></dict></plist>

      """
    let data = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-check-counties-\(UUID().uuidString).plist")
    try Data(xml.utf8).write(to: data)
    defer { try? FileManager.default.removeItem(at: data) }
    let tsv = try await BrowseProcess.run(["--check", "--data", data.path, "--format", "tsv"])
    #expect(tsv.status == 1)
    #expect(
      tsv.stdout == """
        江苏省\t苏州市\t\t\(base)/check/ok\t200\t\(base)/check/ok
        江苏省\t苏州市\t昆山市\t\(base)/missing\t404\t\(base)/missing
        江苏省\t苏州市\t常熟市\t\(base)/check/ok\t200\t\(base)/check/ok
        江苏省\t无锡市\t\t\(base)/check/ok\t200\t\(base)/check/ok

        """)
    let text = try await BrowseProcess.run(["--check", "--data", data.path, "--format", "text"])
    let lines = text.stdout.split(separator: "\n").map(String.init)
    #expect(lines.last?.hasPrefix("Checked 4 URLs in ") == true)
    #expect(
      lines.first?.split(separator: " ") == [
        "PROVINCE", "CITY", "COUNTY", "STATUS", "URL",
      ])
    #expect(
      lines.dropFirst().first?.split(separator: " ").prefix(4) == ["江苏省", "苏州市", "昆山市", "HTTP"])
    let json = try await BrowseProcess.run(["--check", "--data", data.path, "--format", "json"])
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(objects.map { $0["county"] as? String } == [nil, "昆山市", "常熟市", nil])
  }

  /// A redirect that names nowhere and a 304 nobody asked for are no working links.
  @Test func anEmptyRedirectAndAnUnaskedNotModifiedAreBroken() async throws {
    let server = try server()
    defer { server.stop() }
    server.route("/nowhere") { _ in TestHTTPServer.Response(status: 302) }
    server.route("/unasked-304") { _ in TestHTTPServer.Response(status: 304) }
    let data = try dataFile(server, [("广东省", ["/nowhere", "/unasked-304", CheckPath.ok])])
    defer { try? FileManager.default.removeItem(atPath: data) }
    let result = try await BrowseProcess.run(["--check", "--data", data, "--format", "tsv"])
    #expect(result.status == 1)
    let statuses = result.stdout.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false)[3]
    }
    #expect(statuses == ["bad-redirect", "unexpected-304", "200"])
  }

  @Test func allGoodExitsZeroAndProvinceNarrowsTheCheck() async throws {
    let server = try server()
    defer { server.stop() }
    let data = try dataFile(
      server, [("广东省", [CheckPath.ok, CheckPath.redirect]), ("湖南省", ["/missing"])])
    defer { try? FileManager.default.removeItem(atPath: data) }
    let result = try await BrowseProcess.run(
      ["--check", "--data", data, "-p", "广东", "--format", "json"])
    #expect(result.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    let objects = try #require(json as? [[String: Any]])
    #expect(objects.count == 2)
    #expect(objects.compactMap { $0["status"] as? Int } == [200, 200])
    #expect(objects.compactMap { $0["ok"] as? Bool } == [true, true])
    #expect(objects.last?["final_url"] as? String == server.baseURL + CheckPath.ok)
  }

  @Test func theTextReportHasOnlyTheBrokenRowsThenASummary() async throws {
    let server = try server()
    defer { server.stop() }
    let data = try dataFile(server, [("广东省", [CheckPath.ok, "/missing", CheckPath.ok])])
    defer { try? FileManager.default.removeItem(atPath: data) }
    let result = try await BrowseProcess.run(["--check", "--data", data, "--format", "text"])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines.first?.hasPrefix("PROVINCE") == true)
    #expect(lines[1].contains("城1") && lines[1].contains("HTTP 404"))
    // The summary comes last: the rows are written as they are known.
    #expect(lines.last?.hasPrefix("Checked 3 URLs in ") == true)
    #expect(lines.last?.hasSuffix(": 1 broken.") == true)
  }

  @Test func ctrlCStopsTheCheckAndReportsWhatWasCheckedWith130() async throws {
    let server = try server()
    defer { server.stop() }
    // Pages that answer only when the server stops: however slow the build, the check
    // cannot finish before the interrupt arrives.
    let paths = [CheckPath.ok, CheckPath.ok] + Array(repeating: CheckPath.stall, count: 3)
    let data = try dataFile(server, [("广东省", paths)])
    let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-check-pid-\(UUID().uuidString)")
    defer {
      try? FileManager.default.removeItem(atPath: data)
      try? FileManager.default.removeItem(at: pidFile)
    }
    // Job control on, so the background job does not start with SIGINT ignored. One job, so
    // the targets are checked in order and a stalled page is asked for only once both good
    // ones are finished: the request is the event to interrupt on, however loaded the
    // machine (a fixed pause after it was not enough under load).
    let script = """
      set -m
      "$BROWSE" --check --data '\(data)' --format tsv --timeout 30 --jobs 1 &
      echo $! > '\(pidFile.path)'
      wait $!
      echo "status=$?" >&2
      """
    let run = Task { try await BrowseProcess.shell(script) }
    // Interrupt once the first slow page is being fetched: the good ones are done.
    let stalled = await Deadline.poll(60) {
      server.requests.contains { $0.path == CheckPath.stall }
        && (try? Data(contentsOf: pidFile))?.last == UInt8(ascii: "\n")
    }
    #expect(stalled, "no slow page was requested")
    let pid = try #require(
      Int32(
        String(decoding: try Data(contentsOf: pidFile), as: UTF8.self)
          .trimmingCharacters(in: .whitespacesAndNewlines)))
    kill(pid, SIGINT)
    let result = try await run.value
    let base = server.baseURL
    #expect(
      result.stdout == """
        广东省\t城0\t\(base)/check/ok\t200\t\(base)/check/ok
        广东省\t城1\t\(base)/check/ok\t200\t\(base)/check/ok

        """)
    #expect(result.stderr.contains("Interrupted: checked 2 of 5 URLs"))
    #expect(result.stderr.hasSuffix("status=130\n"))
  }

  /// SIGTERM (`timeout`, a service manager) during a check keeps every result known so far
  /// (issue 48, item 6): they were written as they came, not all at the end. A URL that
  /// answers only when the server stops holds the check; the signal goes once the results
  /// before it are on stdout.
  @Test(arguments: ["tsv", "json"])
  func sigtermKeepsTheResultsAlreadyKnown(format: String) async throws {
    let server = try server()
    defer { server.stop() }
    let paths = [CheckPath.ok, CheckPath.ok, CheckPath.stall, CheckPath.ok]
    let data = try dataFile(server, [("广东省", paths)])
    defer { try? FileManager.default.removeItem(atPath: data) }
    let browse = try BrowseProcess.Running(
      ["--check", "--data", data, "--format", format, "--timeout", "60"])
    let known = format == "tsv" ? "\t200\t" : "\"status\":200"
    let shown = await browse.waitForOutput(containing: known, count: 2, timeout: 60)
    #expect(shown, "the first two results were not written: \(browse.stdout.debugDescription)")
    let status = await browse.signal(SIGTERM)
    #expect(status == 143)
    let base = server.baseURL
    if format == "tsv" {
      // The fourth may have been checked too (kept for the stalled one before it): then it
      // is written, after them.
      #expect(
        browse.stdout.hasPrefix(
          """
          广东省\t城0\t\(base)/check/ok\t200\t\(base)/check/ok
          广东省\t城1\t\(base)/check/ok\t200\t\(base)/check/ok

          """))
      #expect(!browse.stdout.contains("城2"))
    } else {
      // Still one valid JSON array, closed on the signal.
      let objects = try #require(
        try JSONSerialization.jsonObject(with: Data(browse.stdout.utf8)) as? [[String: Any]],
        "\(browse.stdout)")
      #expect(objects.count >= 2)
      #expect(objects.prefix(2).compactMap { $0["city"] as? String } == ["城0", "城1"])
    }
    #expect(browse.stderr.contains("Interrupted: checked"))
  }

  /// A reader that stops early (`| head -1`) ends the check at once with the first line
  /// (issue 48, item 6), though later URLs hang: the line was written as soon as it was
  /// known, and the closed pipe is seen without waiting for another line to write.
  @Test func aClosedPipeEndsTheCheckPromptlyWithTheFirstLine() async throws {
    let server = try server()
    defer { server.stop() }
    let paths = [CheckPath.ok, CheckPath.stall, CheckPath.stall]
    let data = try dataFile(server, [("广东省", paths)])
    defer { try? FileManager.default.removeItem(atPath: data) }
    // The stalled URLs answer in 120 s and the check would wait 60 s for them: a check
    // that ran on after `head` left is caught as a hang, well before either.
    let result = try await BrowseProcess.shell(
      """
      "$BROWSE" --check --data '\(data)' --format tsv --timeout 60 | head -1
      echo "status=${PIPESTATUS[0]}" >&2
      """, timeout: 30)
    let base = server.baseURL
    #expect(result.stdout == "广东省\t城0\t\(base)/check/ok\t200\t\(base)/check/ok\n")
    #expect(result.stderr == "status=0\n")
  }

  @Test func anAmbiguousProvinceIsReportedAsLookupsReportItBeforeAnythingIsChecked() async throws {
    let result = try await BrowseProcess.run(["--check", "-p", "shanxi"])
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("browse: 'shanxi' matches 2 provinces; say which:\n"))
    #expect(result.stderr.contains("山西省") && result.stderr.contains("陕西省"))
  }
}
