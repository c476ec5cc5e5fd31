/// Who holds each city's and county's code first, so that a second holder is reported.
/// Holders are kept as places in the catalog being built (three small integers), never as
/// labels: a table of codes to labels spelt for each of 100k cities cost a sixth of a large
/// load's time and 15 MB of its peak.
///
/// Data files list divisions by code, so codes mostly come in ascending order: those are
/// kept in a list, appended to and searched by halves, with no hashing and no scattered
/// memory; a code that comes out of order goes to a table of hashes instead.
struct CodeHolderIndex {
  /// A division by its place among those kept so far: `county` is -1 for a city.
  struct Holder: Equatable {
    var province: Int32
    var city: Int32
    var county: Int32
  }

  /// Codes each greater than the one before, with their holders.
  private var ascending: [(code: String, holder: Holder)] = []
  /// The other codes by their hash (String's own, which equal codes share).
  private var byHash: [Int: Holder] = [:]
  /// Codes whose hash another code had first (a 64-bit collision): settled by the code.
  private var collided: [String: Holder] = [:]
  private let expected: Int

  /// `expected`: about how many codes will come, so that storage is not regrown.
  init(expected: Int = 0) {
    self.expected = expected
  }

  /// Records `holder` as the first with `code` and returns nil, unless a holder may already
  /// have it: then records nothing and returns that holder, with `exact` false when it was
  /// found by its hash alone. The caller then compares its code and, when it differs,
  /// calls `recordCollided`.
  mutating func recordIfNew(_ code: String, _ holder: Holder) -> (
    first: Holder, exact: Bool, byCode: Holder?
  )? {
    // String's own ordering and equality, which a table keyed by the code would use.
    guard let last = ascending.last?.code, code <= last else {
      if ascending.isEmpty { ascending.reserveCapacity(expected) }
      if byHash.isEmpty || byHash[code.hashValue] == nil {
        ascending.append((code, holder))
        return nil
      }
      return (byHash[code.hashValue] ?? holder, false, collided[code])
    }
    if let found = position(of: code) { return (ascending[found].holder, true, nil) }
    if byHash.isEmpty { byHash.reserveCapacity(max(expected - ascending.count, 0)) }
    // One lookup that inserts when absent: a lookup then an insert cost twice the hashing.
    let first = Self.value(of: &byHash[code.hashValue, default: holder])
    return first == holder ? nil : (first, false, collided[code])
  }

  /// Records `holder` as the first with `code`, which shares its hash with another code.
  mutating func recordCollided(_ code: String, _ holder: Holder) {
    collided[code] = holder
  }

  /// Where `code` is in `ascending`, found by halves.
  private func position(of code: String) -> Int? {
    var low = 0
    var high = ascending.count
    while low < high {
      let middle = (low + high) / 2
      let other = ascending[middle].code
      if other == code { return middle }
      if other < code { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  private static func value(of stored: inout Holder) -> Holder { stored }
}
