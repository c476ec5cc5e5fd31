import Foundation
import TestSupport
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

/// Signals, end of input and broken output. EndToEndSignalTests covers Ctrl-C and SIGTERM
/// at the prompt and Ctrl-C during a fetch in `-i`; EndToEndLookupTests a closed pipe
/// after `head` and stdout closed or on /dev/full for a listing.
@Suite(.timeLimit(.minutes(3))) struct ReliabilityProcessTests {
  typealias F = ReliabilityFixtures

  /// A data file with one city whose page never answers, and one that answers at once.
  func slowData(_ server: TestHTTPServer) throws -> String {
    try F.file(
      F.plist(
        province: "测试省",
        cities: [
          ("慢市", server.baseURL + TestHTTPServer.Path.silent),
          ("快市", server.baseURL + TestHTTPServer.Path.utf8),
        ]))
  }

  /// Whether `server` has been asked for `path`: the moment for a signal meant mid-fetch.
  func requested(_ server: TestHTTPServer, path: String) -> @Sendable () -> Bool {
    { server.requests.contains { $0.path == path } }
  }

  @Test func sigtermWhileAPageLoadsInTheSessionExits143() async throws {
    let server = try TestHTTPServer.withStandardRoutes()
    defer { server.stop() }
    let path = try slowData(server)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let browse = try BrowseProcess.Running(["-i", "--data", path, "--timeout", "30"])
    #expect(await browse.waitForOutput(containing: "> "))
    browse.send("1\n1\n")
    #expect(
      await browse.signal(SIGTERM, once: requested(server, path: TestHTTPServer.Path.silent)),
      "the page was never requested")
    #expect(await browse.waitForExit() == 143)
  }

  @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func aSignalDuringFetchEndsItWithTheSignalsCode(signal: Int32, code: Int32) async throws {
    let server = try TestHTTPServer.withStandardRoutes()
    defer { server.stop() }
    let path = try slowData(server)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let browse = try BrowseProcess.Running(
      ["--data", path, "-c", "慢市", "--fetch", "--timeout", "30"])
    #expect(
      await browse.signal(signal, once: requested(server, path: TestHTTPServer.Path.silent)),
      "the page was never requested")
    #expect(await browse.waitForExit() == code)
    #expect(browse.stdout == "")
  }

  @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func aSignalDuringFetchOnATerminalClearsTheSpinnerLine(signal: Int32, code: Int32) async throws {
    try #require(PseudoTerminalProcess.isAvailable)
    let server = try TestHTTPServer.withStandardRoutes()
    defer { server.stop() }
    let path = try slowData(server)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let browse = try PseudoTerminalProcess(
      ["--data", path, "-c", "慢市", "--fetch", "--timeout", "30"])
    #expect(await browse.signal(signal, onceShown: "loading 127.0.0.1"))
    #expect(await browse.waitForExit() == code)
    // The last thing on the terminal is the spinner's line erased, then a fresh line
    // (and for Ctrl-C the one-line reason); nothing is left half drawn.
    let tail = browse.output.components(separatedBy: "(Ctrl-C cancels)").last ?? ""
    #expect(tail.hasPrefix("\u{1B}[K\r\u{1B}[K"))
    #expect(tail.hasSuffix("\r\n"))
  }

  @Test func endOfInputOnATerminalEndsThePromptLine() async throws {
    try #require(PseudoTerminalProcess.isAvailable)
    // Nothing typed, then Ctrl-D at the prompt (the line mode's prompt).
    let browse = try PseudoTerminalProcess(["--offline", "--line-mode"], input: "")
    #expect(await browse.waitForExit() == 0)
    #expect(browse.output.hasSuffix("> \r\n"))
  }

  @Test(arguments: [
    ("", "provinces"), ("1\n", "cities"), ("1\n1\n", "detail"), ("1\n1\nl\n", "links"),
    ("/zhou\n", "search results"), ("guang\n", "filtered list"), ("?\n", "help"),
    ("1\n?\n", "help over cities"), ("1\n1\nb\nb\n", "back at provinces"),
  ])
  func endOfInputAtEveryPromptExitsZero(input: String, screen: String) async throws {
    let server = try TestHTTPServer.withStandardRoutes()
    defer { server.stop() }
    let path = try F.file(
      F.plist(province: "广东省", cities: [("广州市", server.baseURL + TestHTTPServer.Path.utf8)])
        + "")
    defer { try? FileManager.default.removeItem(atPath: path) }
    // Search and filter need the built-in data's many cities; the detail needs the server.
    let arguments =
      input.hasPrefix("/") || input.hasPrefix("guang") || input == "?\n" || input == ""
      ? ["-i", "--offline"] : ["-i", "--data", path]
    let result = try await BrowseProcess.run(arguments, input: input)
    #expect(result.status == 0, "\(screen)")
    #expect(result.stdout.hasSuffix("> \n"), "\(screen)")
    #expect(result.stderr == "", "\(screen)")
  }

  @Test func stdinFromDevNullEndsEveryReadingMode() async throws {
    // --pick reads the terminal when stdin is not one; setsid takes the terminal away, so
    // the test cannot wait on a developer's keyboard.
    let pick = try await BrowseProcess.shell(
      "setsid -w \"$BROWSE\" --pick < /dev/null; echo \"status=$?\"")
    #expect(pick.stdout.hasSuffix("status=1\n"))
    let data = try await BrowseProcess.shell("\"$BROWSE\" --data - --all < /dev/null")
    #expect(data.status == 65)
    #expect(data.stderr == "<stdin>: error: the file is empty\n")
    let lookup = try await BrowseProcess.shell("\"$BROWSE\" -c 广州 < /dev/null")
    #expect(lookup.status == 0)
  }

  @Test func anEndlessInputIntoAClosedPipeEndsTheSession() async throws {
    // `yes` never stops typing; once head has its lines the session must notice the
    // closed pipe and end, not page for ever.
    // A closed pipe on stdout is the reader having had enough: exit 0, quietly (the
    // docs/usage.md's `browse --all | head`), not 74, which is for a full disk or closed stdout.
    let result = try await BrowseProcess.shell(
      "yes n | \"$BROWSE\" -i --offline | head -n 3 > /dev/null; echo \"${PIPESTATUS[1]}\"")
    #expect(result.stdout == "0\n")
    #expect(result.stderr == "")
  }

  @Test func aFetchIntoAClosedPipeOrAFullDiskIsQuietOrOneLine() async throws {
    let server = try TestHTTPServer.withStandardRoutes()
    defer { server.stop() }
    server.route("/long") { _ in
      .html((0..<5000).map { "<p>第\($0)段</p>" }.joined())
    }
    let path = try F.file(
      F.plist(province: "测试省", cities: [("长市", server.baseURL + "/long")]))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let head = try await BrowseProcess.shell(
      "\"$BROWSE\" --data '\(path)' -c 长市 --fetch --no-cache | head -n 2; echo \"status=${PIPESTATUS[0]}\" >&2"
    )
    #expect(head.stdout.components(separatedBy: "\n").count == 3)  // two lines and the end
    #expect(head.stderr == "status=0\n")
    let full = try await BrowseProcess.shell(
      "\"$BROWSE\" --data '\(path)' -c 长市 --fetch --no-cache > /dev/full")
    #expect(full.status == 74)
    #expect(full.stderr == "browse: cannot write output: No space left on device\n")
    let session = try await BrowseProcess.shell(
      "printf '1\\n1\\nq\\n' | \"$BROWSE\" -i --data '\(path)' --no-cache >&-")
    #expect(session.status == 74)
    #expect(session.stderr.hasPrefix("browse: cannot write output:"))
    #expect(session.stderr.split(separator: "\n").count == 1)
  }
}
