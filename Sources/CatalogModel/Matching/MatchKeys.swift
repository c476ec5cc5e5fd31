import TextSupport

/// Builds the key columns a Matcher scans: names (with their suffix-less length), and,
/// only once a query has Latin letters, compact pinyin and initials.
enum MatchKeys {
  static func names<S: Sequence<String>>(_ names: S, count: Int) -> KeyColumn {
    var builder = KeyColumn.Builder(capacity: count)
    builder.bytes.reserveCapacity(count * 10)
    for name in names {
      let start = builder.bytes.count
      MatchText.appendName(name, to: &builder.bytes)
      let shortLength = builder.bytes.withUnsafeBufferPointer { all in
        NameSuffix.shortLength(of: UnsafeBufferPointer(rebasing: all[start...]))
      }
      builder.shortEnds.append(UInt32(clamping: start + shortLength))
      builder.endEntry()
    }
    return builder.build()
  }

  /// Compact pinyin and initials per entry, each with a short form that leaves out the
  /// suffix's syllables. The file's pinyin is used when present (with or without the
  /// suffix's syllables); otherwise it is derived, which may need ICU.
  static func pinyin<S: Sequence<String?>>(_ data: S, names: KeyColumn) -> PinyinColumns {
    var compact = KeyColumn.Builder(capacity: names.count)
    var initials = KeyColumn.Builder(capacity: names.count)
    compact.bytes.reserveCapacity(names.count * 12)
    initials.bytes.reserveCapacity(names.count * 4)
    var tokenEnds: [Int] = []
    var suffixCache: [String: [String]] = [:]
    names.withView { view in
      var i = 0
      for dataPinyin in data {
        guard i < names.count else { break }
        let full = view.full(i)
        let short = view.short(i)
        let nameCount = MatchText.scalarCount(view.bytes, full)
        let shortCount = MatchText.scalarCount(view.bytes, short)
        let initialsStart = initials.bytes.count
        let hasSuffix = shortCount < nameCount
        var syllables = 0
        tokenEnds.removeAll(keepingCapacity: true)
        if let dataPinyin {
          syllables = MatchText.appendPinyin(
            dataPinyin, compact: &compact.bytes, initials: &initials.bytes, tokenEnds: &tokenEnds)
        }
        if syllables > 0 && hasSuffix && syllables == nameCount {
          compact.shortEnds.append(UInt32(clamping: tokenEnds[shortCount - 1]))
          initials.shortEnds.append(UInt32(clamping: initialsStart + shortCount))
        } else if syllables > 0 && !(hasSuffix && syllables == shortCount) {
          compact.markShortEnd()
          initials.markShortEnd()
        } else {
          if syllables == 0 {
            let shortName = String(
              decoding: UnsafeBufferPointer(rebasing: view.bytes[short]), as: UTF8.self)
            for syllable in Pinyin.syllables(of: shortName) {
              MatchText.appendPinyin(
                syllable, compact: &compact.bytes, initials: &initials.bytes,
                tokenEnds: &tokenEnds)
            }
          }
          compact.markShortEnd()
          initials.markShortEnd()
          if hasSuffix {
            let suffixRange = short.upperBound..<full.upperBound
            let suffix = String(
              decoding: UnsafeBufferPointer(rebasing: view.bytes[suffixRange]), as: UTF8.self)
            let suffixSyllables: [String]
            if let known = suffixCache[suffix] {
              suffixSyllables = known
            } else {
              suffixSyllables = Pinyin.syllables(of: suffix)
              suffixCache[suffix] = suffixSyllables
            }
            for syllable in suffixSyllables {
              MatchText.appendPinyin(
                syllable, compact: &compact.bytes, initials: &initials.bytes,
                tokenEnds: &tokenEnds)
            }
          }
        }
        compact.endEntry()
        initials.endEntry()
        i += 1
      }
      while i < names.count {
        compact.markShortEnd()
        initials.markShortEnd()
        compact.endEntry()
        initials.endEntry()
        i += 1
      }
    }
    return PinyinColumns(compact: compact.build(), initials: initials.build())
  }
}

/// Compact pinyin and initials columns, built together.
struct PinyinColumns: Sendable {
  let compact: KeyColumn
  let initials: KeyColumn
}
