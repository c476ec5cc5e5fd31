/// Characters an address may write in place of the ones our names use: Traditional forms
/// (廣 for 广), compatibility ideographs and radicals that look like whole characters
/// (⻄, U+2EC4, for 西). Folded before names are matched, never in what is echoed back.
public struct CharacterVariants: Sendable, Hashable {
  let map: [UInt32: UInt32]
  /// `map` over the Basic Multilingual Plane from U+2E80, as a table: one look-up a
  /// character of every address is worth 200 KB made once.
  private let table: [UInt32]

  /// `pairs`: a variant, then the character it stands for, again and again; an odd last
  /// character is ignored.
  public init(pairs: String) {
    var map: [UInt32: UInt32] = [:]
    var iterator = pairs.unicodeScalars.makeIterator()
    while let from = iterator.next(), let to = iterator.next() {
      map[from.value] = to.value
    }
    self.map = map
    var table = [UInt32](repeating: 0, count: 0x10000 - 0x2E80)
    for (from, to) in map where (0x2E80..<0x10000).contains(from) {
      table[Int(from) - 0x2E80] = to
    }
    self.table = map.isEmpty ? [] : table
  }

  public static func == (a: CharacterVariants, b: CharacterVariants) -> Bool { a.map == b.map }
  public func hash(into hasher: inout Hasher) { hasher.combine(map) }

  /// None: only width and case are folded.
  public static let none = CharacterVariants(pairs: "")

  /// The scalar `value` is matched as: its variant's, an ASCII letter in lower case, a
  /// full-width form as its ASCII one, an ideographic space as a space.
  @inline(__always)
  func fold(_ value: UInt32) -> UInt32 {
    switch value {
    case 0x41...0x5A: return value + 0x20
    case 0xFF21...0xFF3A: return value - 0xFEE0 + 0x20
    case 0xFF01...0xFF5E: return value - 0xFEE0
    case 0x3000: return 0x20
    case 0..<0x2E80: return value
    case 0x2E80..<0x10000:
      guard !table.isEmpty else { return value }
      let folded = table[Int(value) - 0x2E80]
      return folded == 0 ? value : folded
    default: return map[value] ?? value
    }
  }
}
