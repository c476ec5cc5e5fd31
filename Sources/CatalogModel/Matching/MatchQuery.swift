import TextSupport

/// A user's query in the forms the key columns hold.
struct MatchQuery {
  /// Trimmed, ASCII letters lowercased.
  let name: [UInt8]
  /// `name` without its administrative suffix (朝阳区 → 朝阳).
  let short: [UInt8]
  /// Letters and digits only, for pinyin; empty when the query has no Latin letter, so
  /// that Han queries never need pinyin (nor ICU to derive it).
  let compact: [UInt8]
  /// The suffix-less hanzi of a known non-pinyin spelling (tibet → 西藏), or empty.
  let alias: [UInt8]

  init(_ query: String) {
    let text = Self.halfWidth(query)
    name = MatchText.name(text)
    short = name.withUnsafeBufferPointer { Array($0[..<NameSuffix.shortLength(of: $0)]) }
    // A query with any Han character is a name; its Latin letters alone would match
    // unrelated pinyin.
    if MatchText.hasLatinLetter(text) && !text.unicodeScalars.contains(where: Pinyin.isHan) {
      var compact: [UInt8] = []
      var initials: [UInt8] = []
      var ends: [Int] = []
      MatchText.appendPinyin(text, compact: &compact, initials: &initials, tokenEnds: &ends)
      self.compact = compact
      alias = Romanization.hanzi(forCompact: compact).map { Array($0.utf8) } ?? []
    } else {
      compact = []
      alias = []
    }
  }

  /// Full-width letters, digits and spaces as CJK input methods type them (ｇｄ → gd).
  private static func halfWidth(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value >= 0xFF01 && $0.value <= 0xFF5E })
    else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar.value >= 0xFF01 && scalar.value <= 0xFF5E,
        let narrow = Unicode.Scalar(scalar.value - 0xFEE0)
      {
        out.append(narrow)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  var isEmpty: Bool { name.isEmpty }
  var isLatin: Bool { !compact.isEmpty }

  /// How far a name may be from the query to be offered as "did you mean".
  var suggestionDistance: Int {
    let length =
      isLatin ? compact.count : String(decoding: name, as: UTF8.self).unicodeScalars.count
    switch length {
    case ...1: return 0
    case ...4: return 1
    case ...8: return 2
    default: return 3
    }
  }
}
