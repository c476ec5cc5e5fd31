import Foundation
import TestSupport
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

/// Ctrl-C and SIGTERM at the prompt and while a page loads, sent to the real process.
@Suite(.timeLimit(.minutes(3))) struct EndToEndSignalTests {
  @Test func ctrlCAtThePromptExits130() async throws {
    let browse = try BrowseProcess.Running(["-i", "--offline"])
    #expect(await browse.waitForOutput(containing: "> "))
    // Dispatch installs browse's handlers a moment after start-up; a signal sent before
    // that is ignored, as it would be for a user pressing Ctrl-C that early.
    #expect(
      await browse.child.waitUntilCatching(SIGINT), "browse never installed its SIGINT handler")
    #expect(await browse.signal(SIGINT) == 130)
  }

  @Test func sigtermAtThePromptExits143() async throws {
    let browse = try BrowseProcess.Running(["-i", "--offline"])
    #expect(await browse.waitForOutput(containing: "> "))
    // Dispatch installs browse's handlers a moment after start-up; a signal sent before
    // that is ignored, as it would be for a user pressing Ctrl-C that early.
    #expect(
      await browse.child.waitUntilCatching(SIGTERM), "browse never installed its SIGTERM handler")
    #expect(await browse.signal(SIGTERM) == 143)
  }

  @Test(
    "Ctrl-\\ (SIGQUIT) at the prompt exits 131 and writes nothing: no crash report, no backtrace")
  func sigquitAtThePromptExits131Quietly() async throws {
    let browse = try BrowseProcess.Running(["-i", "--offline"])
    #expect(await browse.waitForOutput(containing: "> "))
    #expect(await browse.signal(SIGQUIT) == 131)
    #expect(browse.stderr == "")
    #expect(browse.stdout.hasSuffix("> "))
  }

  @Test(
    "SIGQUIT while --fetch waits on a server exits 131 and writes nothing, not 0 after a report")
  func sigquitDuringAFetchExits131Quietly() async throws {
    let server = try TestHTTPServer.withStandardRoutes()
    defer { server.stop() }
    let plist =
      "<plist><dict><key>测试省</key><array><dict><key>name</key><string>慢市</string>"
      + "<key>url</key><string>\(server.baseURL)\(TestHTTPServer.Path.silent)</string></dict></array></dict></plist>"
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-quit-\(UUID().uuidString).plist")
    try Data(plist.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let browse = try BrowseProcess.Running(
      ["--data", file.path, "-c", "慢市", "--fetch", "--no-cache", "--timeout", "60"])
    #expect(
      await browse.child.signal(SIGQUIT, once: { !server.requests.isEmpty }),
      "the page was never requested from the server")
    #expect(await browse.waitForExit() == 131)
    #expect(browse.stderr == "")
    #expect(browse.stdout == "")
  }

  @Test func aFaultEndsWithOneLineAndNoStackTrace() async throws {
    let browse = try BrowseProcess.Running(["-i", "--offline"])
    #expect(await browse.waitForOutput(containing: "> "))
    #expect(await browse.signal(SIGSEGV) == 70)
    #expect(
      browse.stderr
        == "browse: internal error: the program stopped on a fault (SIGSEGV, a bad memory access);"
        + " please report how to repeat it\n"
    )
  }

  @Test func ctrlCWhileAPageLoadsCancelsItAndTheSessionGoesOn() async throws {
    let server = try TestHTTPServer.withStandardRoutes()
    defer { server.stop() }
    let plist =
      "<plist><dict><key>测试省</key><array><dict><key>name</key><string>慢市</string>"
      + "<key>url</key><string>\(server.baseURL)\(TestHTTPServer.Path.silent)</string></dict></array></dict></plist>"
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-slow-\(UUID().uuidString).plist")
    try Data(plist.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }

    let browse = try BrowseProcess.Running(["-i", "--data", file.path, "--timeout", "30"])
    #expect(await browse.waitForOutput(containing: "> "))
    browse.send("1\n1\n")
    #expect(await browse.waitForOutput(containing: "loading…"))
    // Wait until the request reached the server, so the interrupt lands mid-fetch.
    #expect(
      await browse.signal(SIGINT, once: { !server.requests.isEmpty }),
      "the page was never requested from the server")
    #expect(await browse.waitForOutput(containing: "Cancelled."))
    #expect(browse.isRunning)
    #expect(
      browse.stdout.hasSuffix(
        "Cancelled.\nnumber: choose · text: filter · /text: search · b back · t top · ? help · q quit\n> "
      ))
    browse.send("q\n")
    #expect(await browse.waitForExit() == 0)
  }
}
