import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The full-screen session on a pseudo-terminal of its own: keys typed, the screen read
/// back, the window resized, loads cancelled, and the terminal's modes checked after.
@Suite(.serialized, .timeLimit(.minutes(2))) struct FullScreenSessionTests {
  static let up = "\u{1B}[A"
  static let down = "\u{1B}[B"
  static let left = "\u{1B}[D"
  static let escape = "\u{1B}"

  /// Two provinces: 北京市 (one district) and 广东省, whose 广州市 and 珠海市 are the long
  /// page and whose 深圳市 never answers.
  func dataFile(_ server: TestHTTPServer) throws -> String {
    func city(_ name: String, _ path: String) -> String {
      "<dict><key>name</key><string>\(name)</string><key>url</key><string>"
        + "\(server.baseURL)\(path)</string></dict>"
    }
    let long = TestHTTPServer.ScreenPath.longPage
    let plist =
      "<plist><dict><key>北京市</key><array>\(city("东城区", long))</array>"
      + "<key>广东省</key><array>\(city("广州市", long))"
      + "\(city("深圳市", TestHTTPServer.ScreenPath.stall))\(city("珠海市", long))</array>"
      + "</dict></plist>"
    return try ReliabilityFixtures.file(plist)
  }

  func started(columns: Int = 80, rows: Int = 24) async throws -> (TestHTTPServer, PTYSession) {
    try #require(PTYSession.isAvailable)
    let server = try TestHTTPServer.started()
    server.addScreenRoutes()
    let session = try PTYSession(
      ["--data", try dataFile(server), "--no-cache"], columns: columns, rows: rows)
    #expect(await session.waitForScreen(containing: "省份信息"))
    return (server, session)
  }

  @Test func arrowsAndEnterOpenACityAndItsPage() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    #expect(session.screen.alternate)
    session.type(Self.down + "\r")
    #expect(await session.waitForScreen(containing: "省份信息 › 广东省"))
    #expect(session.screen.lines.contains { $0.contains("1 广州市") })
    session.type("\r")
    #expect(await session.waitForScreen(containing: "第1段"))
    #expect(session.screen.text.contains("省份信息 › 广东省 › 广州市"))
    #expect(session.screen.text.contains("City     广州市"))
    session.type(Self.left)
    #expect(await session.waitUntil { $0.screen.lines.last?.contains("1 / 3") == true })
    session.type(Self.escape + Self.escape)
    #expect(await session.waitForExit() == 0)
    #expect(!session.screen.alternate)
  }

  @Test func typingPinyinFiltersTheMenuAsYouType() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    session.type("guangdong")
    #expect(await session.waitForScreen(containing: "filter: guangdong"))
    #expect(await session.waitUntil { !$0.screen.text.contains("北京市") })
    #expect(session.screen.text.contains("1 广东省"))
    session.type("\r")
    #expect(await session.waitForScreen(containing: "省份信息 › 广东省"))
    session.type("zhuhai")
    #expect(await session.waitUntil { !$0.screen.text.contains("广州市") })
    #expect(session.screen.text.contains("珠海市"))
    // Esc first clears the filter, then goes back.
    session.type(Self.escape)
    #expect(await session.waitForScreen(containing: "广州市"))
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  @Test func aResizeMidSessionRedrawsAtTheNewSize() async throws {
    let (server, session) = try await started(columns: 100, rows: 30)
    defer { server.stop() }
    session.type(Self.down + "\r")
    #expect(await session.waitForScreen(containing: "深圳市"))
    session.resize(columns: 20, rows: 5)
    // The status bar is on the last of the five rows, the count still in it.
    #expect(await session.waitUntil { $0.screen.lines[4].contains("/ 3") })
    #expect(session.screen.lines.contains { $0.contains("广州市") })
    session.resize(columns: 60, rows: 15)
    #expect(await session.waitUntil { $0.screen.lines[14].contains("1 / 3") })
    #expect(session.screen.lines[14].contains("省份信息 › 广东省"))
    // ← backs out, and Esc leaves the menu returned to (q would be text there).
    session.type(Self.left)
    session.type(Self.escape)
    #expect(await session.waitForExit() == 0)
  }

  @Test func escCancelsASlowLoadAndTheSessionGoesOn() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    session.type(Self.down + "\r")
    #expect(await session.waitForScreen(containing: "深圳市"))
    session.type(Self.down + "\r")
    #expect(await session.waitForScreen(containing: "loading"))
    // Keys typed during the load are not applied to the page nobody has seen.
    session.type("G")
    session.type(Self.escape)
    #expect(await session.waitUntil { $0.screen.lines.last?.contains("2 / 3") == true })
    #expect(!session.screen.text.contains("loading"))
    session.type(Self.down + "\r")
    #expect(await session.waitForScreen(containing: "第1段"))
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  @Test func aFragmentLinkScrollsThePageWithoutFetchingIt() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    session.type("\r")
    #expect(await session.waitForScreen(containing: "东城区"))
    session.type("\r")
    #expect(await session.waitForScreen(containing: "跳到历史"))
    #expect(!session.screen.text.contains("故事在这里"))
    session.type("\t\r")
    #expect(await session.waitForScreen(containing: "故事在这里"))
    #expect(session.screen.text.contains(TestHTTPServer.fragmentHeading))
    let fetches = server.requests.filter { $0.path == TestHTTPServer.ScreenPath.longPage }
    #expect(fetches.count == 1)
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  @Test func vSaysWhichViewIsShownAndLaysThePageOutAgainWithoutFetching() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    session.type("\r")
    #expect(await session.waitForScreen(containing: "东城区"))
    session.type("\r")
    #expect(await session.waitForScreen(containing: "跳到历史"))
    // The long page is paragraphs with no article around them: the reader found none.
    #expect(session.screen.text.contains("View     whole page (the reader found no article)"))
    session.type("v")
    #expect(await session.waitForScreen(containing: "The reader found no article here"))
    let fetches = server.requests.filter { $0.path == TestHTTPServer.ScreenPath.longPage }
    #expect(fetches.count == 1)
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  @Test func ctrlZWithNoShellToResumeItDoesNotStopAndTheScreenComesBack() async throws {
    // Here browse leads a session of its own, a process group no shell controls: as for
    // less, the kernel drops the SIGTSTP it raises, so it is never stopped for good.
    let (server, session) = try await started()
    defer { server.stop() }
    let raw = session.sttySettings()
    session.type("\u{1A}")
    session.type(Self.down)
    #expect(await session.waitUntil { $0.screen.lines.last?.contains("2 / 2") == true })
    #expect(session.screen.alternate)
    #expect(session.processState != "T")
    #expect(session.sttySettings() == raw)
    session.type(Self.escape)
    #expect(await session.waitForExit() == 0)
  }

  // On the first screen q is text (a filter such as qinghai): Esc leaves it, as in fzf.
  @Test(arguments: [("\u{03}", Int32(130)), ("\u{1B}", Int32(0))])
  func leavingByKeyRestoresTheTerminalModes(key: String, code: Int32) async throws {
    try #require(PTYSession.isAvailable)
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    server.addScreenRoutes()
    let session = try PTYSession(["--data", try dataFile(server), "--no-cache"])
    let before = session.initialSttySettings
    #expect(await session.waitForScreen(containing: "省份信息"))
    #expect(session.sttySettings() != before)
    session.type(key)
    #expect(await session.waitForExit() == code)
    #expect(session.sttySettings() == before)
    #expect(!session.screen.alternate)
  }

  @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130)), (SIGSEGV, Int32(70))])
  func signalsRestoreTheTerminalModes(signal: Int32, code: Int32) async throws {
    try #require(PTYSession.isAvailable)
    let session = try PTYSession(["--offline"])
    let before = session.initialSttySettings
    #expect(await session.waitForScreen(containing: "省份信息"))
    kill(session.pid, signal)
    #expect(await session.waitForExit() == code)
    #expect(session.sttySettings() == before)
    #expect(!session.screen.alternate)
  }

  @Test func aTerminalBrowserGetsTheTerminalAndTheScreenComesBack() async throws {
    try #require(PTYSession.isAvailable)
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    server.addScreenRoutes()
    // A "browser" that records the URL and whether it had the normal screen's modes.
    let record = ReliabilityFixtures.temporaryPath("opened")
    let script = try ReliabilityFixtures.file(
      "#!/bin/sh\nstty -g > '\(record.path).stty'\necho \"$1\" > '\(record.path)'\n",
      name: "browser.sh")
    chmod(script, 0o755)
    defer {
      try? FileManager.default.removeItem(at: record)
      try? FileManager.default.removeItem(atPath: record.path + ".stty")
    }
    let session = try PTYSession(
      ["--data", try dataFile(server), "--no-cache"], environment: ["BROWSER": script])
    let before = session.initialSttySettings
    #expect(await session.waitForScreen(containing: "省份信息"))
    session.type("\r\r")
    #expect(await session.waitForScreen(containing: "跳到历史"))
    session.type("o")
    let url = server.baseURL + TestHTTPServer.ScreenPath.longPage
    #expect(await session.waitForScreen(containing: "Opened \(url)."))
    #expect(session.screen.alternate)
    let opened = try String(contentsOf: record, encoding: .utf8)
    #expect(opened == url + "\n")
    let modes = try String(contentsOfFile: record.path + ".stty", encoding: .utf8)
    #expect(modes.trimmingCharacters(in: .whitespacesAndNewlines) == before)
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  @Test func pickDrawsOnTheTerminalAndPrintsOnlyTheAnswer() async throws {
    try #require(PTYSession.isAvailable)
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    let session = try PTYSession(
      ["--pick", "--data", try dataFile(server)], pipingOutput: true)
    #expect(await session.waitForScreen(containing: "省份信息"))
    session.type(Self.down + "\r")
    #expect(await session.waitForScreen(containing: "珠海市"))
    session.type("zhuhai")
    #expect(await session.waitUntil { !$0.screen.text.contains("广州市") })
    session.type("\r")
    #expect(await session.waitForExit() == 0)
    let (stdout, stderr) = session.pipedOutput()
    #expect(stdout == server.baseURL + TestHTTPServer.ScreenPath.longPage + "\n")
    #expect(stderr.isEmpty)
    #expect(!session.screen.alternate)
  }

  @Test func lineModeStaysForTheFlagAndForDumbTerminals() async throws {
    try #require(PTYSession.isAvailable)
    for (arguments, environment) in [
      (["--offline", "--line-mode"], [String: String]()), (["--offline"], ["TERM": "dumb"]),
    ] {
      let session = try PTYSession(arguments, environment: environment)
      #expect(await session.waitUntil { String(decoding: $0.output, as: UTF8.self).contains("> ") })
      #expect(!session.screen.alternate)
      session.type("q\r")
      #expect(await session.waitForExit() == 0)
    }
  }
}
