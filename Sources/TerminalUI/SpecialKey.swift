/// Keys that arrive as escape sequences: arrows, the editing block and function keys.
public enum SpecialKey: Hashable, Sendable {
  /// The up arrow.
  case up
  /// The down arrow.
  case down
  /// The left arrow.
  case left
  /// The right arrow.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Insert.
  case insert
  /// Delete (forward delete).
  case delete
  /// Function key F1–F12.
  case function(Int)
}
