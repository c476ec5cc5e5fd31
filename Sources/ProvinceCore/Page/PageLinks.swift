import PageReader

/// Where a page's links and `#fragment` anchors are among the lines a page screen
/// scrolls: the reader's placements and anchors (`RenderedPage`), moved down past the
/// facts and the title that come before the page's own lines.
public enum PageLinks {
  /// One occurrence of a link on the screen: the cells of its text (one span per line
  /// it wraps onto) and of its `[n]` mark, in lines of `PageSections.scrolled`.
  public struct Position: Sendable, Hashable {
    /// The link's index in `PageContent.linkTargets`.
    public var link: Int
    /// The link's text, then its mark; never empty.
    public var spans: [Span]

    /// The first line the occurrence is on, where Tab scrolls to.
    public var line: Int { spans[0].line }
  }

  /// A run of cells on one line of `PageSections.scrolled`.
  public struct Span: Sendable, Hashable {
    /// The line, an index into `PageSections.scrolled`.
    public var line: Int
    /// Display-cell columns from 0 at the start of the line.
    public var columns: Range<Int>
  }

  /// The links shown in the page text of `sections`, in reading order, one position per
  /// occurrence; none when the link list is shown instead. Made on asking, a position
  /// per link: a key reads `position(_:in:)` instead.
  public static func positions(of content: PageContent, in sections: PageSections)
    -> [Position]
  {
    guard let model = sections.model else { return [] }
    return model.positions.indices.map { position($0, in: sections, model: model) }
  }

  /// Position `index` of the page's model, in lines of `sections.scrolled`.
  static func position(_ index: Int, in sections: PageSections, model: PageModel) -> Position {
    var position = model.positions[index]
    for span in position.spans.indices { position.spans[span].line += sections.textStart }
    return position
  }

  /// The line of `sections.scrolled` an in-page link lands on: the element with the
  /// link's fragment as its id (or `<a name>`); the top of the page for a link to the
  /// page itself. Nil when the link leaves the page or its anchor is not laid out.
  public static func anchorLine(
    of link: PageLink, in content: PageContent, sections: PageSections
  ) -> Int? {
    guard link.isInPage, let start = sections.pageStart, let page = content.rendered else {
      return nil
    }
    guard link.fragment?.isEmpty == false else { return 0 }
    return page.anchorLine(for: link).map { start + $0 }
  }
}
