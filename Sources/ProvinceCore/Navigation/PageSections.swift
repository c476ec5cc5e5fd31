import CatalogModel
import PageReader
import TextSupport

/// A page screen as lines, computed from the state: the facts (the city, the response)
/// and the body (the page text, or its links). It is built again whenever it is asked
/// for, by update (to know how far a page scrolls) and by the view, so on a long page a
/// key costs work that grows with the page; keeping it in the model is issue 24's.
public struct PageSections: Sendable, Equatable {
  /// The facts: province, city, code, pinyin, URL and status; sanitised.
  public var header: [String]
  /// The page text (or its link list), as laid out for the viewport's width.
  public var body: [String]
  /// The line of `scrolled` where the page's own laid-out lines (`RenderedPage.lines`)
  /// begin, below the facts and the title; nil when they are not shown.
  public var pageStart: Int? = nil
  /// With the link list shown, the lines of `scrolled` each link's entry takes (its
  /// text, the readable URL, the percent-encoded one): `linkEntries[n - 1]` for `[n]`.
  public var linkEntries: [Range<Int>] = []

  /// Full screen scrolls the facts with the page: they come once, at the top.
  public var scrolled: [String] { header + body }

  /// A line of the facts cut to `width` cells. The status line loses its middle, so the
  /// note at its end (`cached 3 min ago` with `--offline`) stays in view.
  public static func fitted(_ line: String, toWidth width: Int) -> String {
    guard TerminalText.width(line) > width else { return line }
    guard line.hasPrefix(statusLabel) else { return TerminalText.truncate(line, toWidth: width) }
    return TextCut.middle(line, toWidth: width)
  }

  /// Which view of the page is shown (`v` is the other): the reader's, the whole page,
  /// or the whole page because the reader found no article; nil for pages other than
  /// HTML (plain text is only ever itself).
  static func viewName(_ content: PageContent) -> String? {
    guard hasViews(content), let page = content.rendered else { return nil }
    if page.view == .reader { return "reader view · v: whole page" }
    return content.view == .reader
      ? "whole page (the reader found no article)" : "whole page · v: reader view"
  }

  /// True for an HTML page read as a document: one with a reader view and a whole page.
  static func hasViews(_ content: PageContent) -> Bool {
    content.document != nil && content.contentType?.lowercased().contains("html") == true
  }

  static let statusLabel = "  " + TerminalText.pad("Status", toWidth: 9)
}

extension Navigator {
  /// The facts and body of the page screen on top of the stack.
  public func pageSections(_ state: NavigationState) -> PageSections {
    var rows: [[String]] = []
    if case .detail(let ref) = state.top.kind {
      let city = catalog[ref]
      rows.append(["Province", catalog.provinces[ref.province].name])
      rows.append(["City", catalog[ref.cityOnly].name])
      if ref.isCounty { rows.append(["County", city.name]) }
      if let code = city.code { rows.append(["Code", code]) }
      let pinyin = matcher.pinyin(of: ref)
      if !pinyin.isEmpty { rows.append(["Pinyin", pinyin]) }
    }
    let url = pageURL(of: state.top) ?? ""
    rows.append(["URL", URLText.ascii(url)])
    var header = rows.map {
      "  " + TerminalText.pad($0[0], toWidth: 9) + TerminalText.sanitize($0[1])
    }
    let status = "  " + TerminalText.pad("Status", toWidth: 9)
    switch state.pages[url] {
    case .loaded(let content):
      let summary = PageText.summary(content)
      header += zip(["Status", ""], summary).map { "  " + TerminalText.pad($0, toWidth: 9) + $1 }
      if let shown = PageSections.viewName(content) {
        header.append("  " + TerminalText.pad("View", toWidth: 9) + shown)
      }
      header.append("")
      guard !state.top.showingLinks else {
        let list = linkList(content)
        let entries = Self.entries(in: list, count: content.linkTargets.count).map {
          (header.count + $0.lowerBound)..<(header.count + $0.upperBound)
        }
        return PageSections(header: header, body: list, linkEntries: entries)
      }
      let text = body(of: content, state)
      let start = content.rendered.flatMap { Self.start(of: $0.lines, in: text) }
      return PageSections(header: header, body: text, pageStart: start.map { header.count + $0 })
    case .loading:
      let progress = state.progress.map {
        String(format: " %.1f s", $0.seconds) + " · " + PageText.byteCount($0.bytes)
      }
      let cancel = state.presentation == .fullScreen ? " (Esc cancels)" : ""
      return PageSections(
        header: header + [status + "loading…" + (progress ?? "") + cancel], body: [])
    case .failed(let message):
      return PageSections(
        header: header + [status + "failed", ""],
        body: [message, "", "r tries again · o opens the URL in your browser · ← goes back"])
    case nil:
      return PageSections(header: header, body: [])
    }
  }

  /// The page's text; full screen wraps a long title to the width so it never spills.
  private func body(of content: PageContent, _ state: NavigationState) -> [String] {
    let lines = PageText.body(content)
    guard state.presentation == .fullScreen, let first = lines.first,
      TerminalText.width(first) > state.viewport.columns
    else { return lines }
    return TextWrapper.wrap(first, width: state.viewport.columns) + lines.dropFirst()
  }

  /// Where `page` begins in `text`: after the title lines `PageText.body` puts first.
  private static func start(of page: [String], in text: [String]) -> Int? {
    guard page.count <= text.count else { return nil }
    return (0...(text.count - page.count)).first { text[$0..<$0 + page.count].elementsEqual(page) }
  }

  /// The lines of each of `count` entries of `PageText.links`: an entry begins with its
  /// `[n]` label, and the lines after it (indented past the label) are its own.
  private static func entries(in list: [String], count: Int) -> [Range<Int>] {
    guard count > 0 else { return [] }
    let numberWidth = String(count).count
    var starts: [Int] = []
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

  private func linkList(_ content: PageContent) -> [String] {
    let links = PageText.links(content)
    return links.isEmpty ? ["(This page has no links.)"] : links
  }
}
