import Foundation
import ProvinceCore
import TextSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The last line of defence: a trap or fault (one inside Foundation included, which no
/// Swift code can catch) ends the run with the terminal restored, one plain line naming
/// the fault, and exit 70 (EX_SOFTWARE), never a stack trace. A fault is always reported
/// as ours: no server can cause one (the libcurl shim turns the one Foundation trap a
/// server could cause into a lost connection, RELIABILITY.md), so it must never read as
/// "network unavailable". A signal handler can only write bytes it already has, so each
/// line is made beforehand.
enum CrashGuard {
  private static let capacity = 256
  private static let signals: [(number: Int32, name: String)] = [
    (SIGILL, "SIGILL, a trap"), (SIGTRAP, "SIGTRAP, a trap"), (SIGABRT, "SIGABRT, an abort"),
    (SIGSEGV, "SIGSEGV, a bad memory access"), (SIGBUS, "SIGBUS, a bad memory access"),
    (SIGFPE, "SIGFPE, an arithmetic fault"),
  ]
  // One line per signal, indexed by signal number; written once by `install`.
  nonisolated(unsafe) private static let messages = UnsafeMutablePointer<CChar>.allocate(
    capacity: capacity * 32)
  nonisolated(unsafe) private static var errorFD: Int32 = 2
  // The full-screen session's way back, set while it has the terminal: the descriptor,
  // the modes it found and the bytes that leave its screen, all ready for the handler.
  nonisolated(unsafe) private static var terminalFD: Int32 = -1
  nonisolated(unsafe) private static let savedModes = UnsafeMutablePointer<termios>.allocate(
    capacity: 1)
  nonisolated(unsafe) private static let leaveBytes = UnsafeMutablePointer<UInt8>.allocate(
    capacity: 256)
  nonisolated(unsafe) private static var leaveCount = 0

  static func install() {
    errorFD = StandardStream.error.fd
    messages.initialize(repeating: 0, count: capacity * 32)
    for (number, name) in signals where number < 32 {
      let text =
        "browse: internal error: the program stopped on a fault (\(name)); "
        + "please report how to repeat it\n"
      let bytes = Array(text.utf8.prefix(capacity - 1))
      for (index, byte) in bytes.enumerated() {
        messages[Int(number) * capacity + index] = CChar(bitPattern: byte)
      }
    }
    for (number, _) in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        // tcsetattr and write are async-signal-safe; everything they use is set already.
        if CrashGuard.terminalFD >= 0 {
          _ = write(CrashGuard.terminalFD, CrashGuard.leaveBytes, CrashGuard.leaveCount)
          _ = tcsetattr(CrashGuard.terminalFD, TCSANOW, CrashGuard.savedModes)
        }
        let fd = CrashGuard.errorFD
        let line =
          CrashGuard.messages + Int(number >= 0 && number < 32 ? number : 0) * CrashGuard.capacity
        // A literal, not ControlSequence: a signal handler may only touch static C strings.
        _ = write(fd, "\r\u{1B}[K", isatty(fd) == 1 ? 4 : 0)
        _ = write(fd, line, strlen(line))
        _exit(70)  // EX_SOFTWARE: a fault of the program's own
      }
      sigemptyset(&action.sa_mask)
      sigaction(number, &action, nil)
    }
    installQuit()
  }

  /// Ctrl-\ (SIGQUIT) ends the run as the static build always did: the terminal put back,
  /// the line a spinner or prompt was on ended (as SIGTERM's cleanup does), exit 131 (128 +
  /// SIGQUIT, what a shell reports) and nothing else. Swift's runtime backtracer, present in
  /// the plain build, claims SIGQUIT at start-up and answered it with a "Program crashed"
  /// report and a backtrace, then let the run go on without a prompt (`--fetch` exited 0).
  private static func installQuit() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      if CrashGuard.terminalFD >= 0 {
        _ = write(CrashGuard.terminalFD, CrashGuard.leaveBytes, CrashGuard.leaveCount)
        _ = tcsetattr(CrashGuard.terminalFD, TCSANOW, CrashGuard.savedModes)
      }
      let fd = CrashGuard.errorFD
      // A literal, not ControlSequence: a signal handler may only touch static C strings.
      _ = write(fd, "\r\u{1B}[K\n", isatty(fd) == 1 ? 5 : 0)
      _exit(131)
    }
    sigemptyset(&action.sa_mask)
    sigaction(SIGQUIT, &action, nil)
    // A mask is inherited across exec: a parent that blocked SIGQUIT (as a test runner
    // does) left Ctrl-\ pending for good, the run going on with the terminal taken.
    var quit = sigset_t()
    sigemptyset(&quit)
    sigaddset(&quit, SIGQUIT)
    pthread_sigmask(SIG_UNBLOCK, &quit, nil)
  }

  /// While the full-screen session has the terminal, a crash puts it back: `modes` on
  /// `fd` and `bytes` written to it. Nil (when the session gives the terminal back) stops it.
  static func restoring(fd: Int32, modes: termios, bytes: [UInt8]) {
    terminalFD = -1
    savedModes.pointee = modes
    let count = min(bytes.count, 256)
    for index in 0..<count { leaveBytes[index] = bytes[index] }
    leaveCount = count
    terminalFD = fd
  }

  /// The terminal is the shell's again: a crash no longer touches it.
  static func stopRestoring() {
    terminalFD = -1
  }
}
