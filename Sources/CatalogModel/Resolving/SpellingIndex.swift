/// The provinces, cities and counties by their spellings in letters (pinyin without the
/// suffix's syllables or with them, established spellings), each with the level its
/// suffix gives it.
struct SpellingIndex: Sendable {
  /// What a division's suffix makes it, as English and pinyin name levels.
  enum Level: Sendable {
    case province, region, city, district, county, banner, league, prefecture, special, other
  }

  struct Entry: Sendable {
    var division: Int32
    var level: Level
    var strength: UInt8
    /// The former division the spelling is the name of, or -1.
    var former: Int32 = -1
  }

  var names: [String: [Entry]] = [:]

  mutating func add(_ key: String, _ entry: Entry) {
    guard !key.isEmpty else { return }
    names[key, default: []].append(entry)
  }

  /// The level a name's suffix gives it.
  static func level(of name: String) -> Level {
    let suffixes: [(String, Level)] = [
      ("特别行政区", .special), ("自治区", .region), ("自治州", .prefecture), ("自治县", .county),
      ("自治旗", .banner), ("地区", .prefecture), ("省", .province), ("市", .city), ("区", .district),
      ("县", .county), ("旗", .banner), ("盟", .league),
    ]
    return suffixes.first { name.hasSuffix($0.0) }?.1 ?? .other
  }

  /// The level words of English and pinyin (`district`, `qu`), each a word or two.
  static let levelWords: [String: Level] = [
    "province": .province, "sheng": .province,
    "region": .region, "autonomousregion": .region, "zizhiqu": .region,
    "city": .city, "shi": .city, "municipality": .city,
    "district": .district, "qu": .district, "newarea": .district, "newdistrict": .district,
    "county": .county, "xian": .county, "autonomouscounty": .county,
    "banner": .banner, "qi": .banner,
    "league": .league, "meng": .league,
    "prefecture": .prefecture, "autonomousprefecture": .prefecture, "zhou": .prefecture,
    "diqu": .prefecture,
    "sar": .special, "specialadministrativeregion": .special,
  ]

  /// Whether a level word `word` agrees with a division of `level` (`District` with 区).
  static func agrees(_ word: Level, with level: Level) -> Bool {
    word == level
  }

  /// The words after which a place's name is a street's (`Beijing Road`).
  static let streetWords: Set<String> = [
    "road", "rd", "street", "st", "avenue", "ave", "lane", "lu", "jie", "dadao", "hutong",
    "alley", "boulevard",
  ]
}
