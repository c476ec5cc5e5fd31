import Foundation
import TestSupport
import Testing

/// The township level on a pseudo-terminal: 江苏 → 苏州 → 昆山市 opens its townships (the
/// county first), a township without an article answers with the ways on, and back
/// returns through the lists.
@Suite(.serialized, .timeLimit(.minutes(2))) struct FullScreenTownshipTests {
  static let down = "\u{1B}[B"
  static let left = "\u{1B}[D"
  static let escape = "\u{1B}"

  /// 江苏省: 南京市, and 苏州市 whose 昆山市 carries two townships; 玉山镇's page is missing.
  func dataFile(_ server: TestHTTPServer) throws -> String {
    let page = server.baseURL + TestHTTPServer.ScreenPath.longPage
    let missing = server.baseURL + "/wiki/no-such-article"
    let json = """
      {"江苏省": [{"name": "南京市", "url": "\(page)"},
        {"name": "苏州市", "url": "\(page)", "counties": [
          {"name": "姑苏区", "url": "\(page)"},
          {"name": "昆山市", "url": "\(page)", "townships": [
            {"name": "玉山镇", "url": "\(missing)", "code": "320583100"},
            {"name": "巴城镇", "url": "\(page)", "code": "320583101"}]}]}]}
      """
    return try ReliabilityFixtures.file(json, name: "townships.json")
  }

  @Test func kunshansTownshipsOpenAndAMissingArticleOffersItsCountyAndTheSearch() async throws {
    try #require(PTYSession.isAvailable)
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    server.addScreenRoutes()
    let session = try PTYSession(
      ["--data", try dataFile(server), "--no-cache"], columns: 100, rows: 24)
    #expect(await session.waitForScreen(containing: "省份信息"))
    session.type("\r")
    #expect(await session.waitForScreen(containing: "省份信息 › 江苏省"))
    session.type(Self.down + "\r")
    #expect(await session.waitForScreen(containing: "省份信息 › 江苏省 › 苏州市"))
    session.type(Self.down + Self.down + "\r")
    #expect(await session.waitForScreen(containing: "苏州市 › 昆山市"))
    #expect(session.screen.text.contains("巴城镇"))
    #expect(session.screen.text.contains("2 townships"))
    session.type(Self.down + "\r")
    #expect(await session.waitForScreen(containing: "玉山镇 has no article here"))
    #expect(session.screen.text.contains("昆山市's page"))
    #expect(session.screen.text.contains("Search the wiki for 玉山镇"))
    session.type(Self.left)
    #expect(await session.waitUntil { $0.screen.text.contains("巴城镇") })
    session.type(Self.left)
    #expect(await session.waitUntil { $0.screen.text.contains("姑苏区") })
    session.type(Self.escape + Self.escape + Self.escape)
    #expect(await session.waitForExit() == 0)
  }

  @Test func lineModeReachesTheTownshipsAndFollowsTheMissingArticlesLinkToItsCounty()
    async throws
  {
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    server.addScreenRoutes()
    let result = try await BrowseProcess.run(
      ["-i", "--data", try dataFile(server), "--no-cache"], input: "1\n2\n3\n2\n\n1\nq\n")
    #expect(result.status == 0)
    #expect(result.stdout.contains("昆山市: 2 townships; 1 昆山市 opens the division's own page."))
    #expect(result.stdout.contains("玉山镇 has no article here (HTTP 404 Not Found)"))
    #expect(result.stdout.contains("* Search the wiki for 玉山镇[2]"))
    // Enter shows the page's second part, its references; then link 1 is followed.
    // Link 1, 昆山市's page, is followed: the loopback's long page arrives.
    #expect(result.stdout.contains("[1] 昆山市's page — \(server.baseURL)/screen/long"))
    #expect(result.stdout.contains("第1段"))
  }
}
