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

  /// Stdin closed (`<&-`) or a directory (`< /`) is a read error, not the end of input:
  /// every reader of stdin says so in one line and exits 74 (issue 48, item 8).
  @Test(arguments: [
    (["--at", "-"], "<&-", "it is closed"), (["--at", "-"], "< /", "it is a directory"),
    (["--data", "-", "--all"], "<&-", "it is closed"),
    (["--validate", "-"], "<&-", "it is closed"), (["-i"], "<&-", "it is closed"),
    (["-i"], "< /", "it is a directory"),
  ])
  func aStdinThatCannotBeReadIsAnIOError(
    arguments: [String], redirection: String, reason: String
  ) async throws {
    let result = try await BrowseProcess.shell(
      "\"$BROWSE\" \(arguments.joined(separator: " ")) \(redirection)")
    #expect(result.status == 74)
    #expect(result.stderr.hasSuffix("browse: cannot read standard input: \(reason)\n"))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test func stdinAsADirectoryForDataIsAnIOErrorNamingIt() async throws {
    let result = try await BrowseProcess.shell("\"$BROWSE\" --data - --all < /")
    #expect(result.status == 74)
    #expect(result.stderr == "browse: cannot read data file '-': it is a directory\n")
    #expect(result.stdout == "")
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
