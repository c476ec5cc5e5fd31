import Foundation
import ProvinceCore
import TextSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The last line of defence: a trap or fault (one inside Foundation included, which no
/// Swift code can catch) ends the run with one plain line and an exit code, never a
/// stack trace. What the line says is set beforehand, since a signal handler can only
/// write bytes it already has.
enum CrashGuard {
  private static let capacity = 1024
  // Written only on the main thread, before and after each fetch; read by the handler.
  nonisolated(unsafe) private static let message = UnsafeMutablePointer<CChar>.allocate(
    capacity: capacity)
  nonisolated(unsafe) private static var exitCode: Int32 = 70
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
    set(
      "browse: internal error: the program stopped on a fault; please report how to repeat it",
      exitCode: 70)
    for signal in [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { _ in
        // tcsetattr and write are async-signal-safe; everything they use is set already.
        if CrashGuard.terminalFD >= 0 {
          _ = write(CrashGuard.terminalFD, CrashGuard.leaveBytes, CrashGuard.leaveCount)
          _ = tcsetattr(CrashGuard.terminalFD, TCSANOW, CrashGuard.savedModes)
        }
        let fd = CrashGuard.errorFD
        _ = write(fd, "\r\u{1B}[K", isatty(fd) == 1 ? 4 : 0)
        _ = write(fd, CrashGuard.message, strlen(CrashGuard.message))
        _exit(CrashGuard.exitCode)
      }
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, nil)
    }
  }

  /// While `body` fetches `url`, a fault is reported as a broken connection (exit 69):
  /// Foundation traps on some malformed responses (swift-corelibs-foundation #5285), and
  /// the runtime's own "Fatal error" line to descriptor 2 is kept off the terminal.
  static func whileFetching<T>(_ url: String, _ body: () -> T) -> T {
    set(
      "browse: the connection to \(URLText.ascii(url)) broke in a way the HTTP library cannot recover from",
      exitCode: ExitCode.unavailable.rawValue)
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    if null >= 0 && errorFD != 2 {
      dup2(null, 2)
    }
    defer {
      if null >= 0 {
        if errorFD != 2 { dup2(errorFD, 2) }
        close(null)
      }
      set(
        "browse: internal error: the program stopped on a fault; please report how to repeat it",
        exitCode: 70)
    }
    return body()
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

  private static func set(_ text: String, exitCode code: Int32) {
    let bytes = Array((text + "\n").utf8.prefix(capacity - 1))
    for (index, byte) in bytes.enumerated() {
      message[index] = CChar(bitPattern: byte)
    }
    message[bytes.count] = 0
    exitCode = code
  }
}
