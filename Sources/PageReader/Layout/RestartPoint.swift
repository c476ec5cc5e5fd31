/// A place where laying a document out may begin afresh and give the lines a layout from
/// the top gives there: the start of a block outside tables, `pre` and numbered lists,
/// or a new line of plain text. A resize lays out the lines on screen from the nearest
/// one first (`HTMLRenderer.window`), and keeps the window on the same text by it.
public struct RestartPoint: Sendable, Equatable {
  /// The item of `PageDocument.items` the layout begins again at.
  public var item: Int
  /// The line of `RenderedPage.lines` its text begins on.
  public var line: Int

  public init(item: Int, line: Int) {
    self.item = item
    self.line = line
  }
}
