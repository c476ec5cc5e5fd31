import CatalogModel
import GeoModel
import PageReader
import TextSupport

/// A page screen as lines, computed from the state: the facts (the city, the response)
/// and the body (the page text, or its links). The facts are a few lines made for each
/// key; the body is the page's `PageModel`, laid out when the page came and shared, not
/// copied, so that making the sections costs the same on a page of any length.
public struct PageSections: Sendable, Equatable {
  /// The facts: province, city, code, pinyin, URL and status; sanitised.
  public var header: [String]
  /// The page text (or its link list), as laid out for the viewport's width.
  public var body: TextLines
  /// The line of `scrolled` where the page's own laid-out lines (`RenderedPage.lines`)
  /// begin, below the facts and the title; nil when they are not shown.
  public var pageStart: Int? = nil
  /// With the link list shown, the lines of `body` each link's entry takes.
  var bodyLinkEntries: [Range<Int>] = []
  /// The laid-out page whose text `body` shows, and the line of `scrolled` its first line
  /// is on; nil with the link list (or no page) shown.
  var model: PageModel? = nil
  var textStart = 0
  /// The division's map, the first lines of `header` (full screen on a tall window).
  public var map: MapPicture? = nil

  /// Where the map's cells start on its lines.
  static let mapIndent = 2
  /// A window this tall or taller shows a division's map above its facts.
  public static let mapMinimumRows = 30
  /// The map's fewest rows, on a window `mapMinimumRows` tall (about three columns a row
  /// draws it square), and its most, on a tall one: it grows with the window as the
  /// preview pane's does, a quarter of the window's rows, so that the facts and the text
  /// still show below it.
  static let mapRows = 8
  static let mapMostRows = 20

  /// The cells of a division's map above the page's facts in `viewport`: a quarter of its
  /// rows (`mapRows`…`mapMostRows`), three columns a row, as wide as the window allows.
  /// The window alone decides it, so the rows kept for the map are the same from the first
  /// frame, before the outlines are ready, to the last.
  public static func mapSize(in viewport: Viewport) -> (columns: Int, rows: Int) {
    let room = max(1, viewport.columns - mapIndent)
    let rows = min(max(mapRows, viewport.rows / 4), mapMostRows, max(1, room / 3))
    return (min(3 * rows, room), rows)
  }

  /// The lines there are to scroll: the facts and the body.
  public var count: Int { header.count + body.count }

  /// Line `index` of `scrolled`, below `count`.
  public func line(_ index: Int) -> String {
    index < header.count ? header[index] : body[index - header.count]
  }

  /// With the link list shown, the lines of `scrolled` link `link`'s entry takes (its
  /// text, the readable URL, the percent-encoded one); nil for no such entry.
  public func linkEntry(_ link: Int) -> Range<Int>? {
    guard bodyLinkEntries.indices.contains(link) else { return nil }
    let entry = bodyLinkEntries[link]
    return (header.count + entry.lowerBound)..<(header.count + entry.upperBound)
  }

  /// With the link list shown, the lines of `scrolled` each link's entry takes:
  /// `linkEntries[n - 1]` for `[n]`. Made on asking, a line per link.
  public var linkEntries: [Range<Int>] { bodyLinkEntries.indices.compactMap(linkEntry) }

  /// Every line, facts first: made on asking, for tests and one-off reads; a key's
  /// work reads `line(_:)` instead.
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
    let toggle = CommandTable.key(.toggleView)
    if page.view == .reader { return "reader view · \(toggle): whole page" }
    return content.view == .reader
      ? "whole page (the reader found no article)" : "whole page · \(toggle): reader view"
  }

  /// True for an HTML page read as a document: one with a reader view and a whole page.
  static func hasViews(_ content: PageContent) -> Bool {
    content.document != nil && content.contentType?.lowercased().contains("html") == true
  }

  static let statusLabel = "  " + TerminalText.pad("Status", toWidth: 9)
}

extension Navigator {
  /// The facts and body of the page screen on top of the stack: full screen on a window
  /// at least `mapMinimumRows` tall, a division's map inside its parent above its facts
  /// (never in line mode, whose transcripts and pipes want the facts alone). The map's
  /// rows are there from the first frame wherever outlines are `expected`, blank until
  /// they are ready (a frame never waits for them): their coming changes no line count,
  /// and so never moves the scroll.
  public func pageSections(_ state: NavigationState) -> PageSections {
    var map: MapPicture?
    var above: [String] = []
    if outlines.expected, state.policy.redrawsInPlace,
      state.viewport.rows >= PageSections.mapMinimumRows,
      state.viewport.columns >= PageSections.mapIndent + 3 * PageSections.mapRows,
      case .detail(let ref) = state.top.kind, !ref.isTownship
    {
      let size = PageSections.mapSize(in: state.viewport)
      map = outlines.ready?.outline(of: ref).flatMap {
        outlines.picture(of: $0, columns: size.columns, rows: size.rows)
      }
      let indent = String(repeating: " ", count: PageSections.mapIndent)
      // As many rows as the picture would have, blank until it comes: its coming moves no
      // line (a picture is always the rows asked for; padded if ever it were not).
      let lines = map?.lines.prefix(size.rows).map { indent + $0 } ?? []
      above = lines + Array(repeating: "", count: size.rows - lines.count) + [""]
    }
    var sections = pageSections(state, above: above)
    sections.map = map
    return sections
  }

  private func pageSections(_ state: NavigationState, above: [String]) -> PageSections {
    var rows: [(label: String, value: String)] = []
    if case .detail(let ref) = state.top.kind {
      rows =
        facts(of: ref) + placeFacts(of: ref)
        + CatalogFacts.pageRows(code: catalog[ref].code, in: catalog) + historyFacts(of: ref)
    }
    let url = pageURL(of: state.top) ?? ""
    rows.append(("URL", URLText.ascii(url)))
    var header =
      above
      + rows.map {
        "  " + TerminalText.pad($0.label, toWidth: 9) + TextCut.shown($0.value)
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
      let model = content.model
      if state.top.showingHeadings {
        let list = model.headings.map {
          String(repeating: "  ", count: $0.level) + $0.title
        }
        return PageSections(
          header: header, body: TextLines(list.isEmpty ? ["(This page has no headings.)"] : list),
          bodyLinkEntries: list.indices.map { $0..<($0 + 1) })
      }
      guard !state.top.showingLinks else {
        return PageSections(
          header: header, body: model.linkList, bodyLinkEntries: model.linkEntries)
      }
      var text = model.text
      var shift = 0
      // Full screen wraps a long title (or the line that names a type not shown as
      // text) so that it never spills; the page's own lines are as laid out.
      if state.policy.redrawsInPlace, model.pageStart != 0, let first = text.first,
        TerminalText.width(first) > state.viewport.columns
      {
        let wrapped = TextWrapper.wrap(first, width: state.viewport.columns)
        text.replaceSubrange(0..<1, with: wrapped)
        shift = wrapped.count - 1
      }
      let start = header.count + shift
      return PageSections(
        header: header, body: text, pageStart: model.pageStart.map { start + $0 }, model: model,
        textStart: start)
    case .loading:
      let progress = state.progress.map {
        String(format: " %.1f s", $0.seconds) + " · " + PageText.byteCount($0.bytes)
      }
      let cancel = state.policy.redrawsInPlace ? " (Esc cancels)" : ""
      return PageSections(
        header: header + [status + "loading…" + (progress ?? "") + cancel], body: [])
    case .failed(let message):
      return PageSections(
        header: header + [status + "failed", ""],
        body: [
          "\(message)", "",
          "\(CommandTable.key(.reload)) tries again · \(CommandTable.key(.openInBrowser)) opens"
            + " the URL in your browser · \(StepKeys.StepKey.left.label) goes back",
        ])
    case nil:
      return PageSections(header: header, body: [])
    }
  }

  /// What the data says of a division, as the page's facts and the menu's preview
  /// show it: province, city (county, township), code and pinyin; not sanitised.
  func facts(of ref: CityRef) -> [(label: String, value: String)] {
    let city = catalog[ref]
    // Each value as much as a line shows (`TextCut.shown`), sanitised.
    var rows = [("Province", TextCut.shown(catalog.provinces[ref.province].name))]
    rows.append(("City", TextCut.shown(catalog[ref.cityOnly].name)))
    if ref.isCounty { rows.append(("County", TextCut.shown(city.name))) }
    if ref.isTownship {
      // A township of a county names its county; a district's street, the district (City).
      if ref.county != nil { rows.append(("County", TextCut.shown(catalog[ref.parent].name))) }
      rows.append(("Township", TextCut.shown(city.name)))
    }
    if let code = city.code { rows.append(("Code", TextCut.shown(code))) }
    let pinyin = matcher.pinyin(of: ref)
    if !pinyin.isEmpty { rows.append(("Pinyin", pinyin)) }
    return rows
  }

  /// Where a division is, as the JSON's `centroid` and `bbox` say it, from the outlines
  /// that come with the catalog (none with a data file's): `Centroid  31.39° N, 120.98° E`
  /// and `Bounds    30.76–32.04° N, 119.92–121.34° E`.
  func placeFacts(of ref: CityRef) -> [(label: String, value: String)] {
    guard let code = catalog[ref].code, let store = try? CatalogOutlines.facts(for: catalog),
      let index = store.index(ofCode: code)
    else { return [] }
    let outline = store.outlines[index]
    return [
      ("Centroid", GeoText.readable(outline.point)),
      ("Bounds", GeoText.readable(outline.box)),
    ]
  }
}
