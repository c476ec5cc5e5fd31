/// Names as paths of scalars, each ending where it carries what it names: every name that
/// starts at a place in a text is found by one walk from there.
struct NameTrie<Payload: Sendable>: Sendable {
  /// Child by parent node and scalar: `node << 21 | scalar` (a scalar has 21 bits).
  private var edges: [Int: Int32] = [:]
  private var payloads: [[Payload]] = [[]]

  /// Whether no name has been added.
  var isEmpty: Bool { payloads.count == 1 }

  mutating func insert<S: Sequence>(_ name: S, _ payload: Payload) where S.Element == UInt32 {
    var node = 0
    for scalar in name {
      let key = node << 21 | Int(scalar)
      if let child = edges[key] {
        node = Int(child)
      } else {
        let child = payloads.count
        payloads.append([])
        edges[key] = Int32(child)
        node = child
      }
    }
    guard node != 0 else { return }
    payloads[node].append(payload)
  }

  /// Calls `body` with the end of every name that starts at `start` in `text`, shortest
  /// first, and what it names.
  func forEachMatch(
    in text: [UInt32], from start: Int, _ body: (_ end: Int, _ payloads: [Payload]) -> Void
  ) {
    var node = 0
    var index = start
    while index < text.count, let child = edges[node << 21 | Int(text[index])] {
      node = Int(child)
      index += 1
      if !payloads[node].isEmpty { body(index, payloads[node]) }
    }
  }
}
