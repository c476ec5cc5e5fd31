import Foundation
import TestSupport
import Testing

/// Lists as lynx has them: in the link list `/` moves the
/// selection to the match and `n`/`N` go on, so Enter follows the link found; a typed
/// number selects that link on a page and in the list, the digits shown, Enter follows it.
@Suite(.serialized, .timeLimit(.minutes(3))) struct FullScreenListKeysTests {
  /// The same 12 provinces as the keys' tests; 东莞市 (广东省's 4th) is a page with 30
  /// links, 栏目1…栏目30, in its whole-page view, and three of them lead to pages here.
  func started() async throws -> (TestHTTPServer, PTYSession) {
    try #require(PTYSession.isAvailable)
    let server = try TestHTTPServer.started()
    let keys = FullScreenKeysTests()
    keys.addRoutes(server)
    for number in [2, 7, 12, 20] {
      server.route("/menu/\(number)") { _ in
        .html("<html><body><p>这是栏目\(number)的页。</p></body></html>")
      }
    }
    let session = try PTYSession(
      ["--data", try keys.dataFile(server), "--no-cache"], columns: 100, rows: 30)
    #expect(await session.waitForScreen(containing: "省份信息"))
    session.type("12\r")
    #expect(await session.waitForScreen(containing: "省份信息 › 广东省"))
    session.type("4\r")
    #expect(await session.waitForScreen(containing: "第1节"))
    session.type("v")
    #expect(await session.waitForScreen(containing: "The whole page"))
    return (server, session)
  }

  func prompt(_ session: PTYSession) -> String {
    session.screen.lines[session.screen.lines.count - 2]
  }

  /// Link `number` is selected: the prompt shows the digits typed or, a second later, the
  /// link's address.
  func selected(_ number: Int, _ session: PTYSession) -> Bool {
    let prompt = prompt(session)
    return prompt.contains("link: \(number)") || prompt.contains("/menu/\(number)")
  }

  func status(_ session: PTYSession) -> String { session.screen.lines.last ?? "" }

  @Test func slashInTheLinkListMovesTheSelectionAndNGoesOn() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    session.type("l")
    #expect(await session.waitUntil { self.status($0).contains("links 1 / 30") })
    // 栏目2, then 栏目20…栏目29 hold the text.
    session.type("/栏目2\r")
    #expect(
      await session.waitUntil { self.status($0).contains("links 2 / 30") },
      "\(status(session))")
    session.type("n")
    #expect(
      await session.waitUntil { self.status($0).contains("links 20 / 30") },
      "\(status(session))")
    session.type("N")
    #expect(await session.waitUntil { self.status($0).contains("links 2 / 30") })
    session.type("n")
    #expect(await session.waitUntil { self.status($0).contains("links 20 / 30") })
    session.type("\r")
    #expect(await session.waitForScreen(containing: "这是栏目20的页"), "\(session.screen.text)")
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  @Test func aTypedNumberFollowsThatLinkOnAPageAndInTheList() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    session.type("12")
    // Link 12 is selected: the prompt shows the digits for a second (`numberTimeout`, on
    // the wall clock here: a loaded machine can draw the next frame after it), then the
    // link's address. Either says so; the second's own timing is FullScreenNavigatorTests'.
    #expect(
      await session.waitUntil { self.selected(12, $0) }, "\(prompt(session))")
    if prompt(session).contains("link: 12") { #expect(prompt(session).contains("Enter follow")) }
    session.type("\r")
    #expect(await session.waitForScreen(containing: "这是栏目12的页"), "\(session.screen.text)")
    session.type("\u{1B}[D")
    #expect(await session.waitUntil { !$0.screen.text.contains("这是栏目12的页") })
    #expect(await session.waitUntil { self.status($0).contains("广东省 › 东莞市") })
    session.type("l")
    #expect(await session.waitUntil { self.status($0).contains("links ") })
    session.type("7")
    #expect(await session.waitUntil { self.status($0).contains("links 7 / 30") })
    #expect(selected(7, session))
    session.type("\r")
    #expect(await session.waitForScreen(containing: "这是栏目7的页"), "\(session.screen.text)")
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }
}
