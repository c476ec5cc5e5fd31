import Foundation
import TestSupport
import Testing

/// No dead ends (commit 80facc9), on the built-in data: `-c` and `-x` take a division
/// code; `--pick` starts at `-p`/`-c` with `--query` typed; a filter that matches nothing
/// offers the whole tree's search, and `/` takes it there.
@Suite(.serialized, .timeLimit(.minutes(3))) struct EndToEndStartTests {
  let kunshanURL = "https://zh.wikipedia.org/wiki/%E6%98%86%E5%B1%B1%E5%B8%82"
  let suzhouURL = "https://zh.wikipedia.org/wiki/%E8%8B%8F%E5%B7%9E%E5%B8%82"
  let kunmingURL = "https://zh.wikipedia.org/wiki/%E6%98%86%E6%98%8E%E5%B8%82"

  @Test func cityAndCountyTakeADivisionCode() async throws {
    for arguments in [["-c", "320583"], ["-x", "320583"], ["-p", "江苏", "-c", "320583"]] {
      let result = try await BrowseProcess.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(result.stdout == kunshanURL + "\n", "\(arguments)")
    }
    let suzhou = try await BrowseProcess.run(["-c", "320500", "--format", "tsv"])
    #expect(suzhou.stdout.hasPrefix("江苏省\t苏州市\t"), "\(suzhou.stdout)")
    // A code in another province than the one named is not found there.
    let elsewhere = try await BrowseProcess.run(["-p", "浙江", "-c", "320583"])
    #expect(elsewhere.status != 0)
  }

  @Test func queryGoesWithPickOnly() async throws {
    let result = try await BrowseProcess.run(["--query", "kun"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("'--query' goes with '--pick'"))
  }

  @Test func pickInLineModeStartsAtTheProvinceWithTheQueryTyped() async throws {
    // 江苏's cities filtered by `suzhou` leave 苏州, whose county list opens: 1 is 苏州.
    let result = try await BrowseProcess.run(
      ["--pick", "-p", "江苏", "--query", "suzhou"], input: "1\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == suzhouURL + "\n")
  }

  @Test(arguments: [("苏州", true), ("昆山", false)])
  func pickStartsAtTheCitysCountyList(city: String, isCity: Bool) async throws {
    try #require(PTYSession.isAvailable)
    let session = try PTYSession(
      ["--offline", "--pick", "-c", city], columns: 100, rows: 30, pipingOutput: true)
    #expect(await session.waitForScreen(containing: "江苏省 › 苏州市"), "\(session.screen.text)")
    session.type("\r")
    #expect(await session.waitForExit() == 0)
    #expect(session.pipedOutput().stdout == (isCity ? suzhouURL : kunshanURL) + "\n")
  }

  @Test func aFilterMatchingNothingOffersTheWholeTreeAndSlashTakesIt() async throws {
    try #require(PTYSession.isAvailable)
    let session = try PTYSession(
      ["--offline", "--pick"], columns: 100, rows: 30, pipingOutput: true)
    #expect(await session.waitForScreen(containing: "省份信息"), "\(session.screen.text)")
    session.type("kun")
    #expect(await session.waitForScreen(containing: "filter: kun"), "\(session.screen.text)")
    #expect(
      await session.waitForScreen(containing: "kun: nothing here; / finds "),
      "\(session.screen.text)")
    session.type("/")
    #expect(await session.waitForScreen(containing: "search: kun"), "\(session.screen.text)")
    #expect(await session.waitUntil { $0.screen.text.contains("昆明市") })
    #expect(session.screen.text.contains("昆山市"))
    session.type("shan")
    #expect(await session.waitUntil { !$0.screen.text.contains("昆明市") })
    session.type("\r")
    #expect(await session.waitForExit() == 0)
    #expect(session.pipedOutput().stdout == kunshanURL + "\n")
  }

  /// fzf's `--query` filters everything: `--pick --query kun` opens on the whole tree's
  /// search for `kun` (昆明市, 昆山市), not on the 34 provinces filtered to none (#47).
  @Test func pickQuerySearchesTheWholeTree() async throws {
    try #require(PTYSession.isAvailable)
    let session = try PTYSession(
      ["--offline", "--pick", "--query", "kun"], columns: 100, rows: 30, pipingOutput: true)
    #expect(await session.waitForScreen(containing: "search: kun"), "\(session.screen.text)")
    #expect(
      await session.waitUntil {
        $0.screen.text.contains("昆明市") && $0.screen.text.contains("昆山市")
      }, "\(session.screen.text)")
    // 昆明市 has counties: Enter opens their list, whose first row is the city itself.
    session.type("ming\r")
    #expect(
      await session.waitForScreen(containing: "opens the city's own page"),
      "\(session.screen.text)")
    session.type("\r")
    #expect(await session.waitForExit() == 0)
    #expect(session.pipedOutput().stdout == kunmingURL + "\n")
  }

  /// A line-mode start whose query leaves one division opens it, and with `--pick` that is
  /// the answer, printed at once: the start's effect is performed, not dropped (#47).
  @Test func aPickStartWhoseQueryLeavesOneDivisionAnswersWithIt() async throws {
    let result = try await BrowseProcess.run(
      ["--offline", "--pick", "-c", "苏州", "--query", "kunshan"], input: "")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == kunshanURL + "\n")
  }

  @Test func slashFindsAProvinceToo() async throws {
    try #require(PTYSession.isAvailable)
    let session = try PTYSession(["--offline"], columns: 100, rows: 30)
    #expect(await session.waitForScreen(containing: "省份信息"))
    session.type("/guangdong")
    #expect(await session.waitForScreen(containing: "search: guangdong"))
    #expect(
      await session.waitUntil { $0.screen.text.contains("广州市") && $0.screen.text.contains("深圳市") },
      "\(session.screen.text)")
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }
}
