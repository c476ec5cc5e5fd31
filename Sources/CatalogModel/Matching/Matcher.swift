import Synchronization
import TextSupport

/// Finds provinces, cities and counties by name, suffix-less name, pinyin, initials or a
/// known romanisation. Cheap to create; the keys are built on first use and kept.
public final class Matcher: Sendable {
  private let catalog: Catalog
  /// The flat index of each province's first city, and the city count at the end.
  private let cityStarts: [Int]
  private let cache = Mutex(Cache())
  /// Recent searches' results: searching as one types sends each prefix again on the way
  /// back (Backspace), and the catalog never changes under a matcher.
  private let searches = Mutex(SearchMemo())

  private struct SearchMemo {
    static let capacity = 16
    var queries: [String] = []
    var results: [String: [CityRef]] = [:]

    mutating func remember(_ query: String, _ refs: [CityRef]) {
      if results.updateValue(refs, forKey: query) == nil {
        queries.append(query)
        if queries.count > Self.capacity { results[queries.removeFirst()] = nil }
      }
    }
  }

  private struct Cache {
    var provinceNames: KeyColumn?
    var provincePinyin: PinyinColumns?
    var cityNames: KeyColumn?
    var cityPinyin: PinyinColumns?
    var counties: CountyIndex?
    var countyNames: KeyColumn?
    var countyPinyin: PinyinColumns?
    /// Each province's derived pinyin, kept: a menu's frame asks for every row's.
    var provinceReadings: [String]?
    /// Each province's code (`Catalog.provinceCode`), kept: a data file whose cities carry
    /// no codes has every province's cities looked through for one, on every menu frame.
    var provinceCodes: [String?]?
  }

  /// Every county in catalog order, and where each city's counties start in that order
  /// (by the city's flat index, with the total at the end).
  private struct CountyIndex {
    var refs: [CityRef]
    var starts: [Int]
  }

  private enum Kind { case provinces, cities, counties }

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
  ///
  /// Lookups (this and `city(_:inProvince:)`) try, and stop at the first that matches:
  /// 1. the whole name: exactly, without its administrative suffix, in pinyin (full or
  ///    without the suffix's syllables) or a known romanisation, or by its initials; the
  ///    best of these tiers wins outright (广东省 over 广东 over gd);
  /// 2. a prefix of the name, of its pinyin or of its initials (`广`, `guang`, `乌鲁木`).
  ///    One entry so matched is the answer, as the interactive filter chooses a single
  ///    match at once; several are `.ambiguous`, listed for the user to say which, never
  ///    picked among. Substrings (`州` inside 广州市) are for filters and search only.
  ///
  /// Otherwise `.notFound`, with up to three close names (see `suggestions`). A province's
  /// code is taken too (`32`, `320000`), as `--city` and `--county` take theirs.
  public func province(_ query: String) -> MatchResult<Int> {
    // A province's code: its two digits, or the six of `32` and four zeros.
    if let code = Self.divisionCode(query), code.utf8.count == 2 || code.utf8.count == 6 {
      let own = code.utf8.count == 2 ? code + "0000" : code
      if let index = catalog.provinces.indices.first(where: { provinceCode($0) == own }) {
        return .unique(index)
      }
      if code.utf8.count == 2 { return .notFound(suggestions: []) }
    }
    return lookup(MatchQuery(query), .provinces, scope: catalog.provinces.indices)
  }

  /// The province a `--city` query names instead of a city (`上海`, `beijing`, `北京市`,
  /// `Tibet`): its whole name, with or without the suffix, in hanzi, pinyin or a known
  /// romanisation, never its initials or a prefix. Nil when no province, or more than
  /// one (`shanxi`), is so named. For the shell to explain a `.notFound` city lookup:
  /// "上海市 is a province-level city; list its districts with -p 上海".
  public func provinceGivenAsCity(_ query: String) -> Int? {
    exactMatch(MatchQuery(query), .provinces, catalog.provinces.indices)
  }

  /// The one province among `provinces` that `query` names exactly (as
  /// `provinceGivenAsCity` defines it), for choosing it among several filter results; nil
  /// when none or more than one does.
  public func exactMatch(_ query: String, provinces: [Int]) -> Int? {
    let valid = provinces.filter { catalog.provinces.indices.contains($0) }
    return exactMatch(MatchQuery(query), .provinces, valid)
  }

  /// The one city among `cities` that `query` names exactly: its whole name (`gbk` among
  /// gbk and gbkmeta), its name without the suffix (`广州` for 广州市), or its full pinyin
  /// (`guangzhou`), never its initials or a prefix. A name written out in full beats one
  /// matched without its suffix (`朝阳市` picks 朝阳市 over 朝阳区); nil when none, or more
  /// than one at the best tier (`朝阳` for both), does.
  public func exactMatch(_ query: String, cities: [CityRef]) -> CityRef? {
    let q = MatchQuery(query)
    let found = exactMatch(q, .cities, cities.filter { !$0.isCounty }.compactMap(flatIndex))
    let index = counties()
    let county = exactMatch(q, .counties, cities.compactMap { countyFlatIndex($0, index) })
    switch (found, county) {
    case (let city?, nil): return cityRef(city)
    case (nil, let county?): return index.refs[county]
    default: return nil
    }
  }

  /// The city `query` names, within one province or (nil) within all of them; found as
  /// `province(_:)` describes.
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

  /// The county `query` names, within one city, one province or (both nil) all of them;
  /// found as `province(_:)` describes.
  public func county(_ query: String, inProvince province: Int?, inCity city: CityRef? = nil)
    -> MatchResult<CityRef>
  {
    let index = counties()
    let scope = countyScope(index, province: province, city: city)
    switch lookup(MatchQuery(query), .counties, scope: scope) {
    case .unique(let i): return .unique(index.refs[i])
    case .ambiguous(let all): return .ambiguous(all.map { index.refs[$0] })
    case .notFound(let suggestions): return .notFound(suggestions: suggestions)
    }
  }

  /// What `--city` names: a city, or, where no city's whole name matches, a county. The
  /// tiers are the whole name of a city, then of a county, then the start of a city's
  /// name, then of a county's (`昆山` is 昆山市 under 苏州市; `昆` is 昆明市). Suggestions
  /// come from both levels, cities first.
  public func place(_ query: String, inProvince province: Int?) -> MatchResult<CityRef> {
    let q = MatchQuery(query)
    guard !q.isEmpty else { return .notFound(suggestions: []) }
    let cityScope: Range<Int>
    if let province {
      guard catalog.provinces.indices.contains(province) else { return .notFound(suggestions: []) }
      cityScope = cityStarts[province]..<cityStarts[province + 1]
    } else {
      cityScope = 0..<(cityStarts.last ?? 0)
    }
    func answer(_ hits: [Int], _ refs: (Int) -> CityRef) -> MatchResult<CityRef>? {
      switch hits.count {
      case 0: return nil
      case 1: return .unique(refs(hits[0]))
      default: return .ambiguous(hits.map(refs))
      }
    }
    if let province, !q.isLatin, let hits = provinceLookup(q, province),
      let found = answer(hits, cityRef)
    {
      return found
    }
    let (cityHits, cityPinyin) = whole(q, .cities, cityScope, .lookup)
    if let found = answer(cityHits, cityRef) { return found }
    // Only a query that no city's whole name matches walks the counties.
    let index = counties()
    let countyScope = countyScope(index, province: province, city: nil)
    let (countyHits, countyPinyin) = whole(q, .counties, countyScope, .lookup)
    if let found = answer(countyHits, { index.refs[$0] }) { return found }
    let cityStarts = best(q, .cities, cityScope, pinyin: cityPinyin, .prefix)
    if let found = answer(cityStarts, cityRef) { return found }
    let countyStarts = best(q, .counties, countyScope, pinyin: countyPinyin, .prefix)
    if let found = answer(countyStarts, { index.refs[$0] }) { return found }
    var names = suggestions(q, .cities, cityScope, pinyin: cityPinyin)
    for name in suggestions(q, .counties, countyScope, pinyin: countyPinyin)
    where names.count < 3 && !names.contains(name) {
      names.append(name)
    }
    return .notFound(suggestions: names)
  }

  /// Every city and county matching `query` by name, pinyin, initials (whole, prefix or
  /// inside) or division code, best tier first, cities before counties within a tier and
  /// in catalog order within a level; empty for a blank query.
  public func search(_ query: String) -> [CityRef] {
    if let known = searches.withLock({ $0.results[query] }) { return known }
    let q = MatchQuery(query)
    guard !q.isEmpty else { return [] }
    let index = counties()
    let found: [CityRef]
    if let code = Self.divisionCode(query) {
      found = (catalog.allCities + index.refs).filter { catalog[$0].code?.hasPrefix(code) ?? false }
    } else {
      let cities = rankTiers(q, .cities, 0..<(cityStarts.last ?? 0))
      let counties = rankTiers(q, .counties, 0..<index.refs.count)
      found = zip(cities, counties).flatMap { cities, counties in
        cities.map(cityRef) + counties.map { index.refs[$0] }
      }
    }
    searches.withLock { $0.remember(query, found) }
    return found
  }

  /// Every province, city and county matching `query`, as `--search` lists them: best tier
  /// first, and within a tier provinces, then cities, then counties, each in catalog order.
  /// A division code matches a province by its first two digits and zeros (`44`, `4400`
  /// and `440000` are 广东省; `4401` is only 广州市 and its counties).
  public func searchEveryLevel(_ query: String) -> [SearchHit] {
    let q = MatchQuery(query)
    guard !q.isEmpty else { return [] }
    let provinces = catalog.provinces.indices
    if let code = Self.divisionCode(query) {
      let matching = provinces.filter { index in
        guard let own = provinceCode(index) else { return false }
        return own.hasPrefix(code) && code.dropFirst(2).allSatisfy { $0 == "0" }
      }
      return matching.map(SearchHit.province) + search(query).map(SearchHit.place)
    }
    let index = counties()
    let tiers = zip(
      rankTiers(q, .provinces, provinces),
      zip(
        rankTiers(q, .cities, 0..<(cityStarts.last ?? 0)),
        rankTiers(q, .counties, 0..<index.refs.count)))
    return tiers.flatMap { provinces, places in
      provinces.map(SearchHit.province) + places.0.map { .place(cityRef($0)) }
        + places.1.map { .place(index.refs[$0]) }
    }
  }

  /// The province's six-digit code (`Catalog.provinceCode`).
  public func provinceCode(_ index: Int) -> String? {
    guard catalog.provinces.indices.contains(index) else { return nil }
    return cache.withLock { cache in
      if cache.provinceCodes == nil {
        cache.provinceCodes = catalog.provinces.indices.map { catalog.provinceCode($0) }
      }
      return cache.provinceCodes?[index] ?? nil
    }
  }

  /// Two to six ASCII digits: the start of a division code (`3205` is 苏州市 and its
  /// counties, `320583` is 昆山市).
  static func divisionCode(_ query: String) -> String? {
    let digits = query.trimmingSpaces
    guard (2...6).contains(digits.utf8.count),
      digits.utf8.allSatisfy({ (0x30...0x39).contains($0) })
    else { return nil }
    return digits
  }

  /// Builds the keys a search of every city and county needs (names and pinyin), so that the first
  /// key of a search does not pay for them. For a session to call off the main thread
  /// while it waits for keys; a search meanwhile waits for the keys being built.
  public func prepareSearch() {
    _ = pinyinKeys(.cities)
    _ = pinyinKeys(.counties)
    _ = catalog.townshipTable.counties(withPinyinStarting: 0, 0)
  }

  /// The provinces among `provinces` that match `query`, best first; all of them, in
  /// their order, for a blank query.
  public func filter(_ query: String, provinces: [Int]) -> [Int] {
    let valid = provinces.filter { catalog.provinces.indices.contains($0) }
    let q = MatchQuery(query)
    guard !q.isEmpty else { return valid }
    return rank(q, .provinces, valid)
  }

  /// The cities (and counties) among `cities` that match `query`, best first, cities before
  /// counties within a tier; all of them, in their order, for a blank query.
  public func filter(_ query: String, cities: [CityRef]) -> [CityRef] {
    let valid = cities.filter(catalog.contains)
    let q = MatchQuery(query)
    guard !q.isEmpty else { return valid }
    // A county's townships (row 1 the county itself): the townships by the fifth level's
    // own rules, after the divisions above them that match.
    if valid.contains(where: \.isTownship) {
      let townships = valid.filter(\.isTownship)
      var parents: [CityRef] = []
      for parent in townships.map(\.parent) where !parents.contains(parent) {
        parents.append(parent)
      }
      let shown = Set(townships)
      let found = TownshipSearch.find(query, in: catalog, under: parents)
      return filter(query, cities: valid.filter { !$0.isTownship })
        + (found.exact + found.prefix).filter(shown.contains)
    }
    guard valid.contains(where: \.isCounty) else {
      return rank(q, .cities, valid.compactMap(flatIndex)).map(cityRef)
    }
    let index = counties()
    let cityTiers = rankTiers(q, .cities, valid.filter { !$0.isCounty }.compactMap(flatIndex))
    let countyTiers = rankTiers(
      q, .counties, valid.compactMap { countyFlatIndex($0, index) })
    return zip(cityTiers, countyTiers).flatMap { cities, counties in
      cities.map(cityRef) + counties.map { index.refs[$0] }
    }
  }

  /// The province's name in pinyin, derived ("guang dong sheng").
  public func pinyin(ofProvince index: Int) -> String {
    guard catalog.provinces.indices.contains(index) else { return "" }
    if let known = cache.withLock({ $0.provinceReadings }) { return known[index] }
    let readings = catalog.provinces.map { Self.reading(of: $0.name) }
    cache.withLock { $0.provinceReadings = readings }
    return readings[index]
  }

  /// The city's pinyin from the data file when it has one, else derived from its name.
  public func pinyin(of ref: CityRef) -> String {
    guard catalog.contains(ref) else { return "" }
    let city = catalog[ref]
    if let given = city.pinyin, given.contains(where: { !$0.isWhitespace }) {
      let (head, cut) = Self.head(of: given)
      return TerminalText.sanitize(head) + (cut ? "…" : "")
    }
    return Self.reading(of: city.name)
  }

  /// The most of a name or reading a reading is made from: far more than any real name,
  /// and what a screen's line can show. A reading is for a line on screen; a name of
  /// megabytes in a data file cost a frame its whole reading (hundreds of megabytes and
  /// a second a key in the full screen), where it now costs a line's.
  static let readingBytes = 4096

  /// `name`'s derived pinyin, of its first `readingBytes` bytes, ending `…` where cut.
  static func reading(of name: String) -> String {
    let (head, cut) = head(of: name)
    return Pinyin.derive(head) + (cut ? " …" : "")
  }

  /// The first `readingBytes` bytes of `text`, cut where a scalar starts, and whether it
  /// was cut.
  static func head(of text: String) -> (String, cut: Bool) {
    let utf8 = text.utf8
    guard utf8.count > readingBytes else { return (text, false) }
    var end = utf8.index(utf8.startIndex, offsetBy: readingBytes)
    while end > utf8.startIndex, UTF8.isContinuation(utf8[end]) {
      end = utf8.index(before: end)
    }
    return (String(decoding: utf8[..<end], as: UTF8.self), true)
  }

  // MARK: - Lookup and ranking

  private func lookup<S: Sequence<Int>>(_ q: MatchQuery, _ kind: Kind, scope: S) -> MatchResult<
    Int
  > {
    guard !q.isEmpty else { return .notFound(suggestions: []) }
    var (hits, pinyin) = whole(q, kind, scope, .lookup)
    if hits.isEmpty {
      hits = best(q, kind, scope, pinyin: pinyin, .prefix)
    }
    switch hits.count {
    case 0: return .notFound(suggestions: suggestions(q, kind, scope, pinyin: pinyin))
    case 1: return .unique(hits[0])
    default: return .ambiguous(hits)
    }
  }

  private func exactMatch<S: Sequence<Int>>(_ q: MatchQuery, _ kind: Kind, _ scope: S) -> Int? {
    guard !q.isEmpty else { return nil }
    let hits = whole(q, kind, scope, .exact).hits
    return hits.count == 1 ? hits[0] : nil
  }

  /// The entries at the best tier `stage` reaches, by name first: a name match wins over
  /// any pinyin one, and Han queries stop there without building (or deriving) pinyin.
  /// Also the pinyin keys, when the query needed them.
  private func whole<S: Sequence<Int>>(
    _ q: MatchQuery, _ kind: Kind, _ scope: S, _ stage: MatchRanker.Stage
  ) -> (hits: [Int], pinyin: PinyinColumns?) {
    let hits = best(q, kind, scope, pinyin: nil, stage)
    guard hits.isEmpty && q.isLatin else { return (hits, nil) }
    let pinyin = pinyinKeys(kind)
    return (best(q, kind, scope, pinyin: pinyin, stage), pinyin)
  }

  /// A Han name's whole-name lookup among one province's cities, from keys made for those
  /// cities alone, while the whole catalog's are not built: a one-shot `-p … -c …` in a
  /// 100k-city file need not key every name (6% of its time). Nil once they are built (the
  /// usual scan is then as quick); the hits are those the usual scan finds, as each entry's
  /// tier depends only on its own keys.
  private func provinceLookup(_ q: MatchQuery, _ province: Int) -> [Int]? {
    guard cache.withLock({ $0.cityNames == nil }) else { return nil }
    let cities = catalog.provinces[province].cities
    let keys = MatchKeys.names(cities.lazy.map(\.name), count: cities.count)
    return MatchRanker.with(q, names: keys, pinyin: nil) { ranker in
      Self.best(cities.indices) { ranker.lookupTier($0) }.map { $0 + cityStarts[province] }
    }
  }

  /// Whether the whole catalog's city name keys are built yet.
  var hasBuiltCityNames: Bool {
    cache.withLock { $0.cityNames != nil }
  }

  /// The entries at the best tier of `stage` any entry reaches.
  private func best<S: Sequence<Int>>(
    _ q: MatchQuery, _ kind: Kind, _ scope: S, pinyin: PinyinColumns?, _ stage: MatchRanker.Stage
  ) -> [Int] {
    MatchRanker.with(q, names: nameKeys(kind), pinyin: pinyin) { ranker in
      // One loop per stage, each with its tier function inlined: no dispatch per entry.
      switch stage {
      case .exact: return Self.best(scope) { ranker.exactTier($0) }
      case .lookup: return Self.best(scope) { ranker.lookupTier($0) }
      case .prefix: return Self.best(scope) { ranker.prefixTier($0) }
      }
    }
  }

  @inline(__always)
  private static func best<S: Sequence<Int>>(_ scope: S, _ tierOf: (Int) -> Int?) -> [Int] {
    var bestTier = Int.max
    var hits: [Int] = []
    for i in scope {
      guard let tier = tierOf(i), tier <= bestTier else { continue }
      if tier < bestTier {
        bestTier = tier
        hits.removeAll()
      }
      hits.append(i)
    }
    return hits
  }

  private func rank<S: Sequence<Int>>(_ q: MatchQuery, _ kind: Kind, _ scope: S) -> [Int] {
    Array(rankTiers(q, kind, scope).joined())
  }

  /// The matches in `scope`, one array per tier, best first (`MatchRanker.tierCount` of them).
  private func rankTiers<S: Sequence<Int>>(_ q: MatchQuery, _ kind: Kind, _ scope: S) -> [[Int]] {
    var tiers = [[Int]](repeating: [], count: MatchRanker.tierCount)
    var scope = scope.makeIterator()
    guard var first = scope.next() else { return tiers }
    let pinyin = q.isLatin ? pinyinKeys(kind) : nil
    return MatchRanker.with(q, names: nameKeys(kind), pinyin: pinyin) { ranker in
      while true {
        if let tier = ranker.filterTier(first) { tiers[tier].append(first) }
        guard let next = scope.next() else { break }
        first = next
      }
      return tiers
    }
  }

  /// Up to three names close to the query by edit distance, over names with and without
  /// their suffix and (for Latin queries) over pinyin, that also share enough with it to
  /// be a likely slip rather than an unrelated name the same few edits away:
  /// - Latin: one edit, or two letters swapped (`Shenzen` → 深圳市, `guangzou` → 广州市,
  ///   `uhan` → 武汉市, `fujain` → 福建省); more only in a long query or past a shared
  ///   first syllable (`isLikelySlip`). So `Beijing` never suggests 内江市 (neijiang: two
  ///   edits in seven letters, no shared prefix), nor `Chongqing` 昌平区 (changping).
  /// - Han: a suffix-less query of three characters or more (`哈儿滨` → 哈尔滨市); a
  ///   shorter one only names that sound the same (`广洲` → 广州市, `广冬` → 广东省), as an
  ///   input method's slips do, since one character in two is too little to go on:
  ///   `上海` never suggests 滨海新区, nor `北京市` 北海市 (nor, a cost of the rule,
  ///   `深川` 深圳市).
  /// Nearest first; then, for Latin, the longer shared prefix; for Han, homophones; then
  /// catalog order.
  private func suggestions<S: Sequence<Int>>(
    _ q: MatchQuery, _ kind: Kind, _ scope: S, pinyin: PinyinColumns?
  ) -> [String] {
    let limit = q.suggestionDistance
    guard limit > 0 else { return [] }
    var found: [(distance: Int, shared: Int, index: Int)] = []
    var editDistance = EditDistance()
    var buffer: [UInt32] = []
    let query = q.isLatin ? q.compact.map(UInt32.init) : q.name.scalarValues
    // Keeps the entry's nearest distance over its keys; most keys are skipped on length
    // alone, before any decoding.
    func check(_ i: Int, _ view: KeyView, ascii: Bool) {
      var nearest = (distance: Int.max, shared: 0)
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
        guard var d = editDistance.distance(query, buffer, limit: limit) else { continue }
        // Two letters swapped (fujain, hubie) is one slip, though two edits.
        if d == 2 && Self.isOneSwap(query, buffer) { d = 1 }
        let shared = Self.sharedPrefix(query, buffer)
        if q.isLatin && !Self.isLikelySlip(distance: d, shared: shared, length: query.count) {
          continue
        }
        if (d, -shared) < (nearest.distance, -nearest.shared) { nearest = (d, shared) }
      }
      if nearest.distance <= limit { found.append((nearest.distance, nearest.shared, i)) }
    }
    nameKeys(kind).withView { names in
      for i in scope { check(i, names, ascii: false) }
    }
    if let pinyin, q.isLatin {
      pinyin.compact.withView { view in
        for i in scope { check(i, view, ascii: true) }
      }
    }
    if !q.isLatin && !found.isEmpty {
      // Homophones first: 广洲 is a slip for 广州 more likely than for 株洲; and only
      // homophones for a short query. The tables' readings come first; ICU reads what
      // they lack (冬 in 广冬), which only a query that found nothing can cost.
      func sound(_ text: String) -> [String] {
        Pinyin.knownSyllables(of: text) ?? Pinyin.syllables(of: text)
      }
      let short = String(decoding: q.short, as: UTF8.self)
      let sounds = sound(short)
      let long = short.unicodeScalars.count >= 3
      found = found.compactMap { hit in
        let alike =
          !sounds.isEmpty && sound(NameSuffix.strip(displayName(kind, hit.index))) == sounds
        guard alike || long else { return nil }
        return (hit.distance * 2 + (alike ? 0 : 1), 0, hit.index)
      }
    }
    found.sort { ($0.distance, -$0.shared, $0.index) < ($1.distance, -$1.shared, $1.index) }
    var names: [String] = []
    for hit in found {
      let name = TerminalText.sanitize(displayName(kind, hit.index))
      if !names.contains(name) { names.append(name) }
      if names.count == 3 { break }
    }
    return names
  }

  /// Whether a Latin key `distance` edits from a query of `length` letters, sharing its
  /// first `shared`, is close enough to suggest: one edit in a query of four letters or
  /// more, else one edit per five letters; or, past a shared prefix of three letters or
  /// more, one edit per two letters of the rest.
  private static func isLikelySlip(distance d: Int, shared: Int, length: Int) -> Bool {
    if d == 1 ? length >= 4 : d * 5 <= length { return true }
    return shared >= 3 && d * 2 <= length - shared
  }

  /// Whether `b` is `a` with two neighbouring elements swapped.
  private static func isOneSwap(_ a: [UInt32], _ b: [UInt32]) -> Bool {
    guard a.count == b.count else { return false }
    var i = 0
    while i < a.count && a[i] == b[i] { i += 1 }
    guard i + 1 < a.count, a[i] == b[i + 1], a[i + 1] == b[i] else { return false }
    return a[(i + 2)...] == b[(i + 2)...]
  }

  /// How many leading elements `a` and `b` share.
  private static func sharedPrefix(_ a: [UInt32], _ b: [UInt32]) -> Int {
    var n = 0
    while n < a.count && n < b.count && a[n] == b[n] { n += 1 }
    return n
  }

  private func displayName(_ kind: Kind, _ i: Int) -> String {
    switch kind {
    case .provinces: return catalog.provinces[i].name
    case .cities: return catalog[cityRef(i)].name
    case .counties: return catalog[counties().refs[i]].name
    }
  }

  // MARK: - Keys, built on first use

  /// Whether any pinyin keys exist yet: Han-only use must never build (or derive) them.
  var hasBuiltPinyin: Bool {
    cache.withLock { $0.provincePinyin != nil || $0.cityPinyin != nil || $0.countyPinyin != nil }
  }

  /// Whether the provinces' codes are kept (looked for once, not once a frame).
  var hasKeptProvinceCodes: Bool {
    cache.withLock { $0.provinceCodes != nil }
  }

  private func nameKeys(_ kind: Kind) -> KeyColumn {
    let countyRefs = kind == .counties ? counties().refs : []
    return cache.withLock { cache in
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
      case .counties:
        if let keys = cache.countyNames { return keys }
        let keys = MatchKeys.names(
          countyRefs.lazy.map { self.catalog[$0].name }, count: countyRefs.count)
        cache.countyNames = keys
        return keys
      }
    }
  }

  private func pinyinKeys(_ kind: Kind) -> PinyinColumns {
    let names = nameKeys(kind)
    let countyRefs = kind == .counties ? counties().refs : []
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
      case .counties:
        if let keys = cache.countyPinyin { return keys }
        let keys = MatchKeys.pinyin(countyRefs.lazy.map { self.catalog[$0].pinyin }, names: names)
        cache.countyPinyin = keys
        return keys
      }
    }
  }

  // MARK: - County positions

  /// Built on first use: a lookup that finds its city never walks the counties.
  private func counties() -> CountyIndex {
    if let known = cache.withLock({ $0.counties }) { return known }
    var refs: [CityRef] = []
    var starts: [Int] = []
    starts.reserveCapacity((cityStarts.last ?? 0) + 1)
    for (p, province) in catalog.provinces.enumerated() {
      for (c, city) in province.cities.enumerated() {
        starts.append(refs.count)
        for k in city.counties.indices {
          refs.append(CityRef(province: p, city: c, county: k))
        }
      }
    }
    starts.append(refs.count)
    let index = CountyIndex(refs: refs, starts: starts)
    cache.withLock { $0.counties = index }
    return index
  }

  private func countyScope(_ index: CountyIndex, province: Int?, city: CityRef?) -> Range<Int> {
    if let city {
      guard let flat = flatIndex(city.cityOnly) else { return 0..<0 }
      return index.starts[flat]..<index.starts[flat + 1]
    }
    if let province {
      guard catalog.provinces.indices.contains(province) else { return 0..<0 }
      return index.starts[cityStarts[province]]..<index.starts[cityStarts[province + 1]]
    }
    return 0..<index.refs.count
  }

  private func countyFlatIndex(_ ref: CityRef, _ index: CountyIndex) -> Int? {
    guard let county = ref.county, catalog.contains(ref), let city = flatIndex(ref.cityOnly)
    else { return nil }
    return index.starts[city] + county
  }

  // MARK: - City positions

  private func flatIndex(_ ref: CityRef) -> Int? {
    guard ref.county == nil, catalog.provinces.indices.contains(ref.province),
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
