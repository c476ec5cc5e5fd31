/// `CharacterVariants` made ready to fold: what a resolver holds.
struct CharacterFolding: Sendable {
  private let map: [UInt32: UInt32]
  /// `map` over the Basic Multilingual Plane from U+2E80, as a table: one look-up a
  /// character of every address is worth 200 KB made once.
  private let table: [UInt32]

  init(map: [UInt32: UInt32]) {
    self.map = map
    var table = [UInt32](repeating: 0, count: map.isEmpty ? 0 : 0x10000 - 0x2E80)
    for (from, to) in map where (0x2E80..<0x10000).contains(from) {
      table[Int(from) - 0x2E80] = to
    }
    self.table = table
  }

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
