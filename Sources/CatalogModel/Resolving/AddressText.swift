/// An address as the resolver reads it: its scalars folded (variants, width, case) with
/// invisible format characters left out, and where each one began in the text as typed,
/// so that what is left over is given back as the user wrote it.
struct AddressText {
  /// The folded scalars.
  var scalars: [UInt32] = []
  /// The UTF-8 offset in the original text of each scalar, and the text's length last.
  var offsets: [Int] = []
  let original: String

  init(_ text: String, variants: CharacterFolding) {
    original = text
    scalars.reserveCapacity(text.utf8.count / 2)
    offsets.reserveCapacity(text.utf8.count / 2 + 1)
    var offset = 0
    for scalar in text.unicodeScalars {
      let value = scalar.value
      defer { offset += UTF8.width(scalar) }
      if Self.isInvisible(value) { continue }
      scalars.append(variants.fold(value))
      offsets.append(offset)
    }
    offsets.append(offset)
  }

  /// Zero-width spaces and joiners, direction marks, the word joiner, a byte-order mark,
  /// a soft hyphen: nothing a name is spelled with, and nothing to split one.
  static func isInvisible(_ value: UInt32) -> Bool {
    value == 0xAD || (0x200B...0x200F).contains(value) || (0x2060...0x2064).contains(value)
      || value == 0xFEFF || (0xFE00...0xFE0F).contains(value)
  }

  /// The text as typed from scalar `index` on, without separators at its start or end.
  func rest(from index: Int) -> String {
    rest(in: index..<scalars.count)
  }

  /// The text as typed over the scalars `range`, without separators at its start or end.
  func rest(in range: Range<Int>) -> String {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, Self.isSeparator(scalars[lower]) { lower += 1 }
    while upper > lower, Self.isSeparator(scalars[upper - 1]) { upper -= 1 }
    guard lower < upper else { return "" }
    let utf8 = original.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: offsets[lower])
    let end = utf8.index(utf8.startIndex, offsetBy: offsets[upper])
    return String(original[start..<end])
  }

  /// The scalars without separators at either end.
  var trimmedRange: Range<Int> {
    var lower = 0
    var upper = scalars.count
    while lower < upper, Self.isSeparator(scalars[lower]) { lower += 1 }
    while upper > lower, Self.isSeparator(scalars[upper - 1]) { upper -= 1 }
    return lower..<upper
  }

  /// The text as typed before and after the scalars `range`, each without separators at
  /// its ends, joined by a space: an address in letters names its places after the street.
  func rest(around range: Range<Int>) -> String {
    [rest(in: 0..<range.lowerBound), rest(from: range.upperBound)].filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  /// Whether `value` is a CJK ideograph, a radical or a compatibility ideograph: what a
  /// name in hanzi is written with (not CJK punctuation, symbols or U+FFFD).
  static func isIdeograph(_ value: UInt32) -> Bool {
    (0x2E80...0x2FDF).contains(value) || (0x3400...0x9FFF).contains(value)
      || (0xF900...0xFAFF).contains(value) || value >= 0x20000
  }

  /// Spaces, commas and the like between an address's parts.
  static func isSeparator(_ value: UInt32) -> Bool {
    switch value {
    case 0x09, 0x0D, 0x20, 0x2C, 0x3B, 0x3A, 0x2F, 0x7C, 0x2D, 0x3001, 0x3002, 0xFF0C, 0xFF1B,
      0xFF1A:
      true
    default: false
    }
  }

  /// Whether the scalars from `index` on begin a street's name: a name followed by 路, 街,
  /// 道, 巷 or 弄, or by a direction and one of them (陕西南路, 北京西路, 南京东路), is a
  /// street named after a place, not the place.
  func streetFollows(_ index: Int) -> Bool {
    guard index < scalars.count else { return false }
    let next = scalars[index]
    if Self.isStreetWord(next) { return true }
    guard index + 1 < scalars.count else { return false }
    let after = scalars[index + 1]
    if next == Self.big { return after == 0x9053 || after == 0x8857 }
    return Self.isDirection(next) && (Self.isStreetWord(after) || after == Self.big)
  }

  /// Whether `value` is an administrative suffix a full name ends with: 省 市 区 县 旗
  /// 州 盟 镇 乡. (Switches, not sets: a set hashes each look-up, and these are asked of
  /// every name found.)
  static func endsWithSuffix(_ value: UInt32) -> Bool {
    switch value {
    case 0x7701, 0x5E02, 0x533A, 0x53BF, 0x65D7, 0x5DDE, 0x76DF, 0x9547, 0x4E61: true
    default: false
    }
  }

  /// 路 街 道 巷 弄
  private static func isStreetWord(_ value: UInt32) -> Bool {
    switch value {
    case 0x8DEF, 0x8857, 0x9053, 0x5DF7, 0x5F04: true
    default: false
    }
  }

  /// 东 西 南 北 中
  private static func isDirection(_ value: UInt32) -> Bool {
    switch value {
    case 0x4E1C, 0x897F, 0x5357, 0x5317, 0x4E2D: true
    default: false
    }
  }

  // 大 (大道, 大街)
  private static let big: UInt32 = 0x5927
}
