import Synchronization
import TextSupport

/// Finds provinces and cities by name, suffix-less name, pinyin, initials or a known
/// romanisation. Cheap to create; the keys are built on first use and kept.
public final class Matcher: Sendable {
  private let catalog: Catalog
  /// The flat index of each province's first city, and the city count at the end.
  private let cityStarts: [Int]
  private let cache = Mutex(Cache())

  private struct Cache {
    var provinceNames: KeyColumn?
    var provincePinyin: PinyinColumns?
    var cityNames: KeyColumn?
    var cityPinyin: PinyinColumns?
  }

  private enum Kind { case provinces, cities }

  public init(catalog: Catalog) {
    self.catalog = catalog
    var starts = [0]
    starts.reserveCapacity(catalog.provinces.count + 1)
    for province in catalog.provinces {
      starts.append(starts[starts.count - 1] + province.cities.count)
    }
    cityStarts = starts
  }

  /// The province `query` names, as an index into `catalog.provinces`.
  public func province(_ query: String) -> MatchResult<Int> {
    lookup(MatchQuery(query), .provinces, scope: catalog.provinces.indices)
  }

  /// The city `query` names, within one province or (nil) within all of them.
  public func city(_ query: String, inProvince province: Int?) -> MatchResult<CityRef> {
    let scope: Range<Int>
    if let province {
      guard catalog.provinces.indices.contains(province) else { return .notFound(suggestions: []) }
      scope = cityStarts[province]..<cityStarts[province + 1]
    } else {
      scope = 0..<(cityStarts.last ?? 0)
    }
    switch lookup(MatchQuery(query), .cities, scope: scope) {
    case .unique(let i): return .unique(cityRef(i))
    case .ambiguous(let all): return .ambiguous(all.map(cityRef))
    case .notFound(let suggestions): return .notFound(suggestions: suggestions)
    }
  }

  /// Every city matching `query` by name, pinyin or initials (whole, prefix or inside),
  /// best tier first and in catalog order within a tier; empty for a blank query.
  public func search(_ query: String) -> [CityRef] {
    let q = MatchQuery(query)
    guard !q.isEmpty else { return [] }
    return rank(q, .cities, 0..<(cityStarts.last ?? 0)).map(cityRef)
  }

  /// The provinces among `provinces` that match `query`, best first; all of them, in
  /// their order, for a blank query.
  public func filter(_ query: String, provinces: [Int]) -> [Int] {
    let valid = provinces.filter { catalog.provinces.indices.contains($0) }
    let q = MatchQuery(query)
    guard !q.isEmpty else { return valid }
    return rank(q, .provinces, valid)
  }

  /// The cities among `cities` that match `query`, best first; all of them for a blank query.
  public func filter(_ query: String, cities: [CityRef]) -> [CityRef] {
    let flat = cities.compactMap(flatIndex)
    let q = MatchQuery(query)
    guard !q.isEmpty else { return flat.map(cityRef) }
    return rank(q, .cities, flat).map(cityRef)
  }

  /// The province's name in pinyin, derived ("guang dong sheng").
  public func pinyin(ofProvince index: Int) -> String {
    guard catalog.provinces.indices.contains(index) else { return "" }
    return Pinyin.derive(catalog.provinces[index].name)
  }

  /// The city's pinyin from the data file when it has one, else derived from its name.
  public func pinyin(of ref: CityRef) -> String {
    guard flatIndex(ref) != nil else { return "" }
    let city = catalog[ref]
    if let given = city.pinyin, given.contains(where: { !$0.isWhitespace }) {
      return TerminalText.sanitize(given)
    }
    return Pinyin.derive(city.name)
  }

  // MARK: - Lookup and ranking

  private func lookup<S: Sequence<Int>>(_ q: MatchQuery, _ kind: Kind, scope: S) -> MatchResult<
    Int
  > {
    guard !q.isEmpty else { return .notFound(suggestions: []) }
    // Names first: a name match wins over any pinyin one, and Han queries stop here
    // without building (or deriving) pinyin.
    var hits = best(q, kind, scope, pinyin: nil)
    var pinyin: PinyinColumns?
    if hits.isEmpty && q.isLatin {
      pinyin = pinyinKeys(kind)
      hits = best(q, kind, scope, pinyin: pinyin)
    }
    switch hits.count {
    case 0: return .notFound(suggestions: suggestions(q, kind, scope, pinyin: pinyin))
    case 1: return .unique(hits[0])
    default: return .ambiguous(hits)
    }
  }

  /// The entries at the best lookup tier any entry reaches.
  private func best<S: Sequence<Int>>(
    _ q: MatchQuery, _ kind: Kind, _ scope: S, pinyin: PinyinColumns?
  ) -> [Int] {
    MatchRanker.with(q, names: nameKeys(kind), pinyin: pinyin) { ranker in
      var bestTier = Int.max
      var hits: [Int] = []
      for i in scope {
        guard let tier = ranker.lookupTier(i), tier <= bestTier else { continue }
        if tier < bestTier {
          bestTier = tier
          hits.removeAll()
        }
        hits.append(i)
      }
      return hits
    }
  }

  private func rank<S: Sequence<Int>>(_ q: MatchQuery, _ kind: Kind, _ scope: S) -> [Int] {
    let pinyin = q.isLatin ? pinyinKeys(kind) : nil
    return MatchRanker.with(q, names: nameKeys(kind), pinyin: pinyin) { ranker in
      var tiers = [[Int]](repeating: [], count: MatchRanker.tierCount)
      for i in scope {
        if let tier = ranker.filterTier(i) { tiers[tier].append(i) }
      }
      return Array(tiers.joined())
    }
  }

  /// Up to three names close to the query by edit distance, over names with and without
  /// their suffix and (for Latin queries) over pinyin; nearest first, then catalog order.
  private func suggestions<S: Sequence<Int>>(
    _ q: MatchQuery, _ kind: Kind, _ scope: S, pinyin: PinyinColumns?
  ) -> [String] {
    let limit = q.suggestionDistance
    guard limit > 0 else { return [] }
    var found: [(distance: Int, index: Int)] = []
    var editDistance = EditDistance()
    var buffer: [UInt32] = []
    let query = q.isLatin ? q.compact.map(UInt32.init) : q.name.scalarValues
    // Keeps the entry's nearest distance over its keys; most keys are skipped on length
    // alone, before any decoding.
    func check(_ i: Int, _ view: KeyView, ascii: Bool) {
      var nearest = Int.max
      let full = view.full(i)
      let short = view.short(i)
      for key in 0..<(full == short ? 1 : 2) {
        let range = key == 0 ? full : short
        let length = ascii ? range.count : MatchText.scalarCount(view.bytes, range)
        guard abs(length - query.count) <= limit else { continue }
        buffer.removeAll(keepingCapacity: true)
        if ascii {
          for j in range { buffer.append(UInt32(view.bytes[j])) }
        } else {
          EditDistance.appendScalars(of: view.bytes, range, to: &buffer)
        }
        if let d = editDistance.distance(query, buffer, limit: limit) { nearest = min(nearest, d) }
      }
      if nearest <= limit { found.append((nearest, i)) }
    }
    nameKeys(kind).withView { names in
      for i in scope { check(i, names, ascii: false) }
    }
    if let pinyin, q.isLatin {
      pinyin.compact.withView { view in
        for i in scope { check(i, view, ascii: true) }
      }
    }
    // Among equally close names, homophones first: 广洲 is a slip for 广州 more likely
    // than for 株洲. Only the tables' readings are used, so a Han query never costs ICU.
    let sounds =
      q.isLatin ? nil : Pinyin.knownSyllables(of: String(decoding: q.short, as: UTF8.self))
    func soundsAlike(_ i: Int) -> Int {
      guard let sounds else { return 1 }
      let name = NameSuffix.strip(displayName(kind, i))
      return Pinyin.knownSyllables(of: name) == sounds ? 0 : 1
    }
    found = found.map { ($0.distance * 2 + soundsAlike($0.index), $0.index) }
    found.sort { ($0.distance, $0.index) < ($1.distance, $1.index) }
    var names: [String] = []
    for hit in found {
      let name = TerminalText.sanitize(displayName(kind, hit.index))
      if !names.contains(name) { names.append(name) }
      if names.count == 3 { break }
    }
    return names
  }

  private func displayName(_ kind: Kind, _ i: Int) -> String {
    switch kind {
    case .provinces: return catalog.provinces[i].name
    case .cities: return catalog[cityRef(i)].name
    }
  }

  // MARK: - Keys, built on first use

  /// Whether any pinyin keys exist yet: Han-only use must never build (or derive) them.
  var hasBuiltPinyin: Bool {
    cache.withLock { $0.provincePinyin != nil || $0.cityPinyin != nil }
  }

  private func nameKeys(_ kind: Kind) -> KeyColumn {
    cache.withLock { cache in
      switch kind {
      case .provinces:
        if let keys = cache.provinceNames { return keys }
        let keys = MatchKeys.names(
          catalog.provinces.lazy.map(\.name), count: catalog.provinces.count)
        cache.provinceNames = keys
        return keys
      case .cities:
        if let keys = cache.cityNames { return keys }
        let keys = MatchKeys.names(
          catalog.provinces.lazy.flatMap { p in p.cities.indices.lazy.map { p.cities[$0].name } },
          count: cityStarts.last ?? 0)
        cache.cityNames = keys
        return keys
      }
    }
  }

  private func pinyinKeys(_ kind: Kind) -> PinyinColumns {
    let names = nameKeys(kind)
    return cache.withLock { cache in
      switch kind {
      case .provinces:
        if let keys = cache.provincePinyin { return keys }
        let keys = MatchKeys.pinyin(catalog.provinces.lazy.map { _ in nil }, names: names)
        cache.provincePinyin = keys
        return keys
      case .cities:
        if let keys = cache.cityPinyin { return keys }
        let keys = MatchKeys.pinyin(
          catalog.provinces.lazy.flatMap { p in p.cities.indices.lazy.map { p.cities[$0].pinyin } },
          names: names)
        cache.cityPinyin = keys
        return keys
      }
    }
  }

  // MARK: - City positions

  private func flatIndex(_ ref: CityRef) -> Int? {
    guard catalog.provinces.indices.contains(ref.province),
      catalog.provinces[ref.province].cities.indices.contains(ref.city)
    else { return nil }
    return cityStarts[ref.province] + ref.city
  }

  private func cityRef(_ flat: Int) -> CityRef {
    // The last province whose first city is at or before `flat` (skipping empty ones).
    var low = 0
    var high = cityStarts.count - 1
    while high - low > 1 {
      let mid = (low + high) / 2
      if cityStarts[mid] <= flat { low = mid } else { high = mid }
    }
    return CityRef(province: low, city: flat - cityStarts[low])
  }
}

extension [UInt8] {
  fileprivate var scalarValues: [UInt32] {
    String(decoding: self, as: UTF8.self).unicodeScalars.map(\.value)
  }
}
