import TextSupport

/// Addresses in letters: `No. 100, Changhe Street, Binjiang District, Hangzhou`. Each run
/// of up to four words is looked up as a division's pinyin without its suffix (`binjiang`)
/// or with it (`hangzhoushi`), or as an established spelling (`Tibet`, `Canton`); a word
/// for the level after it that agrees with the division's suffix (`District` for 区)
/// makes it as sure as a full name in hanzi.
extension AddressResolver {
  /// Reads the former names of `history` with ICU, the one slow part of making the
  /// spellings in letters: `--address -` has it done on another core while the index of
  /// names is made, before a line in letters asks.
  public static func prepareSpellings(history: DivisionHistory) {
    Pinyin.prepareReadings(of: history.allEntries().map(\.name))
  }

  /// The spellings in letters of every province, city and county.
  func makeSpellings() -> SpellingIndex {
    var index = SpellingIndex()
    // The characters of these names the tables lack, read by ICU in one call (at once,
    // where `prepareSpellings` has read them).
    var derived = formers.map(\.name)
    for division in divisions {
      if let ref = division.ref {
        if catalog[ref].pinyin == nil { derived.append(catalog[ref].name) }
      } else {
        derived.append(catalog.provinces[division.province].name)
      }
    }
    Pinyin.prepareReadings(of: derived)
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
      // Foundation's replace only where there is a ü: it was a third of the spellings'
      // making, which a line in letters waits for.
      let syllables = reading.split(separator: " ").map {
        let lower = $0.lowercased()
        return lower.contains("ü") ? lower.replacingOccurrences(of: "ü", with: "v") : lower
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
    for first in words.indices.prefix(Self.longestRead / 4) {
      var key = ""
      for last in first..<min(first + 4, words.count) {
        key += words[last].text
        guard let entries = index.names[key] else { continue }
        let level = levelWord(after: last, in: words)
        // A name without its level word before `Road` or `Street` is a street's
        // (`Beijing Road`, in 广州), as 北京路 is in hanzi.
        let street =
          level == nil && last + 1 < words.count
          && SpellingIndex.streetWords.contains(words[last + 1].text)
        for entry in entries {
          var strength = entry.strength
          if street && strength < Self.full { continue }
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
