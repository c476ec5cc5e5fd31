import Foundation
import ProvinceCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Writes to a file descriptor, buffered, and turns write failures into clean exits:
/// a reader that went away (`| head`) ends the run quietly with 0; a closed or full
/// stdout is one line on stderr and exit 74. Messages that stderr cannot take are
/// dropped: they must not turn a success or a "no match" into 74.
final class StandardStream: Sendable {
  static let output = StandardStream(fd: 1, isMessages: false)
  /// Our own copy of descriptor 2, so that `CrashGuard` can silence what libraries write
  /// to descriptor 2 during a fetch while the spinner and messages still reach the user.
  static let error = StandardStream(fd: max(2, fcntl(2, F_DUPFD_CLOEXEC, 3)), isMessages: true)

  private struct State {
    var buffer: [UInt8] = []
    /// The descriptor was closed when the process started: writing to it is an error.
    var wasClosed = false
    /// Set by `finish(with:)`: the stream has said its last word and drops later writes.
    var sealed = false
    /// Set when stderr could not be written: later messages are dropped too.
    var dropping = false
  }

  let fd: Int32
  private let isMessages: Bool
  private let state = Mutex(State())

  private init(fd: Int32, isMessages: Bool) {
    self.fd = fd
    self.isMessages = isMessages
  }

  var isTerminal: Bool { isatty(fd) == 1 }

  /// Set when stdin was closed at start (it then reads /dev/null): a reader of stdin
  /// reports it as a read error rather than take it for empty input.
  private static let inputClosed = Mutex(false)

  /// The reason stdin cannot be read, when it was closed at start.
  static var closedInputReason: String? {
    inputClosed.withLock { $0 } ? "it is closed" : nil
  }

  /// The one-line message for a failed read of stdin (exit 74), `reason` from
  /// `closedInputReason` or `errno`.
  static func inputReadFailure(_ reason: String) -> String {
    "browse: cannot read standard input: \(reason)\n"
  }

  /// `errno`'s text, for a failed read.
  static func reason(errno code: Int32) -> String {
    code == EISDIR ? "it is a directory" : String(cString: strerror(code))
  }

  static func claimClosedDescriptors() {
    for fd: Int32 in [0, 1, 2] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      if fd == 0 { inputClosed.withLock { $0 = true } }
      let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
      if null >= 0 && null != fd {
        dup2(null, fd)
        close(null)
      }
      if fd == 1 { output.state.withLock { $0.wasClosed = true } }
      if fd == 2 { error.state.withLock { $0.wasClosed = true } }
    }
  }

  func write(_ text: String) {
    let full = state.withLock { state in
      guard !state.sealed else { return false }
      state.buffer.append(contentsOf: text.utf8)
      return state.buffer.count >= 1 << 16
    }
    if full { flush() }
  }

  /// `write(_:)` for bytes already made (`--at -`'s answers to a block of input).
  func write(bytes: [UInt8]) {
    let full = state.withLock { state in
      guard !state.sealed else { return false }
      state.buffer.append(contentsOf: bytes)
      return state.buffer.count >= 1 << 16
    }
    if full { flush() }
  }

  func flush() {
    state.withLock { flush(&$0) }
  }

  /// Writes `text` as the last thing this stream shows before the process exits: a spinner
  /// tick on another thread, racing the exit, must not redraw a line the cleanup erased.
  func finish(with text: String) {
    state.withLock { state in
      state.buffer.append(contentsOf: text.utf8)
      flush(&state)
      state.sealed = true
    }
  }

  private func flush(_ state: inout State) {
    if state.dropping {
      state.buffer.removeAll()
      return
    }
    if state.wasClosed && !state.buffer.isEmpty {
      state.buffer.removeAll()
      if isMessages {
        state.dropping = true
        return
      }
      failed(errno: EBADF)
    }
    var offset = 0
    while offset < state.buffer.count {
      let written = state.buffer.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return Glibc.write(fd, base + offset, raw.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        let code = errno
        state.buffer.removeAll()
        if isMessages {
          state.dropping = true
          return
        }
        failed(errno: code)
      }
      offset += written
    }
    state.buffer.removeAll(keepingCapacity: true)
  }

  private func failed(errno code: Int32) -> Never {
    if code == EPIPE {
      _exit(ExitCode.success.rawValue)
    }
    let message = "browse: cannot write output: \(String(cString: strerror(code)))\n"
    _ = message.withCString { Glibc.write(2, $0, strlen($0)) }
    _exit(ExitCode.ioError.rawValue)
  }
}
