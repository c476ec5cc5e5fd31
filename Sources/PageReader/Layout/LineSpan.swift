/// A run of display cells on one line of a rendered page (CJK characters take two).
public struct LineSpan: Sendable, Equatable {
  /// The index into `RenderedPage.lines`.
  public var line: Int
  /// Display-cell columns, counted from 0 at the start of the line.
  public var columns: Range<Int>

  public init(line: Int, columns: Range<Int>) {
    self.line = line
    self.columns = columns
  }
}
