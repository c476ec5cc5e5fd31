import Foundation
import TestSupport
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

/// Hostile text in names and pages never reaches the terminal raw, through every output
/// path of the binary; tiny and dumb terminals still work. EndToEndSessionTests covers
/// hostile names in `-i` and a 20×8 window; TerminalTextTests the sanitiser itself.
@Suite(.timeLimit(.minutes(3))) struct ReliabilityTerminalTests {
  typealias F = ReliabilityFixtures

  static let hostileData = F.plist(
    province: "坏\(F.hostile)省",
    cities: [
      ("甲\(F.hostile)市", "http://a.test/"), ("甲\(F.hostile)县", "http://a2.test/"),
      ("乙市", "http://b.test/\(F.hostile)"),
    ])

  func expectClean(_ result: BrowseProcess.Result, _ comment: Comment) {
    #expect(F.forbiddenScalars(in: result.stdout) == [], comment)
    #expect(F.forbiddenScalars(in: result.stderr) == [], comment)
    #expect(!F.looksLikeACrash(result.stderr), comment)
  }

  @Test func theFixtureReallyIsHostile() {
    // Guards the other tests: were the fixture harmless they would pass vacuously.
    #expect(F.forbiddenScalars(in: Self.hostileData).count >= 20)
    #expect(F.forbiddenScalars(in: TestHTTPServer.hostileHTML).count >= 40)
  }

  @Test(arguments: [
    ["--all", "--format", "text"], ["--all", "--format", "tsv"], ["--all", "--format", "json"],
    ["--all", "--format", "url"], ["-p", "坏"], ["--search", "甲"], ["-c", "甲"], ["-c", "乙市"],
    ["-c", "丙"], ["--validate"], ["--complete", "city"], ["-i"], ["--pick"],
  ])
  func hostileNamesAreSanitisedInEveryOutput(arguments: [String]) async throws {
    let path = try F.file(Self.hostileData)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let withData =
      arguments == ["--validate"] ? ["--validate", path] : ["--data", path] + arguments
    let result = try await BrowseProcess.run(withData, input: "1\n1\n/甲\n?\nq\n")
    expectClean(result, "\(arguments)")
    #expect(!(result.stdout + result.stderr).isEmpty, "\(arguments)")
  }

  @Test func jsonKeepsHostileNamesOnlyAsEscapes() async throws {
    let path = try F.file(Self.hostileData)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try await BrowseProcess.run(["--data", path, "--all", "--format", "json"])
    #expect(result.status == 0)
    let objects =
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    // The city whose URL holds controls is skipped (with a sanitised warning on stderr).
    #expect(objects?.count == 2)
    let city = objects?.first?["city"] as? String
    #expect(city?.unicodeScalars.first { $0.value == 0x1B } != nil)
    #expect(!result.stdout.contains("\u{1B}"))
    #expect(result.stdout.contains("\\u001b") || result.stdout.contains("\\u001B"))
  }

  @Test func aHostilePageIsSanitisedByFetchAndOnTheDetailScreen() async throws {
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    server.addFaultRoutes()
    let path = try F.file(
      F.plist(
        province: "测试省",
        cities: [("坏页市", server.baseURL + TestHTTPServer.FaultPath.hostilePage)]))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let fetched = try await BrowseProcess.run(["--data", path, "-c", "坏页市", "--fetch"])
    #expect(fetched.status == 0)
    #expect(fetched.stdout.contains("正文"))
    #expect(fetched.stdout.contains("引用"))
    expectClean(fetched, "--fetch")
    // The detail screen shows the status line and Content-Type; `f` the second page of
    // text; `l` lists the links.
    let session = try await BrowseProcess.run(["-i", "--data", path], input: "1\n1\nf\nl\nq\n")
    #expect(session.status == 0)
    #expect(session.stdout.contains("链接"))
    expectClean(session, "-i")
  }

  @Test func aWindowOneColumnWideAndOneLineHighStillWorks() async throws {
    let result = try await BrowseProcess.run(
      ["-i", "--offline"], input: "n\np\n1\n?\nb\n/zhou\n1\nb\nb\nt\nq\n",
      environment: ["COLUMNS": "1", "LINES": "1"])
    #expect(result.status == 0)
    #expect(!F.looksLikeACrash(result.stderr))
    // Every command was read (each is echoed after the prompt) and every drawn line fits.
    #expect(result.stdout.components(separatedBy: "> ").count == 12)
    #expect(result.stdout.hasSuffix("> q\n"))
    let drawn = result.stdout.split(separator: "\n").filter { !$0.hasPrefix("> ") }
    #expect(!drawn.isEmpty)
    #expect(drawn.allSatisfy { TerminalWidth.of(String($0)) <= 1 })
  }

  @Test func aDumbTerminalGetsNoEscapesWhereAnXtermGetsThem() async throws {
    try #require(PseudoTerminalProcess.isAvailable)
    let dumb = try PseudoTerminalProcess(
      ["--offline"], input: "1\n?\nq\n", environment: ["TERM": "dumb"])
    #expect(await dumb.waitForExit() == 0)
    #expect(dumb.output.contains("北京市"))
    #expect(!dumb.output.contains("\u{1B}"))
    // On the same pseudo-terminal an xterm is cleared and drawn in colour.
    let xterm = try PseudoTerminalProcess(
      ["--offline"], input: "\u{1B}", environment: ["TERM": "xterm-256color"])
    #expect(await xterm.waitForExit() == 0)
    #expect(xterm.output.contains("\u{1B}["))
  }

  @Test func aWindowResizedMidSessionIsDrawnAtItsNewSize() async throws {
    try #require(PseudoTerminalProcess.isAvailable)
    // The line mode's menus, paged to the window (the full screen scrolls instead).
    let browse = try PseudoTerminalProcess(["--offline", "--line-mode"], columns: 80, rows: 10)
    // Ten rows hold a third of the provinces at a time.
    #expect(await browse.waitForOutput(containing: "page 1/3"), "\(browse.output.debugDescription)")
    #expect(!browse.output.contains("澳门"))
    let mark = browse.mark
    browse.resize(columns: 80, rows: 40)
    browse.type("t\n")
    // Forty rows hold them all: no pages, and the last province is on the screen.
    #expect(
      await browse.waitForOutput(containing: "澳门", since: mark),
      "\(browse.output(since: mark).debugDescription)")
    #expect(!browse.output(since: mark).contains("page 1/"))
    browse.type("q\n")
    #expect(await browse.waitForExit() == 0)
  }
}
