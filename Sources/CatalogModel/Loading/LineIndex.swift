import TextSupport

/// Turns byte offsets into 1-based line numbers, counting only when a diagnostic asks,
/// so files without problems never pay for it.
struct LineIndex {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var cursorOffset = 0
  private var cursorLine = 1

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Diagnostics mostly come in file order, so counting resumes from the last answer.
  mutating func line(at offset: Int) -> Int {
    let target = min(max(offset, 0), bytes.count)
    if target < cursorOffset {
      cursorOffset = 0
      cursorLine = 1
    }
    var line = cursorLine
    var i = cursorOffset
    while i < target {
      if bytes[i] == 0x0A { line += 1 }
      i += 1
    }
    cursorOffset = target
    cursorLine = line
    return line
  }
}
