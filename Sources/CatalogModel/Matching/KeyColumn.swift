/// One normalised key per entry, all in one byte buffer so a scan over a million entries
/// makes no allocation; each key's first `shortEnd` bytes are its suffix-less form.
final class KeyColumn: Sendable {
  private let bytes: [UInt8]
  private let starts: [UInt32]
  private let shortEnds: [UInt32]

  var count: Int { shortEnds.count }

  init(bytes: [UInt8], starts: [UInt32], shortEnds: [UInt32]) {
    self.bytes = bytes
    self.starts = starts
    self.shortEnds = shortEnds
  }

  func withView<R>(_ body: (KeyView) -> R) -> R {
    bytes.withUnsafeBufferPointer { b in
      starts.withUnsafeBufferPointer { s in
        shortEnds.withUnsafeBufferPointer { e in
          body(KeyView(bytes: b, starts: s, shortEnds: e))
        }
      }
    }
  }

  /// Accumulates keys in entry order.
  struct Builder {
    var bytes: [UInt8] = []
    var starts: [UInt32] = [0]
    var shortEnds: [UInt32] = []

    init(capacity: Int) {
      starts.reserveCapacity(capacity + 1)
      shortEnds.reserveCapacity(capacity)
    }

    /// Marks the current end of `bytes` as the end of the entry's short form.
    mutating func markShortEnd() {
      shortEnds.append(UInt32(clamping: bytes.count))
    }

    mutating func endEntry() {
      starts.append(UInt32(clamping: bytes.count))
    }

    func build() -> KeyColumn {
      KeyColumn(bytes: bytes, starts: starts, shortEnds: shortEnds)
    }
  }
}

/// Borrowed pointers into a KeyColumn, valid only inside `withView`.
struct KeyView {
  let bytes: UnsafeBufferPointer<UInt8>
  let starts: UnsafeBufferPointer<UInt32>
  let shortEnds: UnsafeBufferPointer<UInt32>

  static func withEmpty<R>(_ body: (KeyView) -> R) -> R {
    body(
      KeyView(
        bytes: UnsafeBufferPointer(start: nil, count: 0),
        starts: UnsafeBufferPointer(start: nil, count: 0),
        shortEnds: UnsafeBufferPointer(start: nil, count: 0)))
  }

  @inline(__always) func full(_ i: Int) -> Range<Int> {
    Int(starts[i])..<Int(starts[i + 1])
  }

  @inline(__always) func short(_ i: Int) -> Range<Int> {
    Int(starts[i])..<Int(shortEnds[i])
  }

  @inline(__always) func equals(_ range: Range<Int>, _ query: UnsafeBufferPointer<UInt8>) -> Bool {
    range.count == query.count && same(range.lowerBound, query)
  }

  @inline(__always) func hasPrefix(_ range: Range<Int>, _ query: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    range.count >= query.count && same(range.lowerBound, query)
  }

  func contains(_ range: Range<Int>, _ query: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = query.first, range.count >= query.count else { return false }
    var i = range.lowerBound
    let last = range.upperBound - query.count
    while i <= last {
      if bytes[i] == first && same(i, query) { return true }
      i += 1
    }
    return false
  }

  @inline(__always) private func same(_ at: Int, _ query: UnsafeBufferPointer<UInt8>) -> Bool {
    var j = 0
    while j < query.count {
      if bytes[at + j] != query[j] { return false }
      j += 1
    }
    return true
  }
}
