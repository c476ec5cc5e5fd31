import TextSupport

/// A web page read as text for one width and view: what `HTMLRenderer.layout` returns.
public struct RenderedPage: Sendable, Equatable {
  /// The `<title>` (in the reader view, the article's headline), sanitised, one line.
  public var title: String?
  /// `<meta name="description">` (or `og:description`), sanitised, on one line.
  public var description: String?
  /// The author, when the page names one (reader view).
  public var byline: String?
  /// The publication date as the page gives it (reader view).
  public var published: String?
  /// Which view the lines are: the article alone, or the whole page.
  public var view: PageView
  /// The body laid out to the requested width, one sanitised line each; `pre` lines
  /// are kept whole and may be wider.
  public var lines: TextLines
  /// The numbered links: link `[n]` in `lines` is `links[n - 1]`.
  public var links: [PageLink]
  /// Where each link's text and `[n]` mark are in `lines`, in order of appearance.
  public var placements: [LinkPlacement]
  /// The line each element id or `<a name>` lands on, for `#fragment` jumps.
  public var anchors: [String: Int]
  /// What the reader found in the document, once it has looked: laid out again for
  /// another width or view, the page does not look again.
  var reader: ReaderChoice?
  /// Where a layout of the same items may begin again, top to bottom.
  public internal(set) var restarts: [RestartPoint] = []
  /// True for a window (`HTMLRenderer.window`): the lines from a restart point on, as
  /// many as a screen needs, while the whole page is laid out.
  public internal(set) var isWindow = false
  /// The items laid out, for a window to lay out part of; nil when they came from
  /// another document (the wiki reader's plan), which a window does not lay out.
  var items: LaidOutItems?
  /// The link numbers given, by URL: a window numbers its links as the page did.
  var numbers: [String: Int] = [:]

  /// A page from its parts (`HTMLRenderer.layout` makes them).
  public init(
    title: String?, description: String?, lines: TextLines, links: [PageLink],
    view: PageView = .fullPage, byline: String? = nil, published: String? = nil,
    placements: [LinkPlacement] = [], anchors: [String: Int] = [:]
  ) {
    self.title = title
    self.description = description
    self.byline = byline
    self.published = published
    self.view = view
    self.lines = lines
    self.links = links
    self.placements = placements
    self.anchors = anchors
  }

  /// The line an in-page link lands on: its fragment as an id, decoded (`#地理`) or as
  /// written (an id that itself holds `%3C`), as browsers try them.
  public func anchorLine(for link: PageLink) -> Int? {
    guard let fragment = link.fragment else { return nil }
    if let line = anchors[fragment] { return line }
    guard let hash = link.url.firstIndex(of: "#") else { return nil }
    return anchors[String(link.url[link.url.index(after: hash)...])]
  }

  /// The reader view's credit line under the title: the byline, then the date unless
  /// the byline already gives it (`By Jane Doe March 11, 2015 3:46 PM` names the year).
  public var credit: String? {
    let byline = byline.flatMap { $0.isEmpty ? nil : $0 }
    var published = published.flatMap { $0.isEmpty ? nil : $0 }
    if let byline, let date = published, date.count >= 4,
      byline.contains(String(date.prefix(4))),
      date.prefix(4).allSatisfy(\.isNumber)
    {
      published = nil
    }
    let facts = [byline, published].compactMap { $0 }
    return facts.isEmpty ? nil : facts.joined(separator: " · ")
  }

  /// The description worth heading the page with, or nil where it would mislead: when the
  /// page's own text is shorter than it (a page that only says "Test" is not its
  /// description's five words), or when the text already opens with it (a lead shown
  /// twice). Like Readability's excerpt, it is not part of the page's text.
  public var headerDescription: String? {
    guard let description, !description.isEmpty else { return nil }
    let summary = Self.letters(description)
    guard !summary.isEmpty else { return nil }
    var text: [Character] = []
    for line in lines {
      text += Self.letters(line)
      if text.count > 4 * summary.count { break }
    }
    if text.count < summary.count || text.starts(with: summary) { return nil }
    return description
  }

  /// The letters of `text`, lower-cased: what two wordings of one sentence share, whatever
  /// their spacing, punctuation, wrapping and link marks.
  private static func letters(_ text: String) -> [Character] {
    text.lowercased().filter(\.isLetter).map { $0 }
  }

  /// Keeps what a window of this layout needs: its restart points, the items it laid
  /// out and the numbers its links were given.
  mutating func kept(_ laid: DocumentLayout.Laid, items: LaidOutItems, numbers: [String: Int]) {
    restarts = laid.restarts
    self.items = items
    self.numbers = numbers
  }

  /// The restart point nearest above line `line` (or on it), by bisection.
  public func restart(atOrAbove line: Int) -> RestartPoint? {
    let after = Bisection.firstIndex(in: restarts.count) { restarts[$0].line > line }
    return after > 0 ? restarts[after - 1] : nil
  }

  /// The restart point of item `item` or, when this layout has none there, the nearest
  /// before it.
  public func restart(atOrBefore item: Int) -> RestartPoint? {
    let after = Bisection.firstIndex(in: restarts.count) { restarts[$0].item > item }
    return after > 0 ? restarts[after - 1] : nil
  }

  /// The links' absolute URLs: `urls[n - 1]` for mark `[n]`.
  public var urls: [String] { links.map(\.url) }
}

/// The items of a document a layout replayed: ranges of items and the elements left out.
struct LaidOutItems: Sendable, Equatable {
  var ranges: [Range<Int>]
  var skipped: Set<Int>
}

/// The reader's finding on a document: its article, or none (the whole page is shown).
struct ReaderChoice: Sendable, Equatable {
  /// The article's item ranges, the elements left out of it, and its headline.
  struct Article: Sendable, Equatable {
    var ranges: [Range<Int>]
    var skipped: Set<Int>
    var title: String?
  }

  /// Nil when the reader found no article.
  var article: Article?

  init(_ found: ArticleFinder.Article?) {
    article = found.map { Article(ranges: $0.ranges, skipped: $0.skipped, title: $0.title) }
  }
}
