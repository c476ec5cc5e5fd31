/// Characters an address may write in place of the ones our names use: Traditional forms
/// (廣 for 广), compatibility ideographs and radicals that look like whole characters
/// (⻄, U+2EC4, for 西). Folded before names are matched, never in what is echoed back.
public struct CharacterVariants: Sendable, Hashable {
  let map: [UInt32: UInt32]

  /// `pairs`: a variant, then the character it stands for, again and again; an odd last
  /// character is ignored.
  public init(pairs: String) {
    var map: [UInt32: UInt32] = [:]
    var iterator = pairs.unicodeScalars.makeIterator()
    while let from = iterator.next(), let to = iterator.next() {
      map[from.value] = to.value
    }
    self.map = map
  }

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
    default: return map[value] ?? value
    }
  }
}
