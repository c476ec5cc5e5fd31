import PageReader
import TextSupport

/// A page laid out once for a width and a view, as a pager keeps it (less, bubbletea's
/// viewport): the lines a page screen scrolls below the facts, where every link is on
/// them, the link list and the headings. It is built with the layout (off the UI thread
/// when the page arrives) and kept in `PageContent`, so a key moves a window over it and
/// costs work that grows with the screen, not with the page.
public struct PageModel: Sendable, Equatable {
  /// One run of a link's cells on a line of `text`, the index `spans(onLines:)` searches.
  struct LinkCell: Sendable, Equatable {
    var line: Int
    var position: Int
    var columns: Range<Int>
  }

  /// A heading of the page (h1–h3): its level and text, and its line in `text`.
  public struct Heading: Sendable, Equatable {
    public var level: Int
    public var title: String
    public var line: Int
  }

  /// A search made on the page: the query and the lines of `text` (or of the link list)
  /// that hold it, so that n and N find the next one without reading the page again.
  struct Search: Sendable, Equatable {
    var query: String
    var inLinkList: Bool
    var lines: [Int]
  }

  /// The page's text: title, credit, the laid-out lines and the numbered references.
  public private(set) var text: TextLines
  /// The line of `text` where the layout's own lines (`RenderedPage.lines`) begin; nil
  /// for a page that is described, not shown.
  public private(set) var pageStart: Int?
  /// The numbered link list `l` shows.
  public private(set) var linkList: TextLines
  /// The lines of `linkList` each entry takes: `linkEntries[n - 1]` for `[n]`.
  public private(set) var linkEntries: [Range<Int>]
  /// Every occurrence of a link in `text`, in reading order, lines counted in `text`.
  public private(set) var positions: [PageLinks.Position]
  /// The link cells sorted by line, for drawing only the lines on screen.
  private(set) var cells: [LinkCell]
  /// True when `positions` go down the page line by line, so Tab can bisect them.
  private(set) var positionsInOrder: Bool
  /// The h1–h3 headings, top to bottom.
  public private(set) var headings: [Heading]
  /// The search last made on this layout.
  var search: Search?

  /// An empty model, for a page not yet laid out.
  static let empty = PageModel(text: [], pageStart: nil, linkList: [], links: 0, rendered: nil)

  /// The model of `content`, laid out for its width and view (`content.rendered`).
  init(_ content: PageContent) {
    guard let page = content.rendered else {
      self.init(
        text: PageText.body(content), pageStart: nil, linkList: ["(This page has no links.)"],
        links: 0, rendered: nil)
      return
    }
    let links = PageText.links(content)
    let (text, start) = PageText.body(content, links: links)
    self.init(
      text: text, pageStart: start,
      linkList: links.isEmpty ? ["(This page has no links.)"] : TextLines(links),
      links: page.links.count, rendered: page)
  }

  /// The model of a window of a page (`PageContent.window`): its lines alone, and the
  /// link list of `earlier`, the page's model before, whose links it numbers alike. A
  /// window from the page's first line has `head` above it, the title and credit.
  init(window: RenderedPage, keepingLinksOf earlier: PageModel, head: [String] = []) {
    var text = TextLines(head)
    text.append(contentsOf: window.lines)
    self.init(
      text: text, pageStart: head.count, linkList: earlier.linkList,
      entries: earlier.linkEntries, rendered: window)
  }

  private init(
    text: TextLines, pageStart: Int?, linkList: TextLines, links: Int, rendered: RenderedPage?
  ) {
    self.init(
      text: text, pageStart: pageStart, linkList: linkList,
      entries: Self.entries(in: linkList, count: links), rendered: rendered)
  }

  private init(
    text: TextLines, pageStart: Int?, linkList: TextLines, entries: [Range<Int>],
    rendered: RenderedPage?
  ) {
    self.text = text
    self.pageStart = pageStart
    self.linkList = linkList
    linkEntries = entries
    var positions: [PageLinks.Position] = []
    var headings: [Heading] = []
    if let page = rendered, let start = pageStart {
      positions.reserveCapacity(page.placements.count)
      for placement in page.placements {
        let link = placement.number - 1
        guard page.links.indices.contains(link) else { continue }
        var spans: [PageLinks.Span] = []
        for span in placement.text + [placement.mark].compactMap({ $0 }) {
          let line = start + span.line
          guard text.indices.contains(line), !span.columns.isEmpty else { continue }
          spans.append(PageLinks.Span(line: line, columns: span.columns))
        }
        if !spans.isEmpty { positions.append(PageLinks.Position(link: link, spans: spans)) }
      }
      for index in page.lines.indices {
        // A string is made only of a line that starts as a heading does.
        guard page.lines.withUTF8(line: index, { $0.first == UInt8(ascii: "#") }),
          let heading = Self.heading(page.lines[index])
        else { continue }
        headings.append(Heading(level: heading.level, title: heading.title, line: start + index))
      }
    }
    self.positions = positions
    self.headings = headings
    positionsInOrder = zip(positions, positions.dropFirst()).allSatisfy { $0.line <= $1.line }
    var cells: [LinkCell] = []
    for (index, position) in positions.enumerated() {
      for span in position.spans {
        cells.append(LinkCell(line: span.line, position: index, columns: span.columns))
      }
    }
    if !zip(cells, cells.dropFirst()).allSatisfy({ $0.line <= $1.line }) {
      cells.sort { $0.line < $1.line }
    }
    self.cells = cells
  }

  /// The link cells on lines `lines` of `text`, found by bisection.
  func cells(onLines lines: Range<Int>) -> ArraySlice<LinkCell> {
    let first = Bisection.firstIndex(in: cells.count) { cells[$0].line >= lines.lowerBound }
    let end = Bisection.firstIndex(in: cells.count) { cells[$0].line >= lines.upperBound }
    return cells[first..<max(first, end)]
  }

  /// The first position at or below line `line` of `text`, or nil.
  func firstPosition(atOrBelow line: Int) -> Int? {
    guard positionsInOrder else { return positions.firstIndex { $0.line >= line } }
    let index = Bisection.firstIndex(in: positions.count) { positions[$0].line >= line }
    return index < positions.count ? index : nil
  }

  /// The last position above line `line` of `text`, or nil.
  func lastPosition(above line: Int) -> Int? {
    guard positionsInOrder else { return positions.lastIndex { $0.line < line } }
    let index = Bisection.firstIndex(in: positions.count) { positions[$0].line >= line }
    return index > 0 ? index - 1 : nil
  }

  /// A laid-out heading line (`## 地理`, as `HTMLLayout` marks h2) as its level and text;
  /// nil for other lines and for h4–h6.
  static func heading(_ line: String) -> (level: Int, title: String)? {
    guard line.hasPrefix("#") else { return nil }
    let level = line.prefix { $0 == "#" }.count
    let rest = line.dropFirst(level)
    guard (1...3).contains(level), rest.hasPrefix(" ") else { return nil }
    let title = rest.trimmingSpaces
    return title.isEmpty ? nil : (level, title)
  }

  /// The lines of each of `count` entries of `PageText.links`: an entry begins with its
  /// `[n]` label, and the lines after it (indented past the label) are its own.
  private static func entries(in list: TextLines, count: Int) -> [Range<Int>] {
    guard count > 0 else { return [] }
    let numberWidth = String(count).count
    var starts: [Int] = []
    starts.reserveCapacity(count)
    var from = 0
    for number in (1...count).map(String.init) {
      let label = String(repeating: " ", count: numberWidth - number.count + 2) + "[\(number)] "
      guard let start = list[from...].firstIndex(where: { $0.hasPrefix(label) }) else { break }
      starts.append(start)
      from = start + 1
    }
    return starts.indices.map {
      starts[$0]..<(starts.indices.contains($0 + 1) ? starts[$0 + 1] : list.count)
    }
  }
}
