import TextSupport

/// Addresses in letters: `No. 100, Changhe Street, Binjiang District, Hangzhou`. Each run
/// of up to four words is looked up as a division's pinyin without its suffix (`binjiang`)
/// or with it (`hangzhoushi`), or as an established spelling (`Tibet`, `Canton`); a word
/// for the level after it that agrees with the division's suffix (`District` for 区)
/// makes it as sure as a full name in hanzi.
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

  /// Whether a level word `word` agrees with a division of `level`: a city's word fits
  /// county-level cities too, and `district` a city's districts of every kind.
  static func agrees(_ word: Level, with level: Level) -> Bool {
    word == level || (word == .city && level == .city)
  }
}

extension AddressResolver {
  /// The spellings in letters of every province, city and county.
  func makeSpellings() -> SpellingIndex {
    var index = SpellingIndex()
    for (position, division) in divisions.enumerated() {
      let number = Int32(position)
      let name: String
      let reading: String
      if let ref = division.ref {
        let entry = catalog[ref]
        name = entry.name
        reading = entry.pinyin ?? Pinyin.derive(entry.name)
      } else {
        name = catalog.provinces[division.province].name
        reading = Pinyin.derive(name)
      }
      let level = SpellingIndex.level(of: name)
      let syllables = reading.split(separator: " ").map {
        $0.lowercased().replacingOccurrences(of: "ü", with: "v")
      }
      index.add(
        syllables.joined(), .init(division: number, level: level, strength: Self.full))
      let stem = NameSuffix.strip(name)
      if stem != name, syllables.count == name.count, stem.count >= 2 {
        index.add(
          syllables.prefix(stem.count).joined(),
          .init(division: number, level: level, strength: Self.short))
      }
    }
    // Former names in letters too (`zhabei`), a step below a current name, as in hanzi.
    for (number, former) in formers.enumerated() {
      let syllables = Pinyin.derive(former.name).split(separator: " ")
      let stem = NameSuffix.strip(former.name)
      for division in successors[number] {
        let level = SpellingIndex.level(of: former.name)
        let entry = SpellingIndex.Entry(
          division: division, level: level, strength: Self.short, former: Int32(number))
        index.add(syllables.joined(), entry)
        if stem != former.name, syllables.count == former.name.count, stem.count >= 2 {
          index.add(syllables.prefix(stem.count).joined(), entry)
        }
      }
    }
    for (spelling, hanzi) in Romanization.table {
      for division in divisionsNamed(hanzi) {
        index.add(spelling, .init(division: division, level: .other, strength: Self.short))
      }
    }
    return index
  }

  /// The divisions whose name or short name is exactly `hanzi`.
  private func divisionsNamed(_ hanzi: String) -> [Int32] {
    let scalars = hanzi.unicodeScalars.map { variants.fold($0.value) }
    var found: [Int32] = []
    names.forEachMatch(in: scalars, from: 0) { end, mentions in
      guard end == scalars.count else { return }
      found += mentions.filter { $0.former < 0 }.map(\.division)
    }
    return found
  }

  /// The provinces, cities and counties named in letters in `address`: each run of words
  /// that spells one, with the level word after it where there is one.
  func latinMentions(_ address: AddressText) -> [Found] {
    let index = spellings.value { makeSpellings() }
    // Words: runs of letters (ü as v), with their scalar ranges.
    var words: [(text: String, span: Range<Int>)] = []
    var start: Int?
    let scalars = address.scalars
    for i in 0...scalars.count {
      let isLetter = i < scalars.count && ((0x61...0x7A).contains(scalars[i]) || scalars[i] == 0xFC)
      if isLetter {
        if start == nil { start = i }
        continue
      }
      guard let from = start else { continue }
      start = nil
      let text = String(
        String.UnicodeScalarView(
          scalars[from..<i].compactMap(Unicode.Scalar.init).map { $0.value == 0xFC ? "v" : $0 }))
      words.append((text, from..<i))
    }
    var found: [Found] = []
    for first in words.indices {
      var key = ""
      for last in first..<min(first + 4, words.count) {
        key += words[last].text
        guard let entries = index.names[key] else { continue }
        let level = levelWord(after: last, in: words)
        for entry in entries {
          var strength = entry.strength
          var end = words[last].span.upperBound
          if let level, SpellingIndex.agrees(level.level, with: entry.level) {
            strength = Self.full
            end = words[level.last].span.upperBound
          }
          found.append(
            Found(
              start: words[first].span.lowerBound, end: end,
              mention: Mention(division: entry.division, strength: strength, former: entry.former)))
        }
      }
    }
    return found
  }

  /// The level word (one or two words: `District`, `New Area`) after word `index`, and the
  /// index of its last word.
  private func levelWord(after index: Int, in words: [(text: String, span: Range<Int>)])
    -> (level: SpellingIndex.Level, last: Int)?
  {
    let next = index + 1
    guard next < words.count else { return nil }
    if next + 1 < words.count,
      let level = SpellingIndex.levelWords[words[next].text + words[next + 1].text]
    {
      return (level, next + 1)
    }
    return SpellingIndex.levelWords[words[next].text].map { ($0, next) }
  }
}
