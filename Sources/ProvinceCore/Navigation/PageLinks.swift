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
  /// occurrence; none when the link list is shown instead.
  public static func positions(of content: PageContent, in sections: PageSections)
    -> [Position]
  {
    guard let start = sections.pageStart, let page = content.rendered else { return [] }
    let lines = sections.scrolled
    return page.placements.compactMap { placement in
      let link = placement.number - 1
      guard page.links.indices.contains(link) else { return nil }
      let spans = (placement.text + [placement.mark].compactMap { $0 }).compactMap {
        span -> Span? in
        let line = start + span.line
        guard lines.indices.contains(line), !span.columns.isEmpty else { return nil }
        return Span(line: line, columns: span.columns)
      }
      return spans.isEmpty ? nil : Position(link: link, spans: spans)
    }
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
