import Synchronization
import TextSupport

/// Finds townships by name, pinyin or code under a set of parents (counties, or cities
/// without counties): the fifth level's lookups and search, over the catalog's recursive
/// shape, decoding only the parents asked about.
public enum TownshipSearch {
  /// The parents whose townships a scope covers: a county itself, a city's counties (or
  /// the city where it has none), every such parent of the given provinces.
  public static func parents(in catalog: Catalog, cities: [CityRef]) -> [CityRef] {
    catalog.townshipParents(of: cities)
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
    if isDigits { return find(code: q, in: catalog, under: parents) }
    var exact: [CityRef] = []
    var prefix: [CityRef] = []
    let qBytes = Array(q.utf8)
    // A Han query matches a name that holds its bytes: counties without them are passed over.
    let byName = qBytes.first.map { $0 >= 0x80 } ?? false
    // A pinyin query matches a reading that starts with its first two letters: so do the
    // counties passed over (a shorter query can match a one-letter reading, so it reads all).
    let byReading =
      !byName && qBytes.count >= 2
      ? catalog.townshipTable.counties(withPinyinStarting: qBytes[0], qBytes[1]) : nil
    for parent in parents {
      if let county = catalog.tableCode(of: parent) {
        if let byReading, !byReading.contains(county) { continue }
        if byName,
          !qBytes.withUnsafeBufferPointer({
            catalog.townshipTable.rows(ofCounty: county, contain: $0)
          })
        {
          continue
        }
        // The built-in table: matched on its bytes, nothing decoded.
        catalog.townshipTable.scanRows(ofCounty: county) { t, _, name, pinyin in
          let ref = CityRef(
            province: parent.province, city: parent.city, county: parent.county, township: t)
          switch match(qBytes, name: name, pinyin: pinyin) {
          case .exact: exact.append(ref)
          case .prefix: prefix.append(ref)
          case .none: break
          }
        }
        continue
      }
      for (t, township) in catalog.townships(of: parent).enumerated() {
        let ref = CityRef(
          province: parent.province, city: parent.city, county: parent.county, township: t)
        let pinyin = compact(township.pinyin ?? "")
        let short = NameSuffix.stripTownship(township.name)
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

  /// `find`, remembering its answers in `memo`: a query asked again (a Backspace) is
  /// answered from it, and a query that extends one asked before (the next key typed)
  /// searches only the parents where that one found townships. Every rule of `find` keeps
  /// a township that matches the longer query matching the shorter (from two bytes up), so
  /// the answer is `find`'s own, in the same order.
  public static func find(
    _ query: String, in catalog: Catalog, under parents: [CityRef], memo: Memo
  ) -> (exact: [CityRef], prefix: [CityRef]) {
    let q = normalized(query)
    guard !q.isEmpty, !q.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      return find(query, in: catalog, under: parents)
    }
    if let known = memo.answer(q, parents: parents) { return known }
    let searched = memo.narrowest(for: q, parents: parents) ?? parents
    let found = find(q, in: catalog, under: searched)
    memo.remember(q, parents: parents, found: found)
    return found
  }

  /// The answers `find(_:in:under:memo:)` lately gave, for one search session (a full
  /// screen's `/`, over one catalog): a few queries' townships, the newest last.
  public final class Memo: Sendable {
    struct Entry {
      let query: String
      let parents: [CityRef]
      let found: (exact: [CityRef], prefix: [CityRef])
      /// The parents that have a township in `found`, in `parents`' order.
      let hitParents: [CityRef]
    }

    private let entries = Mutex<[Entry]>([])
    /// How many queries are kept: a word typed and erased again.
    static let capacity = 24

    public init() {}

    func answer(_ q: String, parents: [CityRef])
      -> (exact: [CityRef], prefix: [CityRef])?
    {
      entries.withLock { list in
        list.last {
          $0.query == q && $0.parents == parents
        }?.found
      }
    }

    /// The parents where the longest remembered query that `q` extends found townships.
    func narrowest(for q: String, parents: [CityRef]) -> [CityRef]? {
      entries.withLock { list in
        list.filter {
          $0.query.utf8.count >= 2 && q.utf8.count > $0.query.utf8.count
            && q.utf8.starts(with: $0.query.utf8) && q.hasPrefix($0.query)
            && $0.parents == parents
        }
        .max { $0.query.utf8.count < $1.query.utf8.count }?.hitParents
      }
    }

    func remember(
      _ q: String, parents: [CityRef],
      found: (exact: [CityRef], prefix: [CityRef])
    ) {
      let hit = Set((found.exact + found.prefix).map(\.parent))
      let entry = Entry(
        query: q, parents: parents, found: found,
        hitParents: parents.filter { hit.contains($0) })
      entries.withLock { list in
        list.removeAll { $0.query == q }
        list.append(entry)
        if list.count > Self.capacity { list.removeFirst(list.count - Self.capacity) }
      }
    }
  }

  /// `find` for a code: the catalog's code index, kept to `parents` and in their order.
  static func find(code: String, in catalog: Catalog, under parents: [CityRef])
    -> (exact: [CityRef], prefix: [CityRef])
  {
    var order: [CityRef: Int] = [:]
    for (position, parent) in parents.enumerated() where order[parent] == nil {
      order[parent] = position
    }
    func kept(_ refs: [CityRef]) -> [CityRef] {
      refs.compactMap { ref in order[ref.parent].map { (ref, $0) } }
        .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : ($0.0.township ?? 0) < ($1.0.township ?? 0) }
        .map(\.0)
    }
    let exact = kept(catalog.townships(code: code))
    // Seven digits or more: a shorter start is a county's or a city's, not a township's.
    guard code.utf8.count >= 7 else { return (exact, []) }
    let exactSet = Set(exact)
    let prefix = kept(catalog.townships(code: code, prefix: true)).filter { !exactSet.contains($0) }
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

  enum Tier { case exact, prefix, none }

  /// The byte form of the rules of `find` for a name or pinyin (codes are the index's),
  /// for one row of the township table.
  static func match(
    _ q: [UInt8], name: UnsafeBufferPointer<UInt8>, pinyin: UnsafeBufferPointer<UInt8>
  ) -> Tier {
    if q.first.map({ $0 >= 0x80 }) == true {
      if name.elementsEqual(q) { return .exact }
      let short = NameSuffix.townshipShortLength(of: name)
      if short < name.count && name[..<short].elementsEqual(q) { return .exact }
      return name.starts(with: q) ? .prefix : .none
    }
    // Pinyin: the whole reading, or the reading of the name without its suffix (as many
    // syllables as the short name has characters), spaces ignored.
    var shortCharacters = 0
    for byte in name[..<NameSuffix.townshipShortLength(of: name)] where byte & 0xC0 != 0x80 {
      shortCharacters += 1
    }
    var matched = 0
    var syllables = 0
    var shortEnd = -1
    for byte in pinyin {
      if byte == 0x20 {
        syllables += 1
        if syllables == shortCharacters && matched == q.count { shortEnd = matched }
        continue
      }
      guard matched < q.count, q[matched] == byte else {
        if matched == q.count { break }
        return .none
      }
      matched += 1
    }
    guard matched == q.count else { return .none }
    let whole = !pinyin.isEmpty && pinyin.count - syllables == q.count
    if whole || shortEnd == q.count { return .exact }
    return q.count >= 2 ? .prefix : .none
  }

  static func normalized(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != " " && $0 != "\t" }))
      .lowercased()
  }

  static func compact(_ pinyin: String) -> String {
    String(String.UnicodeScalarView(pinyin.unicodeScalars.filter { $0 != " " }))
  }
}
