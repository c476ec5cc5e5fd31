/// Names as paths of scalars, each ending where it carries what it names: every name that
/// starts at a place in a text is found by one walk from there.
///
/// Most places in an address start no name at all, so the first step is the one to make
/// cheap: a table indexed by the scalar where the trie is large (`denseRoot`), a sorted
/// array searched by halves where it is small; later steps use one hash table.
struct NameTrie<Payload: Sendable>: Sendable {
  /// Child by parent node and scalar: `node << 21 | scalar` (a scalar has 21 bits), for
  /// every node but the root.
  private var edges: [Int: Int32] = [:]
  /// The root's children: by scalar in the Basic Multilingual Plane where dense (0: none),
  /// else as sorted scalars beside their nodes.
  private var rootTable: [Int32] = []
  private var rootScalars: [UInt32] = []
  private var rootNodes: [Int32] = []
  /// What each node names, as a range of `items` (`ends[node - 1]..<ends[node]` once sealed).
  private var pending: [[Payload]] = [[]]
  private var items: [Payload] = []
  private var ends: [Int32] = []

  init(denseRoot: Bool = false) {
    if denseRoot { rootTable = Array(repeating: 0, count: 0x10000) }
  }

  /// Whether no name has been added.
  var isEmpty: Bool { count == 0 }
  private var count = 0

  mutating func insert<S: Sequence>(_ name: S, _ payload: Payload) where S.Element == UInt32 {
    var node = 0
    for scalar in name {
      if let child = child(of: node, scalar) {
        node = Int(child)
        continue
      }
      let child = Int32(pending.count)
      pending.append([])
      if node != 0 {
        edges[node << 21 | Int(scalar)] = child
      } else if !rootTable.isEmpty && scalar < 0x10000 {
        rootTable[Int(scalar)] = child
      } else {
        let at = rootScalars.partitioningIndex { $0 >= scalar }
        rootScalars.insert(scalar, at: at)
        rootNodes.insert(child, at: at)
      }
      node = Int(child)
    }
    guard node != 0 else { return }
    pending[node].append(payload)
    count += 1
  }

  /// Makes the payloads one array, and each node's children one run of two arrays
  /// (most nodes have one to three: a short scan, no hashing): call once every name is
  /// in, before looking any up.
  mutating func seal() {
    ends = [0]
    ends.reserveCapacity(pending.count)
    for list in pending {
      items += list
      ends.append(Int32(items.count))
    }
    var byParent = Array(repeating: [(UInt32, Int32)](), count: pending.count)
    for (key, child) in edges {
      byParent[key >> 21].append((UInt32(key & 0x1F_FFFF), child))
    }
    childStarts = [0]
    for children in byParent {
      for (scalar, child) in children.sorted(by: { $0.0 < $1.0 }) {
        childScalars.append(scalar)
        childNodes.append(child)
      }
      childStarts.append(Int32(childScalars.count))
    }
    edges = [:]
    pending = []
  }

  /// Once sealed: node `n`'s children are `childStarts[n]..<childStarts[n + 1]` of these.
  private var childStarts: [Int32] = []
  private var childScalars: [UInt32] = []
  private var childNodes: [Int32] = []

  @inline(__always)
  private func child(of node: Int, _ scalar: UInt32) -> Int32? {
    if node != 0 {
      guard !childStarts.isEmpty else { return edges[node << 21 | Int(scalar)] }
      for at in Int(childStarts[node])..<Int(childStarts[node + 1])
      where childScalars[at] == scalar {
        return childNodes[at]
      }
      return nil
    }
    if !rootTable.isEmpty && scalar < 0x10000 {
      let found = rootTable[Int(scalar)]
      return found == 0 ? nil : found
    }
    let at = rootScalars.partitioningIndex { $0 >= scalar }
    return at < rootScalars.count && rootScalars[at] == scalar ? rootNodes[at] : nil
  }

  /// Calls `body` with the end of every name that starts at `start` in `text`, shortest
  /// first, and what it names. Only for a sealed trie.
  func forEachMatch(
    in text: [UInt32], from start: Int,
    _ body: (_ end: Int, _ payloads: ArraySlice<Payload>) -> Void
  ) {
    var node = 0
    var index = start
    while index < text.count, let child = child(of: node, text[index]) {
      node = Int(child)
      index += 1
      let range = Int(ends[node])..<Int(ends[node + 1])
      if !range.isEmpty { body(index, items[range]) }
    }
  }
}

extension Array {
  /// The first index whose element satisfies `belongs`, in an array where every element
  /// that does comes after every one that does not.
  fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if belongs(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
