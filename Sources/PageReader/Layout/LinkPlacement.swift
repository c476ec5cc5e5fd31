/// Where one occurrence of a link is on the laid-out page: its text (which may wrap
/// onto several lines) and its `[n]` mark, so a pager can colour and highlight them.
public struct LinkPlacement: Sendable, Equatable {
  /// The link's number: `RenderedPage.links[number - 1]`.
  public var number: Int
  /// The link's text, one span per line it covers; empty for an image without alt.
  public var text: [LineSpan]
  /// The `[n]` mark.
  public var mark: LineSpan?

  public init(number: Int, text: [LineSpan] = [], mark: LineSpan? = nil) {
    self.number = number
    self.text = text
    self.mark = mark
  }
}

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
