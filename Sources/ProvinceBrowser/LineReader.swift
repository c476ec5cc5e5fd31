import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads lines from a file descriptor (stdin, or /dev/tty for --pick), invalid UTF-8
/// becoming replacement characters. Reading is linear in the input: each byte is looked
/// at once for a newline, and consumed lines are dropped in bulk. A line longer than
/// `maximumLine` ends the input (`refusedLongLine`): no command is that long, and an endless
/// line (`browse -i < /dev/zero`) would otherwise be read forever.
final class LineReader {
  /// The longest line read; longer ones end the input.
  static let maximumLine = 64 * 1024

  let fd: Int32
  private var pending: [UInt8] = []
  /// Where the next line begins in `pending`.
  private var start = 0
  /// How far `pending` has been searched for a newline.
  private var searched = 0
  private var atEnd = false
  /// Nothing read yet: a UTF-8 byte order mark there (from a Windows editor) is not input.
  private var atStart = true
  /// True once a line longer than `maximumLine` has ended the input.
  private(set) var refusedLongLine = false
  /// Why the input could not be read (stdin closed at start, a directory…), once a read
  /// failed: the input ends there, as an error rather than its end.
  private(set) var failure: String?

  init(fd: Int32) {
    self.fd = fd
    if fd == 0, let closed = StandardStream.closedInputReason {
      failure = closed
      atEnd = true
    }
  }

  var isTerminal: Bool { isatty(fd) == 1 }

  /// The next line without its line ending, or nil at the end of input (or of a line too
  /// long to read).
  func readLine() -> String? {
    while true {
      if let newline = pending[searched...].firstIndex(of: UInt8(ascii: "\n")) {
        guard newline - start <= Self.maximumLine else { return refuse() }
        atStart = false
        var end = newline
        if end > start && pending[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = String(decoding: pending[start..<end], as: UTF8.self)
        consume(through: newline)
        return line
      }
      searched = pending.count
      guard pending.count - start <= Self.maximumLine else { return refuse() }
      if atEnd {
        if atStart && pending[start...].starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
        atStart = false
        guard start < pending.count else { return nil }
        defer { consume(through: pending.count - 1) }
        return String(decoding: pending[start...], as: UTF8.self)
      }
      var chunk = [UInt8](repeating: 0, count: 16_384)
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count > 0 {
        pending.append(contentsOf: chunk[..<count])
        if atStart && pending.count >= 3 {
          atStart = false
          if pending.starts(with: [0xEF, 0xBB, 0xBF]) {
            start = 3
            searched = max(searched, 3)
          }
        }
      } else if count < 0 && errno == EINTR {
        continue
      } else if count < 0 {
        failure = StandardStream.reason(errno: errno)
        atEnd = true
      } else {
        atEnd = true
      }
    }
  }

  /// Ends the input for a line longer than `maximumLine`, whatever the reads' sizes were.
  private func refuse() -> String? {
    refusedLongLine = true
    atEnd = true
    pending.removeAll()
    start = 0
    searched = 0
    return nil
  }

  /// Drops the bytes up to `index`: in bulk, once they are most of the buffer, so that many
  /// short lines read from one large chunk cost no more than one pass.
  private func consume(through index: Int) {
    start = index + 1
    searched = start
    if start == pending.count {
      pending.removeAll(keepingCapacity: true)
      start = 0
      searched = 0
    } else if start >= 65_536 && start * 2 >= pending.count {
      pending.removeFirst(start)
      start = 0
      searched = 0
    }
  }
}
