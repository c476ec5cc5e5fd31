import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads lines from a file descriptor (stdin, or /dev/tty for --pick), invalid UTF-8
/// becoming replacement characters.
final class LineReader {
  let fd: Int32
  private var pending: [UInt8] = []
  private var atEnd = false
  /// Nothing read yet: a UTF-8 byte order mark there (from a Windows editor) is not input.
  private var atStart = true

  init(fd: Int32) {
    self.fd = fd
  }

  var isTerminal: Bool { isatty(fd) == 1 }

  /// The next line without its line ending, or nil at the end of input.
  func readLine() -> String? {
    while true {
      if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        atStart = false
        var line = Array(pending[..<newline])
        pending.removeSubrange(...newline)
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
      }
      if atEnd {
        if atStart && pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }
        atStart = false
        guard !pending.isEmpty else { return nil }
        defer { pending.removeAll() }
        return String(decoding: pending, as: UTF8.self)
      }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count > 0 {
        pending.append(contentsOf: chunk[..<count])
        if atStart && pending.count >= 3 {
          atStart = false
          if pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }
        }
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        atEnd = true
      }
    }
  }
}
