import Synchronization

/// A catalog's divisions by their codes: the one place a code is looked up, at every level.
/// Made on first use and kept (a catalog that never meets a code pays nothing), in two
/// parts: the cities and counties (3k entries, a walk of the upper levels), and the
/// townships whose code is not found through their county's: a data file's, and the
/// township table's few rows filed with all nine digits (538 of 39k). A table row filed
/// under its county with the last three digits is found in that county's rows, so that a
/// township's code costs one county's rows, not an index of 40k codes.
///
/// Derived data: two catalogs with the same divisions are equal whatever their indexes
/// hold, and a catalog whose divisions change gets a new, empty one.
final class CodeIndex: Sendable {
  /// Each code of a city or county, with every entry that has it, in catalog order.
  private let upper = Mutex<[String: [CityRef]]?>(nil)
  /// Every township's full code and its entry, sorted by code (then catalog order), so
  /// that a code's start finds its run by bisection.
  private let lower = Mutex<[TownshipCode]?>(nil)

  struct TownshipCode: Sendable {
    var code: String
    var ref: CityRef
  }

  /// The entries with `code` among cities and counties, in catalog order.
  func divisions(_ code: String, in catalog: Catalog) -> [CityRef] {
    upper.withLock { index in
      if index == nil { index = Self.upperIndex(catalog) }
      return index?[code] ?? []
    }
  }

  /// The townships whose code is `code` or, with `prefix`, starts with it, in code order.
  func townships(_ code: String, prefix: Bool, in catalog: Catalog) -> [CityRef] {
    var found = filed(code, prefix: prefix, in: catalog)
    // The table's rows filed under the county of the code's first six digits.
    let digits = code.utf8.count
    if prefix ? digits >= 6 : digits == 9 {
      let county = String(code.prefix(6))
      let rest = Array(code.utf8.dropFirst(6))
      for parent in divisions(county, in: catalog) where catalog.tableCode(of: parent) == county {
        catalog.townshipTable.scanRows(ofCounty: county) { t, stored, _, _ in
          guard stored.count == 3, prefix ? stored.starts(with: rest) : stored.elementsEqual(rest)
          else { return }
          found.append(
            TownshipCode(
              code: county + String(decoding: stored, as: UTF8.self),
              ref: CityRef(
                province: parent.province, city: parent.city, county: parent.county, township: t)))
        }
      }
    }
    return found.enumerated().sorted {
      $0.element.code != $1.element.code ? $0.element.code < $1.element.code : $0.offset < $1.offset
    }.map(\.element.ref)
  }

  /// The entries of the index of townships not filed under their county's code.
  private func filed(_ code: String, prefix: Bool, in catalog: Catalog) -> [TownshipCode] {
    lower.withLock { index in
      if index == nil { index = Self.lowerIndex(catalog) }
      guard let sorted = index else { return [] }
      // The first entry not below `code`, by bisection.
      var low = 0
      var high = sorted.count
      while low < high {
        let middle = (low + high) / 2
        if sorted[middle].code < code { low = middle + 1 } else { high = middle }
      }
      var found: [TownshipCode] = []
      while low < sorted.count,
        prefix ? sorted[low].code.hasPrefix(code) : sorted[low].code == code
      {
        found.append(sorted[low])
        low += 1
      }
      return found
    }
  }

  private static func upperIndex(_ catalog: Catalog) -> [String: [CityRef]] {
    var index: [String: [CityRef]] = [:]
    for (p, province) in catalog.provinces.enumerated() {
      for (c, city) in province.cities.enumerated() {
        if let code = city.code { index[code, default: []].append(CityRef(province: p, city: c)) }
        for (k, county) in city.counties.enumerated() {
          if let code = county.code {
            index[code, default: []].append(CityRef(province: p, city: c, county: k))
          }
        }
      }
    }
    return index
  }

  private static func lowerIndex(_ catalog: Catalog) -> [TownshipCode] {
    var codes: [TownshipCode] = []
    for parent in catalog.townshipParents(of: catalog.allCities) {
      catalog.forEachUnfiledTownshipCode(of: parent) { t, code in
        codes.append(
          TownshipCode(
            code: code,
            ref: CityRef(
              province: parent.province, city: parent.city, county: parent.county, township: t)))
      }
    }
    // Stable: equal codes (a data file's mistake) keep their catalog order.
    return codes.enumerated().sorted {
      $0.element.code != $1.element.code ? $0.element.code < $1.element.code : $0.offset < $1.offset
    }.map(\.element)
  }
}
