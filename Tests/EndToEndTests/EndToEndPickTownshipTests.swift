import Foundation
import TestSupport
import Testing

/// `--pick` answers at the county level; `--pick --townships` goes one level further, to a
/// township or (the list's first row) the county itself. Through a pseudo-terminal, on the
/// built-in data; the URLs are the articles' titles percent-encoded, typed here.
@Suite(.serialized, .timeLimit(.minutes(3))) struct EndToEndPickTownshipTests {
  /// 玉山镇_(昆山市)
  let yushanURL =
    "https://zh.wikipedia.org/wiki/%E7%8E%89%E5%B1%B1%E9%95%87_(%E6%98%86%E5%B1%B1%E5%B8%82)"
  /// 东城区
  let dongchengURL = "https://zh.wikipedia.org/wiki/%E4%B8%9C%E5%9F%8E%E5%8C%BA"
  /// 东华门街道
  let donghuamenURL =
    "https://zh.wikipedia.org/wiki/%E4%B8%9C%E5%8D%8E%E9%97%A8%E8%A1%97%E9%81%93"

  @Test func pickWithTownshipsOpensTheCountysTownshipsAndPicksOne() async throws {
    try #require(PTYSession.isAvailable)
    let session = try PTYSession(
      ["--offline", "--pick", "--townships", "-c", "昆山"], columns: 100, rows: 30,
      pipingOutput: true)
    #expect(await session.waitForScreen(containing: "江苏省 › 苏州市"), "\(session.screen.text)")
    // 昆山市 is selected in 苏州's county list: Enter opens its townships, not the answer.
    session.type("\r")
    #expect(await session.waitForScreen(containing: "巴城镇"), "\(session.screen.text)")
    // Row 1 is 昆山市 itself; row 2 the first township by code, 玉山镇 (320583100).
    session.type("\u{1B}[B")
    #expect(await session.waitForScreen(containing: " 2 / "), "\(session.screen.text)")
    session.type("\r")
    #expect(await session.waitForExit() == 0)
    #expect(session.pipedOutput().stdout == yushanURL + "\n")
  }

  @Test func pickWithoutTownshipsAnswersWithTheCountyLevelDivision() async throws {
    try #require(PTYSession.isAvailable)
    // 东城区 has no counties; its streets are not opened: it is the answer.
    let session = try PTYSession(
      ["--offline", "--pick", "-p", "北京", "-c", "东城"], columns: 100, rows: 30,
      pipingOutput: true)
    #expect(await session.waitForScreen(containing: "东城区"), "\(session.screen.text)")
    session.type("\r")
    #expect(await session.waitForExit() == 0)
    #expect(session.pipedOutput().stdout == dongchengURL + "\n")
  }

  @Test func pickWithTownshipsReachesAStreetOfADistrictWithoutCounties() async throws {
    try #require(PTYSession.isAvailable)
    let session = try PTYSession(
      ["--offline", "--pick", "--townships", "-p", "北京", "-c", "东城"], columns: 100,
      rows: 30, pipingOutput: true)
    #expect(await session.waitForScreen(containing: "东城区"), "\(session.screen.text)")
    session.type("\r")
    #expect(await session.waitForScreen(containing: "东华门街道"), "\(session.screen.text)")
    // Row 1 is 东城区 itself; row 2 its first street by code, 东华门街道 (110101001).
    session.type("\u{1B}[B")
    #expect(await session.waitForScreen(containing: " 2 / "), "\(session.screen.text)")
    session.type("\r")
    #expect(await session.waitForExit() == 0)
    #expect(session.pipedOutput().stdout == donghuamenURL + "\n")
  }
}
