/// Who holds each city's and county's code first, so that a second holder is reported.
/// Holders are kept as places in the catalog being built (three small integers), never as
/// labels: a table of codes to labels spelt for each of 100k cities cost a sixth of a large
/// load's time and 15 MB of its peak.
///
/// The table is open addressing over one array of 8-byte slots (the top 32 bits of the
/// code's hash and the holder's number), so that an insert touches one cache line: a
/// `Dictionary` of hashes to holders, hashing each key a second time over three arrays,
/// cost 13% of a large load. The code itself is compared through the caller, who has it.
struct CodeHolderIndex {
  /// A division by its place among those kept so far: `county` is -1 for a city.
  struct Holder: Equatable {
    var province: Int32
    var city: Int32
    var county: Int32
  }

  /// 0 for an empty slot, else the hash's top 32 bits over the holder's index + 1.
  private var slots: [UInt64] = []
  /// log2 of `slots.count`; a hash's slot is its top `bits` bits.
  private var bits = 0
  private var holders: [Holder] = []
  private let expected: Int

  /// `expected`: about how many codes will come, so that the table is not regrown.
  init(expected: Int = 0) {
    self.expected = expected
  }

  /// The holder recorded first with a code equal to `code` (as strings are equal, which
  /// `isHolder` says of a candidate), or nil when there is none and `holder` is recorded.
  mutating func firstHolder(
    of code: String, recording holder: Holder, isHolder: (Holder) -> Bool
  ) -> Holder? {
    if slots.isEmpty { resize(bits: max(Self.bits(for: expected * 2), 4)) }
    // String's own hash, which canonically equal strings share.
    let top = UInt64(UInt(bitPattern: code.hashValue)) >> 32
    let mask = slots.count - 1
    var slot = Int(top >> (32 - bits))
    while slots[slot] != 0 {
      let entry = slots[slot]
      if entry >> 32 == top {
        let found = holders[Int(entry & 0xFFFF_FFFF) - 1]
        if isHolder(found) { return found }
      }
      slot = (slot + 1) & mask
    }
    holders.append(holder)
    slots[slot] = top << 32 | UInt64(holders.count)
    // At most half full, so that probes stay short.
    if holders.count * 2 > slots.count, bits < 32 { resize(bits: bits + 1) }
    return nil
  }

  private static func bits(for count: Int) -> Int {
    var bits = 0
    while bits < 32 && 1 << bits < count { bits += 1 }
    return bits
  }

  private mutating func resize(bits newBits: Int) {
    let old = slots
    bits = newBits
    slots = Array(repeating: 0, count: 1 << newBits)
    if holders.isEmpty { holders.reserveCapacity(expected) }
    let mask = slots.count - 1
    for entry in old where entry != 0 {
      var slot = Int((entry >> 32) >> (32 - bits))
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = entry
    }
  }
}
