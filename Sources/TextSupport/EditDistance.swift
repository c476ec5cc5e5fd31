/// Levenshtein distance for "did you mean" suggestions, with scratch rows kept between
/// calls so that comparing a query with a million names allocates nothing per name.
package struct EditDistance {
  private var previous: [Int] = []
  private var current: [Int] = []

  package init() {}

  /// The distance between two strings, counted in Unicode scalars.
  package static func between(_ a: String, _ b: String) -> Int {
    var table = EditDistance()
    let a = a.unicodeScalars.map(\.value)
    let b = b.unicodeScalars.map(\.value)
    return table.distance(a, b, limit: max(a.count, b.count)) ?? max(a.count, b.count)
  }

  /// The distance between `a` and `b`, or nil when it exceeds `limit` (found early
  /// when a whole row of the table is past it).
  package mutating func distance(_ a: [UInt32], _ b: [UInt32], limit: Int) -> Int? {
    guard abs(a.count - b.count) <= limit else { return nil }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    previous.removeAll(keepingCapacity: true)
    previous.append(contentsOf: 0...b.count)
    current.removeAll(keepingCapacity: true)
    current.append(contentsOf: repeatElement(0, count: b.count + 1))
    for i in 1...a.count {
      current[0] = i
      var rowMin = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
        rowMin = min(rowMin, current[j])
      }
      if rowMin > limit { return nil }
      swap(&previous, &current)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }

  /// Decodes UTF-8 `bytes[range]` to scalar values, appending them to `out`.
  package static func appendScalars(
    of bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to out: inout [UInt32]
  ) {
    var decoder = UTF8()
    var iterator = UnsafeBufferPointer(rebasing: bytes[range]).makeIterator()
    while case .scalarValue(let scalar) = decoder.decode(&iterator) {
      out.append(scalar.value)
    }
  }
}
