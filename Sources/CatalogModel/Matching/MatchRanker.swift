/// Ranks one entry against a query, reading the key columns through borrowed pointers.
///
/// Tiers, best first (a lower number wins outright): 0 exact name; 1 the names equal once
/// the administrative suffix is dropped from either; 2 name prefix; 3 pinyin equal to the
/// full or suffix-less pinyin, or a known romanisation (Tibet); 4 initials equal to the
/// full or suffix-less initials; 5 name substring; 6 pinyin prefix; 7 initials prefix;
/// 8 pinyin substring (of two letters or more). Lookups use 0, 1, 3 and 4, then (when none
/// of those matches) 2, 6 and 7; filters and search use all.
struct MatchRanker {
  let names: KeyView
  let pinyin: KeyView
  let initials: KeyView
  let hasPinyin: Bool
  let query: UnsafeBufferPointer<UInt8>
  let queryShort: UnsafeBufferPointer<UInt8>
  let compact: UnsafeBufferPointer<UInt8>
  let alias: UnsafeBufferPointer<UInt8>

  static let tierCount = 9

  /// Calls `body` with a ranker over `names` (and `pinyin` when built) for `query`.
  static func with<R>(
    _ query: MatchQuery, names: KeyColumn, pinyin: PinyinColumns?, _ body: (MatchRanker) -> R
  ) -> R {
    query.name.withUnsafeBufferPointer { q in
      query.short.withUnsafeBufferPointer { qs in
        query.compact.withUnsafeBufferPointer { qc in
          query.alias.withUnsafeBufferPointer { qa in
            names.withView { nv in
              func run(_ pv: KeyView, _ iv: KeyView) -> R {
                body(
                  MatchRanker(
                    names: nv, pinyin: pv, initials: iv, hasPinyin: pinyin != nil, query: q,
                    queryShort: qs, compact: qc, alias: qa))
              }
              guard let pinyin else { return KeyView.withEmpty { run($0, $0) } }
              return pinyin.compact.withView { pv in pinyin.initials.withView { iv in run(pv, iv) }
              }
            }
          }
        }
      }
    }
  }

  /// Which tiers a scan accepts.
  enum Stage {
    /// `exactTier`: the whole name, never initials.
    case exact
    /// `lookupTier`: what a one-shot lookup accepts first.
    case lookup
    /// `prefixTier`: what a lookup falls back to when nothing matches at `lookup`.
    case prefix
  }

  /// Tiers 0, 1 and 3: the query is the whole name, in hanzi (with or without the suffix)
  /// or in pinyin or a known romanisation; never initials, which are an abbreviation.
  func exactTier(_ i: Int) -> Int? {
    if let tier = nameTier(i), tier <= 1 { return tier }
    if let tier = pinyinTier(i, lookup: true), tier == 3 { return tier }
    return nil
  }

  /// Tiers 2, 6 and 7: the query begins the name, its pinyin or its initials.
  func prefixTier(_ i: Int) -> Int? {
    if let tier = nameTier(i), tier <= 2 { return tier }
    if let tier = pinyinTier(i, lookup: false), tier <= 7 { return tier }
    return nil
  }

  /// Tiers 0, 1, 3 and 4: the entry's tier among those a one-shot lookup accepts, or nil.
  func lookupTier(_ i: Int) -> Int? {
    if let tier = nameTier(i), tier <= 1 { return tier }
    return pinyinTier(i, lookup: true)
  }

  /// The entry's tier for filtering and search, or nil when it does not match at all.
  func filterTier(_ i: Int) -> Int? {
    let byName = nameTier(i)
    if let byName, byName <= 2 { return byName }
    if let byPinyin = pinyinTier(i, lookup: true) { return byPinyin }
    if let byName { return byName }
    return pinyinTier(i, lookup: false)
  }

  private func nameTier(_ i: Int) -> Int? {
    guard !query.isEmpty else { return nil }
    let full = names.full(i)
    if names.equals(full, query) { return 0 }
    let short = names.short(i)
    if names.equals(short, query) || names.equals(full, queryShort) { return 1 }
    if names.hasPrefix(full, query) { return 2 }
    if names.contains(full, query) { return 5 }
    return nil
  }

  /// Tiers 3 and 4 when `lookup`, else 6, 7 and 8.
  private func pinyinTier(_ i: Int, lookup: Bool) -> Int? {
    guard hasPinyin, !compact.isEmpty else { return nil }
    let full = pinyin.full(i)
    let initialsFull = initials.full(i)
    if lookup {
      if pinyin.equals(full, compact) || pinyin.equals(pinyin.short(i), compact) { return 3 }
      if !alias.isEmpty && names.equals(names.short(i), alias) { return 3 }
      if initials.equals(initialsFull, compact) || initials.equals(initials.short(i), compact) {
        return 4
      }
      return nil
    }
    if pinyin.hasPrefix(full, compact) { return 6 }
    if initials.hasPrefix(initialsFull, compact) { return 7 }
    // One letter is inside nearly every pinyin: only prefixes count for it.
    if compact.count >= 2 && pinyin.contains(full, compact) { return 8 }
    return nil
  }
}
