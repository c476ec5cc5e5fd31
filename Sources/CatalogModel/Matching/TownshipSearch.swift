/// Finds townships by name, pinyin or code under a set of parents (counties, or cities
/// without counties): the fifth level's lookups and search, over the catalog's recursive
/// shape, decoding only the parents asked about.
public enum TownshipSearch {
  /// The parents whose townships a scope covers: a county itself, a city's counties (or
  /// the city where it has none), every such parent of the given provinces.
  public static func parents(in catalog: Catalog, cities: [CityRef]) -> [CityRef] {
    cities.flatMap { ref -> [CityRef] in
      if ref.county != nil { return [ref] }
      return catalog[ref].counties.isEmpty ? [ref] : catalog.counties(of: [ref])
    }
  }

  /// Every township under `parents` that `query` names, best tier first: exact (the name,
  /// the name without 镇/乡/街道, the whole pinyin with or without spaces, the code), then
  /// those whose name, pinyin or code starts with the query.
  public static func find(_ query: String, in catalog: Catalog, under parents: [CityRef])
    -> (exact: [CityRef], prefix: [CityRef])
  {
    let q = normalized(query)
    guard !q.isEmpty else { return ([], []) }
    let isDigits = q.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    var exact: [CityRef] = []
    var prefix: [CityRef] = []
    for parent in parents {
      for (t, township) in catalog.townships(of: parent).enumerated() {
        let ref = CityRef(
          province: parent.province, city: parent.city, county: parent.county, township: t)
        let code = township.code ?? ""
        if isDigits {
          if code == q {
            exact.append(ref)
          } else if q.utf8.count >= 7 && code.hasPrefix(q) {
            prefix.append(ref)
          }
          continue
        }
        let pinyin = compact(township.pinyin ?? "")
        let short = NameSuffix.strip(township.name)
        let shortPinyin = compact(
          (township.pinyin ?? "").split(separator: " ").prefix(short.count).joined())
        if township.name == q || short == q || pinyin == q || shortPinyin == q {
          exact.append(ref)
        } else if township.name.hasPrefix(q) || (q.utf8.count >= 2 && pinyin.hasPrefix(q)) {
          prefix.append(ref)
        }
      }
    }
    return (exact, prefix)
  }

  /// The one township `query` names under `parents`, several equally good, or none.
  public static func lookup(_ query: String, in catalog: Catalog, under parents: [CityRef])
    -> MatchResult<CityRef>
  {
    let found = find(query, in: catalog, under: parents)
    for tier in [found.exact, found.prefix] where !tier.isEmpty {
      return tier.count == 1 ? .unique(tier[0]) : .ambiguous(tier)
    }
    return .notFound(suggestions: [])
  }

  static func normalized(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != " " && $0 != "\t" }))
      .lowercased()
  }

  static func compact(_ pinyin: String) -> String {
    String(String.UnicodeScalarView(pinyin.unicodeScalars.filter { $0 != " " }))
  }
}
