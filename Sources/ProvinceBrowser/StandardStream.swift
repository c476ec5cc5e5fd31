import BuiltInCatalog
import CatalogModel
import Foundation
import PageReader
import ProvinceCore
import ProvinceIO
import TextSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Writes to a file descriptor, buffered, and turns write failures into clean exits:
/// a reader that went away (`| head`) ends the run quietly with 0; a closed or full
/// stdout is one line on stderr and exit 74. Messages that stderr cannot take are
/// dropped: they must not turn a success or a "no match" into 74.
final class StandardStream: @unchecked Sendable {
  static let output = StandardStream(fd: 1)
  /// Our own copy of descriptor 2, so that `CrashGuard` can silence what libraries write
  /// to descriptor 2 during a fetch while the spinner and messages still reach the user.
  static let error = StandardStream(fd: max(2, fcntl(2, F_DUPFD_CLOEXEC, 3)))

  let fd: Int32
  /// The descriptor was closed when the process started: writing to it is an error.
  private(set) var wasClosed = false
  private var buffer: [UInt8] = []
  /// Set by `finish(with:)`: the stream has said its last word and drops later writes.
  private var sealed = false
  private let lock = NSLock()

  init(fd: Int32) {
    self.fd = fd
  }

  var isTerminal: Bool { isatty(fd) == 1 }

  static func claimClosedDescriptors() {
    for fd: Int32 in [0, 1, 2] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
      if null >= 0 && null != fd {
        dup2(null, fd)
        close(null)
      }
      if fd == 1 { output.wasClosed = true }
      if fd == 2 { error.wasClosed = true }
    }
  }

  func write(_ text: String) {
    lock.lock()
    guard !sealed else {
      lock.unlock()
      return
    }
    buffer.append(contentsOf: text.utf8)
    let full = buffer.count >= 1 << 16
    lock.unlock()
    if full { flush() }
  }

  func flush() {
    lock.lock()
    defer { lock.unlock() }
    flushLocked()
  }

  /// Writes `text` as the last thing this stream shows before the process exits: a spinner
  /// tick on another thread, racing the exit, must not redraw a line the cleanup erased.
  func finish(with text: String) {
    lock.lock()
    defer { lock.unlock() }
    buffer.append(contentsOf: text.utf8)
    flushLocked()
    sealed = true
  }

  /// Set when stderr could not be written: later messages are dropped too.
  private var dropping = false

  private var isMessages: Bool { self === StandardStream.error }

  private func flushLocked() {
    if dropping {
      buffer.removeAll()
      return
    }
    if wasClosed && !buffer.isEmpty {
      buffer.removeAll()
      if isMessages {
        dropping = true
        return
      }
      failed(errno: EBADF)
    }
    var offset = 0
    while offset < buffer.count {
      let written = buffer.withUnsafeBytes { raw in
        Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        let code = errno
        buffer.removeAll()
        if isMessages {
          dropping = true
          return
        }
        failed(errno: code)
      }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
  }

  private func failed(errno code: Int32) -> Never {
    if fd == 1 && code == EPIPE {
      _exit(ExitCode.success.rawValue)
    }
    if fd != 2 {
      let message = "browse: cannot write output: \(String(cString: strerror(code)))\n"
      _ = message.withCString { Glibc.write(2, $0, strlen($0)) }
    }
    _exit(ExitCode.ioError.rawValue)
  }
}
