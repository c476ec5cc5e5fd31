import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every signal that ends the full-screen session puts the terminal back as it was found:
/// the main screen, mouse reports off, the cursor shown, the modes restored; and the exit
/// status is the one a shell reports for that signal (128 + its number).
@Suite(.serialized, .timeLimit(.minutes(3))) struct FullScreenSignalTests {
  /// The signals whose default action ends a process, sent from outside: a hang-up (the
  /// terminal closed, ssh dropped), the user signals, timers, resource limits, power, I/O
  /// and the real-time ones. Linux numbers them as glibc's headers do.
  static let ending: [(name: String, number: Int32)] = [
    ("SIGHUP", 1), ("SIGUSR1", 10), ("SIGUSR2", 12), ("SIGALRM", 14), ("SIGSTKFLT", 16),
    ("SIGXCPU", 24), ("SIGXFSZ", 25), ("SIGVTALRM", 26), ("SIGPROF", 27), ("SIGIO", 29),
    ("SIGPWR", 30), ("SIGRTMIN", 34), ("SIGRTMAX", 64),
  ]

  @Test(arguments: ending)
  func aSignalThatEndsTheSessionRestoresTheTerminal(signal: (name: String, number: Int32))
    async throws
  {
    try #require(PTYSession.isAvailable)
    let session = try PTYSession(["--offline"])
    let before = session.initialSttySettings
    #expect(await session.waitForScreen(containing: "省份信息"))
    // The fixture holds: the session took the terminal before the signal.
    let took = session.screen.alternate && session.screen.mouseReporting
    #expect(took && !session.screen.cursorVisible)
    // Handlers go in asynchronously (Dispatch sources): this one's must be there (before
    // it, a signal meets SIG_IGN or, on the code before, the default action).
    #expect(await session.waitUntil { Self.catches($0.pid, signal.number) }, "\(signal.name)")
    kill(session.pid, signal.number)
    #expect(await session.waitForExit() == 128 + signal.number, "\(signal.name)")
    #expect(session.sttySettings() == before, "\(signal.name)")
    let (alternate, mouse, cursor) = session.screenModes
    #expect(!alternate, "\(signal.name)")
    #expect(!mouse, "\(signal.name)")
    #expect(cursor, "\(signal.name)")
  }

  /// The signals that already did so, held to the same four checks (mouse and cursor too).
  @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130)), (SIGQUIT, Int32(131))])
  func theSignalsThatAlwaysRestoredAlsoTurnOffTheMouseAndShowTheCursor(
    signal: Int32, code: Int32
  ) async throws {
    try #require(PTYSession.isAvailable)
    let session = try PTYSession(["--offline"])
    #expect(await session.waitForScreen(containing: "省份信息"))
    let took = session.screen.mouseReporting
    #expect(took && !session.screen.cursorVisible)
    kill(session.pid, signal)
    #expect(await session.waitForExit() == code)
    let (alternate, mouse, cursor) = session.screenModes
    #expect(!alternate)
    #expect(!mouse)
    #expect(cursor)
  }

  /// Whether process `pid` has a handler for `signal` (SigCgt in /proc/PID/status).
  static func catches(_ pid: pid_t, _ signal: Int32) -> Bool {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
      let mask = UInt64(
        line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
    else { return false }
    return mask & (1 << UInt64(signal - 1)) != 0
  }
}

extension PTYSession {
  /// The screen's alternate-screen, mouse-report and cursor-shown modes, as plain values
  /// (an expectation on the screen itself prints all its cells).
  fileprivate var screenModes: (alternate: Bool, mouse: Bool, cursor: Bool) {
    (screen.alternate, screen.mouseReporting, screen.cursorVisible)
  }
}
