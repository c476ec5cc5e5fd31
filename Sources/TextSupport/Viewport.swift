/// The terminal's size in cells.
public struct Viewport: Sendable, Hashable {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = max(1, columns)
    self.rows = max(1, rows)
  }

  public static let standard = Viewport(columns: 80, rows: 24)
}
