import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The harness itself: a child cannot reach the developer's terminal, environment or
/// descriptors, a time limit kills all it started, and the pseudo-terminal is a real
/// controlling terminal whose size can change under the program.
@Suite(.timeLimit(.minutes(3))) struct HarnessTests {
  @Test func aChildHasNoControllingTerminalAndASessionOfItsOwn() async throws {
    let result = try await BrowseProcess.shell(
      """
      if { : < /dev/tty; } 2>/dev/null; then echo "tty reachable"; else echo "no tty"; fi
      read -r -a stat < /proc/$$/stat
      echo "pid=$$ pgrp=${stat[4]} session=${stat[5]}"
      """)
    let pid = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
    let own = pid.split(separator: " ").first?.dropFirst(4) ?? ""
    #expect(result.stdout.hasPrefix("no tty\n"), "\(result.stdout)")
    #expect(pid == "pid=\(own) pgrp=\(own) session=\(own)")
    #expect(Int32(own) != getsid(0))
  }

  @Test func aChildGetsOnlyTheAllowListedEnvironment() async throws {
    let plain = try await BrowseProcess.run(executable: "/usr/bin/env", [])
    let names = Set(plain.stdout.split(separator: "\n").map { String($0.prefix { $0 != "=" }) })
    #expect(names == ChildEnvironment.names)
    let home = ProcessInfo.processInfo.environment["HOME"] ?? "/nonexistent"
    #expect(!plain.stdout.contains("HOME=\(home)\n"))
    #expect(plain.stdout.contains("LC_ALL=C.UTF-8\n"))

    let asked = try await BrowseProcess.run(
      executable: "/usr/bin/env", [], environment: ["EXTRA": "1"], terminal: "dumb")
    let more = Set(asked.stdout.split(separator: "\n").map { String($0.prefix { $0 != "=" }) })
    #expect(more == ChildEnvironment.names.union(["TERM", "EXTRA"]))
    #expect(asked.stdout.contains("TERM=dumb\n"))
  }

  @Test func aChildGetsOnlyItsThreeDescriptorsAndDefaultSignals() async throws {
    // A descriptor this process holds open without close-on-exec, as a careless test might.
    let stray = open("/dev/null", O_RDONLY)
    try #require(stray > 2)
    defer { close(stray) }
    // ls itself, not a shell (whose pipelines hold pipe ends for a moment); its one
    // descriptor of its own is the directory it lists.
    let listing = try await BrowseProcess.run(executable: "/bin/ls", ["-l", "/proc/self/fd"])
    let entries = listing.stdout.split(separator: "\n").filter { $0.contains(" -> ") }
    let others = entries.compactMap { entry -> String? in
      let parts = entry.components(separatedBy: " -> ")
      let number = parts[0].split(separator: " ").last.map(String.init) ?? ""
      if ["0", "1", "2"].contains(number) { return nil }
      if parts[1].hasPrefix("/proc/") && parts[1].hasSuffix("/fd") { return nil }
      return String(entry)
    }
    #expect(entries.count == 4, "\(listing.stdout)")
    #expect(others == [], "descriptors the child should not have: \(others)")
    // Signals 1–31 at their defaults and unblocked, whatever the test runner did with
    // them (glibc keeps 32 and 33 for itself, and posix_spawn leaves them alone).
    let status = try await BrowseProcess.run(
      executable: "/bin/grep", ["-E", "^Sig(Ign|Blk):", "/proc/self/status"])
    let lines = status.stdout.split(separator: "\n")
    #expect(lines.count == 2, "\(status.stdout)")
    for line in lines {
      let mask = UInt64(line.split(separator: "\t").last ?? "", radix: 16)
      #expect(mask.map { $0 & 0x7FFF_FFFF } == 0, "\(line)")
    }
  }

  @Test func theTimeLimitKillsEverythingTheChildStarted() async throws {
    let pids = ReliabilityFixtures.temporaryPath("pids")
    defer { try? FileManager.default.removeItem(at: pids) }
    // One job in the shell's own group, one (job control on) in a group of its own.
    let script = """
      sleep 300 & echo $! > '\(pids.path)'
      set -m
      sleep 301 & echo $! >> '\(pids.path)'
      wait
      """
    // The limit counts from the moment both jobs are started (their pids written), however
    // long a loaded machine takes to get there: a limit counted from the start had to guess.
    let path = pids.path
    let started = Date()
    await #expect(throws: BrowseProcess.TimedOut.self) {
      try await BrowseProcess.shell(script, timeout: 1) {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").count == 2 && text.hasSuffix("\n")
      }
    }
    // Killed at the limit, not after the 300 s the jobs would take (the margin is for a
    // busy test run, which can resume this task late).
    #expect(Date().timeIntervalSince(started) < 120)
    let jobs = try String(contentsOf: pids, encoding: .utf8).split(separator: "\n")
      .compactMap { pid_t($0) }
    #expect(jobs.count == 2)
    let gone = await Deadline.poll(5) {
      jobs.allSatisfy { pid in
        // Gone, or a zombie waiting for whoever inherited it.
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return stat.isEmpty || stat.contains(") Z ")
      }
    }
    #expect(gone, "background jobs \(jobs) outlived their shell's time limit")
  }

  @Test func thePseudoTerminalIsTheControllingTerminalAndCanBeResized() async throws {
    try #require(PseudoTerminalProcess.isAvailable)
    let shell = try PseudoTerminalProcess(
      executable: "/bin/bash",
      [
        "-c",
        """
        [ -t 0 ] && [ -t 1 ] && : < /dev/tty && echo "ctty ok"
        stty size
        trap 'stty size; exit 7' WINCH
        echo ready
        while :; do sleep 0.05; done
        """,
      ], columns: 33, rows: 11)
    #expect(await shell.waitForOutput(containing: "ready"), "\(shell.output.debugDescription)")
    #expect(shell.output.hasPrefix("ctty ok\r\n11 33\r\n"), "\(shell.output.debugDescription)")
    let mark = shell.mark
    shell.resize(columns: 120, rows: 40)
    #expect(await shell.waitForExit() == 7)
    #expect(shell.output(since: mark) == "40 120\r\n")
  }

  @Test func keysTypedIntoThePseudoTerminalAreReadAndCtrlDEndsInput() async throws {
    try #require(PseudoTerminalProcess.isAvailable)
    let shell = try PseudoTerminalProcess(
      executable: "/bin/bash", ["-c", "while read -r line; do echo \"got $line\"; done; echo end"],
      input: "one\ntwo\n")
    #expect(await shell.waitForExit() == 0)
    // The terminal echoes what was typed, and the lines come back as read; Ctrl-D ends
    // the loop.
    let output = shell.output
    #expect(output.contains("got one\r\n") && output.contains("got two\r\n"), "\(output)")
    #expect(output.hasSuffix("end\r\n"), "\(output.debugDescription)")
  }
}
