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

  private var byHash: [Int: Holder] = [:]
  /// Codes whose hash another code had first (a 64-bit collision): settled by the code.
  private var collided: [String: Holder] = [:]

  /// The holders recorded that may have `code`: the first with its hash and, after a
  /// collision, the one recorded under the code itself. The caller compares their codes.
  func candidates(for code: String) -> (byHash: Holder?, byCode: Holder?) {
    // String's own hash and equality, as a table keyed by the code itself would use.
    guard let first = byHash[code.hashValue] else { return (nil, nil) }
    return (first, collided[code])
  }

  /// Records `holder` as the first with `code`, which no candidate had.
  mutating func record(_ code: String, _ holder: Holder) {
    let hash = code.hashValue
    if byHash[hash] == nil {
      byHash[hash] = holder
    } else {
      collided[code] = holder
    }
  }
}
