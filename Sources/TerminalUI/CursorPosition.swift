/// A 0-based position on the screen.
public struct CursorPosition: Hashable, Sendable {
  /// The 0-based row.
  public var row: Int
  /// The 0-based column.
  public var column: Int

  /// A position; both are 0-based.
  public init(row: Int, column: Int) {
    self.row = row
    self.column = column
  }
}
