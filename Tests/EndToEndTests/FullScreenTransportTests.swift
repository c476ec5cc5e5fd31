import Foundation
import TestSupport
import Testing

/// The full screen against servers that misbehave where Foundation would trap: the session
/// shows a failed page and goes on, as it does in line mode and one-shot `--fetch`.
@Suite(.serialized, .timeLimit(.minutes(3))) struct FullScreenTransportTests {
  @Test(arguments: ["HTTP/1.1 200 OK\r\nX-A: 1", "HTTP/1.1 200 OK\r\n", "HTTP/1.1 2"])
  func theMenusSurviveAServerThatHangsUpMidHeaders(head: String) async throws {
    try #require(PTYSession.isAvailable)
    let server = try TestHTTPServer.withStandardRoutes()
    defer { server.stop() }
    server.rawRoute("/cut") { $0.write(head) }
    let data = try ReliabilityFixtures.file(
      ReliabilityFixtures.plist(
        province: "测试省",
        cities: [
          ("断市", server.url("/cut").absoluteString),
          ("好市", server.url(TestHTTPServer.Path.utf8).absoluteString),
        ]))
    defer { try? FileManager.default.removeItem(atPath: data) }
    let session = try PTYSession(["--data", data, "--no-cache"], columns: 100, rows: 30)
    #expect(await session.waitForScreen(containing: "测试省"))
    session.type("\r")
    #expect(await session.waitForScreen(containing: "好市"))
    // The page whose server hung up mid-headers is a failed page, not the end of the program.
    session.type("\r")
    #expect(
      await session.waitForScreen(containing: "The connection was lost"),
      "\(session.screen.text)")
    #expect(session.processState != nil)
    // Back, and the next page arrives whole through the same session.
    session.type("\u{1B}[D")
    #expect(await session.waitUntil { !$0.screen.text.contains("The connection was lost") })
    session.type("\u{1B}[B\r")
    #expect(await session.waitForScreen(containing: "Guangzhou, 广东省"), "\(session.screen.text)")
    // And the broken one again: still a failed page.
    session.type("\u{1B}[D\u{1B}[A\r")
    #expect(await session.waitForScreen(containing: "The connection was lost"))
    // Esc, again and again, unwinds to the top and leaves.
    session.type("\u{1B}\u{1B}\u{1B}")
    #expect(await session.waitForExit() == 0)
  }
}
