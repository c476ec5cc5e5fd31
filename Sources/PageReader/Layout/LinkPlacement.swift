/// Where one occurrence of a link is on the laid-out page: its text (which may wrap
/// onto several lines) and its `[n]` mark, so a pager can colour and highlight them.
public struct LinkPlacement: Sendable, Equatable {
  /// The link's number: `RenderedPage.links[number - 1]`.
  public var number: Int
  /// The link's text, one span per line it covers; empty for an image without alt.
  public var text: [LineSpan]
  /// The `[n]` mark.
  public var mark: LineSpan?

  /// A placement from its parts.
  public init(number: Int, text: [LineSpan] = [], mark: LineSpan? = nil) {
    self.number = number
    self.text = text
    self.mark = mark
  }
}
