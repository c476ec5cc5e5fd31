import TextSupport

/// Which division a text names: an address (`浙江省杭州市西湖区文三路90号`), a name in any
/// script or old form (`廣東東莞`, `襄樊`), missing levels and all.
///
/// One pass finds every name of a province, city or county that starts anywhere in the
/// text (a trie of full names, names without their suffix and former names, as cpca's
/// Aho-Corasick pass does). Each division mentioned is then scored by the mentions of it
/// and of its parents that do not overlap (a full name 3, a shortened one 2), and the best
/// wins; the parents of what wins are inferred where the text leaves them out. A tie
/// between a division and its own parent goes to the parent (`湘潭` is the city, not
/// 湘潭县); any other tie on the same words is reported as candidates, never guessed. The
/// townships of what won are then looked for in the text after it.
public struct AddressResolver: Sendable {
  /// Every table, in one object: a resolver is copied as one reference (a worker's
  /// report holds one, a line's call passes it on), where a struct of a dozen arrays was
  /// retained and released a dozen times a copy, on both cores at once.
  private let storage: Storage

  public var catalog: Catalog { storage.catalog }
  var variants: CharacterFolding { storage.variants }
  /// The provinces, cities and counties, parents before children.
  var divisions: [Division] { storage.divisions }
  var names: NameTrie<Mention> { storage.names }
  /// The former divisions that names in `names` refer to, and the divisions of today
  /// each became.
  var formers: [FormerDivision] { storage.formers }
  var successors: [[Int32]] { storage.successors }
  /// Township names by the division they are under (a county, a city without counties, or
  /// a city's counties together), made as addresses ask and shared by every copy.
  var townshipScopes: TownshipScopes { storage.townshipScopes }
  /// The latin spellings of names, made when a text in letters first asks (and shared by
  /// every copy, as the township scopes are).
  var spellings: Lazily<SpellingIndex> { storage.spellings }

  final class Storage: Sendable {
    let catalog: Catalog
    let variants: CharacterFolding
    let divisions: [Division]
    let names: NameTrie<Mention>
    let formers: [FormerDivision]
    let successors: [[Int32]]
    let townshipScopes: TownshipScopes
    let spellings: Lazily<SpellingIndex>

    init(_ built: Builder, townshipScopes: TownshipScopes, spellings: Lazily<SpellingIndex>) {
      catalog = built.catalog
      variants = built.variants
      divisions = built.divisions
      names = built.names
      formers = built.formers
      successors = built.successors
      self.townshipScopes = townshipScopes
      self.spellings = spellings
    }
  }

  /// The tables as the initialiser makes them.
  struct Builder {
    let catalog: Catalog
    let variants: CharacterFolding
    var divisions: [Division] = []
    /// Each division's index in `divisions`: provinces by index, the rest by reference.
    var provinceDivision: [Int] = []
    var divisionOfRef: [CityRef: Int32] = [:]
    var names = NameTrie<Mention>(denseRoot: true)
    var formers: [FormerDivision] = []
    var successors: [[Int32]] = []
  }

  /// The same resolver with an object of its own, for another thread: what each copy of
  /// `storage` retains is then its own, while the tables, township scopes and spellings
  /// are shared.
  public func forAnotherThread() -> AddressResolver {
    AddressResolver(
      storage: Storage(
        Builder(
          catalog: catalog, variants: variants, divisions: divisions, names: names,
          formers: formers, successors: successors),
        townshipScopes: townshipScopes, spellings: spellings))
  }

  private init(storage: Storage) {
    self.storage = storage
  }

  struct Division: Sendable {
    var province: Int
    /// Nil for a province.
    var ref: CityRef?
    var parent: Int32
    /// `Catalog.addressLevel`.
    var level: UInt8 = 0
  }

  /// A name found in the index: which division it names, how surely, and the former
  /// division it was the name of (an index into `formers`, or -1).
  struct Mention: Sendable {
    var division: Int32
    var strength: UInt8
    var former: Int32
  }

  struct TownshipMention: Sendable {
    var township: Int32
    /// The index of the township's county in its scope's `parents`.
    var parent: Int32
    var strength: UInt8
  }

  /// A class: handed out of the shared cache once an address, a struct of a dozen arrays
  /// would be retained a dozen times.
  final class TownshipScope: Sendable {
    let parents: [CityRef]
    let trie: NameTrie<TownshipMention>

    init(parents: [CityRef], trie: NameTrie<TownshipMention>) {
      self.parents = parents
      self.trie = trie
    }
  }

  /// The weight of a full name (`西湖区`, `襄樊市`) and of one without its suffix (`西湖`).
  static let full: UInt8 = 3
  static let short: UInt8 = 2
  /// A generic name's (`isGeneric`).
  static let weak: UInt8 = 1
  /// How far into a text names are looked for, in scalars: far past any address.
  static let longestRead = 512

  public init(
    catalog: Catalog, history: DivisionHistory = .none, variants: CharacterVariants = .none
  ) {
    storage = Storage(
      Builder(catalog: catalog, history: history, variants: variants),
      townshipScopes: TownshipScopes(), spellings: Lazily<SpellingIndex>())
  }

  /// Names of two characters that say no more than a part of a city (城区, 郊区, 东区):
  /// read only where a parent's name supports them, and never as a former name.
  static func isGeneric(_ name: String) -> Bool {
    guard name.count == 2, name.hasSuffix("区"), let first = name.first else { return false }
    return "东西南北中城郊矿新".contains(first)
  }

  static func keys(for name: String) -> [(String, UInt8)] {
    if isGeneric(name) { return [(name, weak)] }
    var keys = [(name, full)]
    let stem = NameSuffix.strip(name)
    guard stem != name, stem.count >= 2 else { return keys }
    keys.append((stem, short))
    for (suffix, kept) in [("自治州", "州"), ("自治县", "县"), ("自治旗", "旗")]
    where name.hasSuffix(suffix) {
      keys.append((stem + kept, full))
    }
    return keys
  }

  // MARK: Resolving

  /// The division `text` names, with what is left of the text.
  public func resolve(_ text: String) -> ResolvedAddress {
    let address = AddressText(text, variants: storage.variants)
    let hasHanzi = address.scalars.contains(where: AddressText.isIdeograph)
    var mentions: [Found] = []
    if hasHanzi {
      mentions = hanziMentions(address)
    } else if address.scalars.contains(where: { (0x61...0x7A).contains($0) }) {
      mentions = latinMentions(address)
    }
    var result = ResolvedAddress(input: text)
    guard !mentions.isEmpty else {
      result.rest = address.rest(from: 0)
      return result
    }
    // A division needs more than a generic name (城区) or a former short name (闸北) to be
    // named, unless that name is the whole text, as in a search.
    let whole = address.trimmedRange
    var chains = candidates(mentions, latin: !hasHanzi) {
      $0.score >= Int(Self.short) || ($0.start <= whole.lowerBound && $0.end >= whole.upperBound)
    }
    guard let best = chains.first else {
      result.rest = address.rest(from: 0)
      return result
    }
    // Most texts leave one chain: the narrowing below is for ties, and costs arrays.
    if chains.count > 1 && chains[1].score == best.score {
      chains = chains.filter { $0.score == best.score }
      chains = chains.filter { chain in
        !chains.contains { other in
          other.division != chain.division && isAncestor(other.division, of: chain.division)
        }
      }
      // The first named wins (in letters, the last: the place comes after the street), and
      // of names that begin together the longest (达川市, a former county-level city, over
      // 达川区's short name 达川).
      let sign = hasHanzi ? 1 : -1
      func order(_ chain: Chain) -> (Int, Int, Int) {
        (sign * chain.start, sign * chain.deepest.start, chain.deepest.start - chain.deepest.end)
      }
      let first = chains.map(order).min { $0 < $1 } ?? order(best)
      chains = chains.filter { order($0) == first }
    } else {
      chains.removeSubrange(1...)
    }
    var chosen = chains[0]
    var township: (ref: CityRef, span: Range<Int>)?
    if hasHanzi && chains.count > 1 {
      // A township of one candidate's and of no other's decides between them.
      let decided = chains.compactMap { chain in
        findTownship(in: address, under: chain).map { (chain, $0) }
      }
      if decided.count == 1 {
        chosen = decided[0].0
        township = decided[0].1
        chains = [chosen]
      }
    }
    // Else, of names read from the same words, the higher level's is meant (西安 is the
    // city, not 辽源's or 牡丹江's 西安区), where one division is at that level.
    if chains.count > 1 {
      let top = chains.map { depth($0.division) }.min() ?? 0
      let highest = chains.filter { depth($0.division) == top }
      if highest.count == 1 {
        chains = highest
        chosen = highest[0]
        if hasHanzi { township = findTownship(in: address, under: chosen) }
      }
    } else if hasHanzi && township == nil {
      township = findTownship(in: address, under: chosen)
    }
    if chains.count > 1 {
      result.candidates = chains.map { place(of: $0.division) }
      let common = commonAncestor(chains.map(\.division))
      if let common { result.place = place(of: common) }
      let end = chains.map(\.end).max() ?? 0
      let start = chains.map(\.start).min() ?? 0
      result.rest = hasHanzi ? address.rest(from: end) : address.rest(around: start..<end)
      result.former = uniqueFormers(chains.flatMap(\.formers))
      return result
    }
    var found = place(of: chosen.division)
    var end = chosen.end
    if let township {
      found.ref = township.ref
      end = max(end, township.span.upperBound)
    }
    result.place = found
    result.former = uniqueFormers(chosen.formers)
    result.rest = hasHanzi ? address.rest(from: end) : address.rest(around: chosen.start..<end)
    return result
  }

  private func uniqueFormers(_ indices: [Int32]) -> [FormerDivision] {
    var seen = Set<Int32>()
    return indices.filter { seen.insert($0).inserted }.map { storage.formers[Int($0)] }
  }

  /// A mention found in the text: its scalars and what it names.
  struct Found {
    var start: Int
    var end: Int
    var mention: Mention
  }

  /// Every name of a province, city or county starting anywhere in `address`, except a
  /// shortened name that begins a street's (陕西南路, 北京西路).
  private func hanziMentions(_ address: AddressText) -> [Found] {
    var found: [Found] = []
    let scalars = address.scalars
    // Names are looked for in an address's length, not a whole hostile line's: every
    // mention is weighed against every other.
    for start in scalars.indices.prefix(Self.longestRead) where scalars[start] >= 0x2E80 {
      storage.names.forEachMatch(in: scalars, from: start) { end, mentions in
        // A name with its suffix (西湖区, 港闸区) is the place whatever follows it; one
        // without (陕西, 南京) begins a street's name where a street's word follows.
        let street = !AddressText.endsWithSuffix(scalars[end - 1]) && address.streetFollows(end)
        for mention in mentions where !street {
          found.append(Found(start: start, end: end, mention: mention))
        }
      }
    }
    return found
  }

  /// A division with the mentions that support it and its parents.
  struct Chain {
    var division: Int32
    var score: Int
    /// The mention of the division itself.
    var deepest: Found
    /// Where the first and after the last mention used.
    var start: Int
    var end: Int
    var formers: [Int32]
  }

  /// Every division mentioned that is `kept`, scored with its parents' mentions, best
  /// first.
  private func candidates(_ found: [Found], latin: Bool, keeping kept: (Chain) -> Bool)
    -> [Chain]
  {
    // A text names a few divisions: arrays scanned whole beat hash tables here.
    var best: [Chain] = []
    for item in found {
      let chain = chain(item.mention.division, deepest: item, found: found, latin: latin)
      if let at = best.firstIndex(where: { $0.division == chain.division }) {
        if Self.better(chain, best[at]) { best[at] = chain }
      } else {
        best.append(chain)
      }
    }
    // In place: a line's arrays are a good part of its cost.
    best.removeAll { !kept($0) }
    best.sort(by: Self.better)
    return best
  }

  private static func better(_ a: Chain, _ b: Chain) -> Bool {
    if a.score != b.score { return a.score > b.score }
    if a.start != b.start { return a.start < b.start }
    if a.deepest.start != b.deepest.start { return a.deepest.start < b.deepest.start }
    // Of two readings of the same words, the longer (松滋县, the former name, over the
    // current 松滋市's short name 松滋).
    if a.deepest.end != b.deepest.end { return a.deepest.end > b.deepest.end }
    return a.division < b.division
  }

  private func chain(_ division: Int32, deepest: Found, found: [Found], latin: Bool) -> Chain {
    var used = UsedSpans(deepest.start..<deepest.end)
    var score = Int(deepest.mention.strength)
    var formers: [Int32] = deepest.mention.former >= 0 ? [deepest.mention.former] : []
    var start = deepest.start
    var end = deepest.end
    var parent = storage.divisions[Int(division)].parent
    while parent >= 0 {
      var pick: Found?
      for item in found where item.mention.division == parent {
        let span = item.start..<item.end
        guard !used.overlaps(span) else { continue }
        if let current = pick {
          if item.mention.strength < current.mention.strength { continue }
          if item.mention.strength == current.mention.strength && item.start >= current.start {
            continue
          }
        }
        pick = item
      }
      if let pick {
        used.add(pick.start..<pick.end)
        score += Int(pick.mention.strength)
        if pick.mention.former >= 0 { formers.append(pick.mention.former) }
        start = min(start, pick.start)
        end = max(end, pick.end)
      }
      parent = storage.divisions[Int(parent)].parent
    }
    // A province or city named before this division (after it, in letters: `Yuhua
    // District, Nanjing`) and not over it says the text is about that place (南京雨花区:
    // 雨花区 is 长沙's, and 南京's is 雨花台区).
    let depth = self.depth(division)
    let conflict = found.contains { item in
      (latin ? item.start >= deepest.end : item.start < deepest.start)
        && item.mention.strength >= Self.short
        && self.depth(item.mention.division) < depth && item.mention.division != division
        && !isAncestor(item.mention.division, of: division)
        && !used.overlaps(item.start..<item.end)
    }
    if conflict { score -= 1 }
    return Chain(
      division: division, score: score, deepest: deepest, start: start, end: end,
      formers: formers)
  }

  /// The spans of a chain's mentions, one a level: the first three (a county, its city
  /// and its province: all there are) held in place, as an array a chain was an
  /// allocation a division mentioned.
  struct UsedSpans {
    private var spans: (Range<Int>, Range<Int>, Range<Int>)
    private var count = 1
    private var more: [Range<Int>] = []

    init(_ first: Range<Int>) {
      spans = (first, first, first)
    }

    mutating func add(_ span: Range<Int>) {
      switch count {
      case 1: spans.1 = span
      case 2: spans.2 = span
      default: more.append(span)
      }
      count += 1
    }

    func overlaps(_ span: Range<Int>) -> Bool {
      spans.0.overlaps(span) || (count > 1 && spans.1.overlaps(span))
        || (count > 2 && spans.2.overlaps(span)) || more.contains { $0.overlaps(span) }
    }
  }

  /// 0 for a province, 1 for a city, 2 for a county, as an address has them
  /// (`Catalog.addressLevel`).
  private func depth(_ division: Int32) -> Int {
    Int(storage.divisions[Int(division)].level)
  }

  private func isAncestor(_ ancestor: Int32, of division: Int32) -> Bool {
    var parent = storage.divisions[Int(division)].parent
    while parent >= 0 {
      if parent == ancestor { return true }
      parent = storage.divisions[Int(parent)].parent
    }
    return false
  }

  private func commonAncestor(_ list: [Int32]) -> Int32? {
    guard var common = list.first else { return nil }
    for division in list.dropFirst() {
      while common >= 0 && common != division && !isAncestor(common, of: division) {
        common = storage.divisions[Int(common)].parent
      }
      if common < 0 { return nil }
    }
    return common
  }

  private func place(of division: Int32) -> ResolvedAddress.Place {
    let item = storage.divisions[Int(division)]
    return ResolvedAddress.Place(province: item.province, ref: item.ref)
  }

  // MARK: Townships

  /// The township of `chain`'s division named after its mentions: a full name
  /// (`南城街道`, also for the data's `南城街道办事处`) anywhere under it, and within one
  /// county a name without its suffix too, unless it begins a street's.
  private func findTownship(
    in address: AddressText, under chain: Chain
  ) -> (ref: CityRef, span: Range<Int>)? {
    guard let ref = storage.divisions[Int(chain.division)].ref else { return nil }
    // After the division's own name: its parents' names may come later, inside the
    // township's (淮上区小蚌埠镇: 蚌埠).
    let from = chain.deepest.end
    let scope = townshipScope(chain.division, ref)
    guard !scope.trie.isEmpty else { return nil }
    let weakAllowed = scope.parents.count == 1
    var best: (ref: CityRef, span: Range<Int>, strength: UInt8)?
    var tied = false
    let scalars = address.scalars
    for start in from..<min(scalars.count, Self.longestRead) where scalars[start] >= 0x2E80 {
      if best != nil { break }
      scope.trie.forEachMatch(in: scalars, from: start) { end, mentions in
        let street = address.streetFollows(end)
        for mention in mentions {
          if mention.strength < Self.full && (!weakAllowed || street) { continue }
          let parent = scope.parents[Int(mention.parent)]
          let township = CityRef(
            province: parent.province, city: parent.city, county: parent.county,
            township: Int(mention.township))
          let span = start..<end
          guard let current = best else {
            best = (township, span, mention.strength)
            continue
          }
          let stronger = mention.strength > current.strength
          let longer = mention.strength == current.strength && span.count > current.span.count
          if stronger || longer {
            best = (township, span, mention.strength)
            tied = false
          } else if mention.strength == current.strength && span == current.span
            && current.ref != township
          {
            tied = true
          }
        }
      }
    }
    guard let best, !tied else { return nil }
    return (best.ref, best.span)
  }

  /// The divisions `division`'s townships are under (itself, or a city's counties) and
  /// one trie of all their townships' names, made the first time it is asked for.
  private func townshipScope(_ division: Int32, _ ref: CityRef) -> TownshipScope {
    if let scope = storage.townshipScopes.scope(division) { return scope }
    return makeTownshipScope(division, ref)
  }

  /// The scope of `townshipScope`, made: apart, so that the look-up of one already made
  /// copies nothing.
  @inline(never)
  private func makeTownshipScope(_ division: Int32, _ ref: CityRef) -> TownshipScope {
    let parents = catalog.townshipParents(of: [ref])
    var trie = NameTrie<TownshipMention>()
    for (number, parent) in parents.enumerated() {
      for (index, township) in catalog.townships(of: parent).enumerated() {
        // A short name counts only within one county (`findTownship`).
        for (key, strength) in Self.townshipKeys(for: township.name)
        where parents.count == 1 || strength == Self.full {
          trie.insert(
            key.unicodeScalars.map { storage.variants.fold($0.value) },
            TownshipMention(township: Int32(index), parent: Int32(number), strength: strength))
        }
      }
    }
    trie.seal()
    return storage.townshipScopes.keep(
      TownshipScope(parents: parents, trie: trie), for: division, of: storage.divisions.count)
  }

  /// A township's full name, the name people write for an office (`南城街道` for
  /// `南城街道办事处`, `南苑地区` for `南苑地区办事处`), and the name without its suffix.
  static func townshipKeys(for name: String) -> [(String, UInt8)] {
    var keys = [(name, full)]
    var base = name
    if base.hasSuffix("办事处") {
      base.removeLast(3)
      if base.count >= 2 { keys.append((base, full)) }
    }
    let stem = NameSuffix.stripTownship(base)
    if stem != base && stem.count >= 2 { keys.append((stem, short)) }
    return keys
  }
}

extension AddressResolver.Builder {
  init(catalog: Catalog, history: DivisionHistory, variants: CharacterVariants) {
    self.catalog = catalog
    self.variants = variants.folding()
    // Each current name (and short name) with the provinces it is found in.
    var current: [String: Set<Int>] = [:]
    for (p, province) in catalog.provinces.enumerated() {
      let provinceIndex = Int32(divisions.count)
      provinceDivision.append(divisions.count)
      divisions.append(AddressResolver.Division(province: p, ref: nil, parent: -1))
      add(province.name, provinceIndex, province: p, current: &current)
      for (c, city) in province.cities.enumerated() {
        let cityRef = CityRef(province: p, city: c)
        let cityIndex = Int32(divisions.count)
        divisions.append(AddressResolver.Division(province: p, ref: cityRef, parent: provinceIndex))
        divisionOfRef[cityRef] = cityIndex
        add(city.name, cityIndex, province: p, current: &current)
        for (k, county) in city.counties.enumerated() {
          let ref = CityRef(province: p, city: c, county: k)
          let index = Int32(divisions.count)
          divisions.append(AddressResolver.Division(province: p, ref: ref, parent: cityIndex))
          divisionOfRef[ref] = index
          add(county.name, index, province: p, current: &current)
        }
      }
    }
    for index in divisions.indices {
      divisions[index].level = UInt8(catalog.addressLevel(of: divisions[index].ref))
    }
    addFormerNames(history, current: current)
    names.seal()
  }

  /// Adds the current `name`'s spellings for `division`: the full name, the name without
  /// its suffix, and the short forms people write for autonomous divisions (恩施州, 长阳县).
  fileprivate mutating func add(
    _ name: String, _ division: Int32, province: Int, current: inout [String: Set<Int>]
  ) {
    for (key, strength) in AddressResolver.keys(for: name) {
      current[key, default: []].insert(province)
      insert(key, AddressResolver.Mention(division: division, strength: strength, former: -1))
    }
  }

  fileprivate mutating func insert(_ key: String, _ mention: AddressResolver.Mention) {
    names.insert(key.unicodeScalars.map { variants.fold($0.value) }, mention)
  }

  /// Names no longer in use, each for the divisions that took its place today.
  fileprivate mutating func addFormerNames(_ history: DivisionHistory, current: [String: Set<Int>])
  {
    let entries = history.allEntries()
    guard !entries.isEmpty else { return }
    var byCode: [String: [FormerDivision]] = [:]
    for entry in entries { byCode[entry.code, default: []].append(entry) }
    // A name given twice in one province (沾益县 until 1983 and again until 2016) means
    // what it meant last.
    var latest: [String: FormerDivision] = [:]
    for entry in entries {
      let key = entry.name + "\t" + entry.code.prefix(2)
      if let other = latest[key], (other.until ?? "") > (entry.until ?? "") { continue }
      latest[key] = entry
    }
    for entry in entries where latest[entry.name + "\t" + entry.code.prefix(2)] == entry {
      // Two characters are too common a string to read as a former name (新区, 郊区).
      guard entry.name.count >= 3 || entry.name.hasSuffix("县") else { continue }
      let today = todaysDivisions(of: entry, byCode: byCode)
      guard let first = today.first else { continue }
      let province = divisions[Int(first)].province
      let former = Int32(formers.count)
      formers.append(entry)
      successors.append(today)
      // The full name where no current division of the province has it (巢湖市 is today's
      // county-level city); the short name where no current division anywhere has it.
      var keys: [(String, UInt8)] = []
      // Each a step below a current name's weight: a current division so named elsewhere
      // (西城区 of 北京, not of 成都 until 1990) comes first.
      if current[entry.name]?.contains(province) != true {
        keys.append((entry.name, AddressResolver.short))
      }
      let stem = NameSuffix.strip(entry.name)
      if stem != entry.name, stem.count >= 2, current[stem] == nil {
        keys.append((stem, AddressResolver.weak))
      }
      for (key, strength) in keys {
        for division in today {
          insert(
            key, AddressResolver.Mention(division: division, strength: strength, former: former))
        }
      }
    }
  }

  /// The divisions of today that `entry` became: the one that has its code today, or
  /// where none does, those its successors became, followed through later changes. A
  /// successor's code is followed only through the rows of it that went after `entry`
  /// did (422401 was 荆门市 until 1983, then 沔阳县's successor), and a row that names its
  /// own code as successor (中甸县, renamed 香格里拉县 and later recoded) goes on to the
  /// code's later rows.
  fileprivate func todaysDivisions(of entry: FormerDivision, byCode: [String: [FormerDivision]])
    -> [Int32]
  {
    // Its code lives on (a rename; or a city whose successors are its own districts, as
    // 襄樊市 420600's are 襄阳市's), unless its successors went elsewhere and the code was
    // given to another division since (松滋县 421024 became 松滋市 421087; 421024 is
    // 江陵县's now).
    let prefix = entry.code.hasSuffix("00") ? String(entry.code.prefix(4)) : entry.code
    if entry.replacedBy.allSatisfy({ $0.hasPrefix(prefix) }),
      let index = currentDivision(code: entry.code)
    {
      return [index]
    }
    var found: [Int32] = []
    var seen = Set<String>()
    var queue = [entry]
    while let row = queue.popLast() {
      guard seen.insert(row.code + "@" + (row.until ?? "")).inserted else { continue }
      for next in row.replacedBy.reversed() {
        let later = (byCode[next] ?? []).filter { candidate in
          guard candidate != row else { return false }
          guard let went = row.until, let then = candidate.until else { return true }
          return then >= went
        }
        if later.isEmpty || next != row.code, let index = currentDivision(code: next) {
          if !found.contains(index) { found.append(index) }
          continue
        }
        queue += later
      }
    }
    return found
  }

  /// The current province, city or county with `code`.
  fileprivate func currentDivision(code: String) -> Int32? {
    if code.hasSuffix("0000"),
      let p = catalog.provinces.indices.first(where: {
        catalog.provinceCode($0) == code
      })
    {
      return Int32(provinceDivision[p])
    }
    guard let ref = catalog.division(code: code) else { return nil }
    return divisionOfRef[ref]
  }
}
