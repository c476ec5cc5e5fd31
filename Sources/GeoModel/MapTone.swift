/// What a dot of a map shows, weakest first: a cell takes its strongest dot's tone.
public enum MapTone: Int, Sendable, Comparable {
  case empty = 0
  /// A sibling's outline (drawn faint where colour is allowed).
  case faint
  /// The parent's outline.
  case outline
  /// The division itself, filled: every dot set, so that it shows without colour.
  case fill

  public static func < (lhs: MapTone, rhs: MapTone) -> Bool { lhs.rawValue < rhs.rawValue }
}
