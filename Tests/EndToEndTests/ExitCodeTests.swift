import Foundation
import TestSupport
import Testing

/// Exit codes say what happened, whatever else went wrong around it.
@Suite(.timeLimit(.minutes(3))) struct ExitCodeTests {
  @Test func aClosedStderrDoesNotTurnSuccessOrNoMatchInto74() async throws {
    let data = try ReliabilityFixtures.file(
      ReliabilityFixtures.plist(
        province: "甲省", cities: [("乙市", "not a url"), ("丙市", "https://c.test/")]))
    let all = try await BrowseProcess.shell("\"$BROWSE\" --data '\(data)' --all 2>&-")
    #expect(all.status == 0)
    #expect(all.stdout.contains("丙市"))
    let none = try await BrowseProcess.shell("\"$BROWSE\" -c nonexist 2>&-")
    #expect(none.status == 1)
  }

  @Test(arguments: ["1e16", "1e300", "86401"])
  func aTimeoutTooLongToHonourIsAUsageErrorNotATrap(value: String) async throws {
    let result = try await BrowseProcess.run(["-c", "广州", "--fetch", "--timeout", value])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(
      result.stderr.hasPrefix(
        "browse: '--timeout' can be at most 86400 seconds (a day), not '\(value)'\nUsage:"))
  }

  @Test func aBrowserVariableThatCannotStartIsNamedAndNotReplacedByOpen() async throws {
    let result = try await BrowseProcess.run(
      ["-c", "广州", "--open"], environment: ["BROWSER": "/nonexistent/x"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "browse: cannot start the browser '/nonexistent/x': not found (from BROWSER)\n")
  }

  @Test func aBrowserThatFailsIsExitOneNotNetworkUnavailable() async throws {
    let result = try await BrowseProcess.run(
      ["-c", "广州", "--open"], environment: ["BROWSER": "false"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("'false' could not open"))
  }

  @Test func offlineWithoutACachedCopySaysSoInOneLineAndExitsOne() async throws {
    let result = try await BrowseProcess.run(["-c", "广州", "--fetch", "--offline"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasSuffix("is not in the page cache, and --offline keeps off the network\n"))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }
}

/// A browser that draws in the terminal gets it: it runs in browse's
/// foreground process group, so reading the terminal does not stop it, and browse goes on
/// when it exits.
@Suite(.timeLimit(.minutes(3))) struct TerminalBrowserTests {
  @Test func aTerminalBrowserCanReadTheTerminalAndBrowseCarriesOnAfterIt() async throws {
    try #require(PseudoTerminalProcess.isAvailable)
    let browser = try ReliabilityFixtures.file(
      "#!/bin/sh\necho \"reading for $1\"\nread -r line\necho \"got:$line\"\n", name: "text-browser"
    )
    chmod(browser, 0o755)
    let session = try PseudoTerminalProcess(
      ["-c", "广州", "--open"], environment: ["BROWSER": browser])
    #expect(await session.waitForOutput(containing: "reading for https://"), "\(session.output)")
    session.type("hello\r")
    // In a background process group the read would stop the browser (SIGTTIN) and browse
    // would wait for it forever; here it answers and both exit.
    #expect(await session.waitForOutput(containing: "got:hello"), "\(session.output)")
    #expect(await session.waitForExit() == 0)
  }
}
