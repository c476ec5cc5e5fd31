/// Who holds each city's and county's code first, so that a second holder is reported.
/// Holders are kept as places in the catalog being built (three small integers) and codes
/// by their hash: a table of codes to labels spelt for each of 100k cities
/// cost a sixth of a large load's time and 15 MB of its peak.
struct CodeHolderIndex {
  /// A division by its place among those kept so far: `county` is -1 for a city.
  struct Holder: Equatable {
    var province: Int32
    var city: Int32
    var county: Int32
  }

  private var byHash: [Int: Holder]
  /// Codes whose hash another code had first (a 64-bit collision): settled by the code.
  private var collided: [String: Holder] = [:]

  /// `expected`: about how many codes will come, so the table is not rehashed as it grows.
  init(expected: Int = 0) {
    byHash = Dictionary(minimumCapacity: expected)
  }

  /// Records `holder` as the first with `code` when no holder has its hash, and returns
  /// nil; otherwise records nothing and returns the holders that may have `code` (the first
  /// with its hash and, after a collision, the one recorded under the code itself), whose
  /// codes the caller compares, calling `recordCollided` when neither has it.
  mutating func recordIfNew(_ code: String, _ holder: Holder) -> (byHash: Holder, byCode: Holder?)?
  {
    // String's own hash and equality, as a table keyed by the code itself would use. One
    // lookup that inserts when absent: a lookup then an insert cost twice the hashing.
    let first = Self.value(of: &byHash[code.hashValue, default: holder])
    return first == holder ? nil : (first, collided[code])
  }

  /// Records `holder` as the first with `code`, which shares its hash with another code.
  mutating func recordCollided(_ code: String, _ holder: Holder) {
    collided[code] = holder
  }

  private static func value(of stored: inout Holder) -> Holder { stored }
}
