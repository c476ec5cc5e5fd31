/// Who holds each city's and county's code first, so that a second holder is reported.
/// Holders are kept as places in the catalog being built (three small integers), never as
/// labels: a table of codes to labels spelt for each of 100k cities cost a sixth of a large
/// load's time and 15 MB of its peak.
///
/// Division codes are digits, and data files list them mostly in ascending order: such
/// codes are kept as numbers in a few ascending runs, a code greater than the last one
/// appended, and each earlier run searched from where the last search there ended (so a run
/// read in order is walked once). Hashing every code into a 2 MB table instead cost a cache
/// miss each, a tenth of a large load. Other codes, and digits out of order once
/// `maximumRuns` runs exist, go to a hash table.
struct CodeHolderIndex {
  /// A division by its place among those kept so far: `county` is -1 for a city.
  struct Holder: Equatable {
    var province: Int32
    var city: Int32
    var county: Int32
  }

  /// Codes of digits as `key(_:)` gives them, run after run, each run ascending.
  private var keys: [UInt64] = []
  private var keyHolders: [Holder] = []
  /// Where each run starts in `keys`; the last is the run being appended to.
  private var runStarts = [0]
  /// For each earlier run, where its last search ended.
  private var cursors: [Int] = []
  private static let maximumRuns = 8
  /// Open addressing: 0 for an empty slot, else a 32-bit fingerprint over the index + 1 of
  /// the holder in `hashedHolders`.
  private var slots: [UInt64] = []
  private var hashedHolders: [Holder] = []
  private let expected: Int

  /// `expected`: about how many codes will come, so that storage is not regrown.
  init(expected: Int = 0) {
    self.expected = expected
  }

  /// The holder recorded first with a code equal to `code` (as strings are equal), or nil
  /// when there is none and `holder` is recorded. `codeOf` gives a recorded holder's code.
  mutating func firstHolder(
    of code: String, recording holder: Holder, codeOf: (Holder) -> String?
  ) -> Holder? {
    guard let key = Self.key(code) else { return hashed(code, nil, holder, codeOf) }
    for run in cursors.indices {
      if let found = find(key, inRun: run) { return keyHolders[found] }
    }
    let current = runStarts[runStarts.count - 1]
    guard let last = keys.last, keys.count > current, key <= last else {
      append(key, holder)
      return nil
    }
    let position = Self.lowerBound(key, in: keys, current..<keys.count)
    if position < keys.count && keys[position] == key { return keyHolders[position] }
    // Out of order: a new run, while there are few. A key hashed below never equals one
    // appended later (that one is greater than every key so far).
    guard runStarts.count >= Self.maximumRuns else {
      cursors.append(current)
      runStarts.append(keys.count)
      append(key, holder)
      return nil
    }
    return hashed(code, key, holder, codeOf)
  }

  private mutating func append(_ key: UInt64, _ holder: Holder) {
    if keys.isEmpty {
      keys.reserveCapacity(expected)
      keyHolders.reserveCapacity(expected)
    }
    keys.append(key)
    keyHolders.append(holder)
  }

  /// A code of 1 to 16 ASCII digits as a number whose order is the strings' order (each
  /// digit d as d + 1 in four bits, left-aligned, so a prefix comes first); nil for any
  /// other code. Such a code equals only itself: no other string is canonically
  /// equivalent to one.
  private static func key(_ code: String) -> UInt64? {
    var code = code
    return code.withUTF8 { bytes in
      guard (1...16).contains(bytes.count) else { return nil }
      var key: UInt64 = 0
      for byte in bytes {
        guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
        key = key << 4 | UInt64(byte - UInt8(ascii: "0") + 1)
      }
      return key << (4 * UInt64(16 - bytes.count))
    }
  }

  /// The position of `key` in the earlier run `run`, if it is there: searched onwards from
  /// the run's cursor by doubling steps when `key` lies ahead of it, else by halves.
  private mutating func find(_ key: UInt64, inRun run: Int) -> Int? {
    let range = runStarts[run]..<runStarts[run + 1]
    var cursor = cursors[run]
    if cursor > range.lowerBound && keys[cursor - 1] >= key {
      cursor = Self.lowerBound(key, in: keys, range)
    } else {
      var step = 1
      var low = cursor
      while cursor < range.upperBound && keys[cursor] < key {
        low = cursor + 1
        cursor = min(cursor + step, range.upperBound)
        step *= 2
      }
      // Every key before `low` is less than `key`; the one at `cursor`, if any, is not.
      cursor = Self.lowerBound(key, in: keys, low..<cursor)
    }
    cursors[run] = cursor
    return cursor < range.upperBound && keys[cursor] == key ? cursor : nil
  }

  /// The first position in `range` whose key is not less than `key` (`range`'s end if none).
  private static func lowerBound(_ key: UInt64, in keys: [UInt64], _ range: Range<Int>) -> Int {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
      let middle = (low + high) / 2
      if keys[middle] < key { low = middle + 1 } else { high = middle }
    }
    return low
  }

  // MARK: The hash table

  private mutating func hashed(
    _ code: String, _ key: UInt64?, _ holder: Holder, _ codeOf: (Holder) -> String?
  ) -> Holder? {
    if slots.isEmpty { slots = Array(repeating: 0, count: 16) }
    let (start, fingerprint) = Self.place(code, key)
    let mask = slots.count - 1
    var slot = start & mask
    while slots[slot] != 0 {
      let entry = slots[slot]
      if entry >> 32 == fingerprint {
        let found = hashedHolders[Int(entry & 0xFFFF_FFFF) - 1]
        if codeOf(found) == code { return found }
      }
      slot = (slot + 1) & mask
    }
    hashedHolders.append(holder)
    slots[slot] = fingerprint << 32 | UInt64(hashedHolders.count)
    // At most half full, so that probes stay short.
    if hashedHolders.count * 2 > slots.count { regrow(codeOf: codeOf, newest: code) }
    return nil
  }

  /// Where a code's probe starts (before masking) and its fingerprint: equal codes get
  /// equal places, by their key or else by String's own hash, which canonically equal
  /// strings share.
  private static func place(_ code: String, _ key: UInt64?) -> (start: Int, fingerprint: UInt64) {
    let hash = key.map(mix) ?? UInt64(UInt(bitPattern: code.hashValue))
    return (Int(truncatingIfNeeded: hash), hash >> 32)
  }

  /// A 64-bit finaliser (SplitMix64's) that spreads nearby numbers far apart.
  private static func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Doubles the table, placing each holder again from its code; the newest holder, not
  /// yet in the catalog, has `newest`.
  private mutating func regrow(codeOf: (Holder) -> String?, newest: String) {
    slots = Array(repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for (index, holder) in hashedHolders.enumerated() {
      let code = index == hashedHolders.count - 1 ? newest : codeOf(holder) ?? ""
      let (start, fingerprint) = Self.place(code, Self.key(code))
      var slot = start & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = fingerprint << 32 | UInt64(index + 1)
    }
  }
}
