/// Names as paths of scalars, each ending where it carries what it names: every name that
/// starts at a place in a text is found by one walk from there.
///
/// Most places in an address start no name at all, so the first step is the one to make
/// cheap: a table indexed by the scalar where the trie is large (`denseRoot`), a sorted
/// array searched by halves where it is small; later steps scan a node's few children.
struct NameTrie<Payload: Sendable>: Sendable {
  /// Each node's children while names are added, as scalar and node (the root's are in
  /// `rootTable` or `rootScalars`): a short list scanned, where a hash table keyed by node
  /// and scalar hashed every step of every name (a township scope is made from a few
  /// hundred names, thousands of times a file).
  private var building: [[(scalar: UInt32, node: Int32)]] = [[]]
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
      building.append([])
      if node != 0 {
        building[node].append((scalar, child))
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
    childStarts = [0]
    childStarts.reserveCapacity(building.count + 1)
    childScalars.reserveCapacity(building.count)
    childNodes.reserveCapacity(building.count)
    for children in building {
      for (scalar, child) in children {
        childScalars.append(scalar)
        childNodes.append(child)
      }
      childStarts.append(Int32(childScalars.count))
    }
    building = []
    pending = []
  }

  /// Once sealed: node `n`'s children are `childStarts[n]..<childStarts[n + 1]` of these.
  private var childStarts: [Int32] = []
  private var childScalars: [UInt32] = []
  private var childNodes: [Int32] = []

  @inline(__always)
  private func child(of node: Int, _ scalar: UInt32) -> Int32? {
    if node != 0 {
      guard !childStarts.isEmpty else {
        return building[node].first { $0.scalar == scalar }?.node
      }
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
  /// first, and what it names. Only for a sealed trie. The payloads are lent for the call
  /// (a slice of the array would be retained and released a match).
  @inline(__always)
  func forEachMatch(
    in text: [UInt32], from start: Int,
    _ body: (_ end: Int, _ payloads: UnsafeBufferPointer<Payload>) -> Void
  ) {
    // Most places start no name: that answer costs one look-up and no more.
    guard start < text.count, let first = child(of: 0, text[start]) else { return }
    items.withUnsafeBufferPointer { items in
      var node = Int(first)
      var index = start + 1
      while true {
        let lower = Int(ends[node])
        let upper = Int(ends[node + 1])
        if lower < upper { body(index, UnsafeBufferPointer(rebasing: items[lower..<upper])) }
        guard index < text.count, let child = child(of: node, text[index]) else { return }
        node = Int(child)
        index += 1
      }
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
