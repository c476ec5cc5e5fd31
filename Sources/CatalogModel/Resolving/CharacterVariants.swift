/// Characters an address may write in place of the ones our names use: Traditional forms
/// (廣 for 广), compatibility ideographs and radicals that look like whole characters
/// (⻄, U+2EC4, for 西). Folded before names are matched, never in what is echoed back.
///
/// Only the pairs' text until a resolver asks for its table (`folding`): a run that
/// resolves nothing never pays for it.
public struct CharacterVariants: Sendable, Hashable {
  let pairs: String

  /// `pairs`: a variant, then the character it stands for, again and again; an odd last
  /// character is ignored.
  public init(pairs: String) {
    self.pairs = pairs
  }

  /// None: only width and case are folded.
  public static let none = CharacterVariants(pairs: "")

  /// The table that folds a scalar.
  func folding() -> CharacterFolding {
    var map: [UInt32: UInt32] = [:]
    var iterator = pairs.unicodeScalars.makeIterator()
    while let from = iterator.next(), let to = iterator.next() {
      map[from.value] = to.value
    }
    return CharacterFolding(map: map)
  }
}
