/// Turns byte offsets into 1-based line numbers, counting only when a diagnostic asks,
/// so files without problems never pay for it.
struct LineIndex {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var cursorOffset = 0
  private var cursorLine = 1

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Bytes examined so far, so tests can tell linear from quadratic without a clock.
  private(set) var bytesScanned = 0

  /// Diagnostics mostly come in file order, so counting resumes from the last answer. Some
  /// point back a little (a province's warning follows its cities'): those count back from
  /// the cursor, never again from the start, which made a file of many bad provinces
  /// quadratic.
  mutating func line(at offset: Int) -> Int {
    let target = min(max(offset, 0), bytes.count)
    var line = cursorLine
    var i = cursorOffset
    if target < cursorOffset {
      if target < cursorOffset - target {
        // Nearer the start than the cursor: count forward from the start.
        line = 1
        i = 0
      } else {
        bytesScanned += cursorOffset - target
        while i > target {
          i -= 1
          if bytes[i] == 0x0A { line -= 1 }
        }
      }
    }
    bytesScanned += target - i
    while i < target {
      if bytes[i] == 0x0A { line += 1 }
      i += 1
    }
    cursorOffset = target
    cursorLine = line
    return line
  }
}
