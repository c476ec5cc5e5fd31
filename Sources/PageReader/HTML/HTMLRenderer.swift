import Foundation
import TextSupport

/// Renders an HTML page as readable text, as `lynx -dump` and `w3m -dump` do: headings
/// set apart, lists indented and numbered, `pre` kept, tables aligned, links numbered;
/// or, in the reader view, the page's article alone, as Firefox's reader view finds it.
public enum HTMLRenderer {
  /// Reads `html` (any markup, however broken) into a document, once; relative links
  /// resolve against `baseURL` and the page's `<base href>`.
  public static func parse(_ html: String, baseURL: URL?) -> PageDocument {
    parse(html, baseURL: baseURL, hints: .standard)
  }

  /// As `parse(_:baseURL:)`, noticing in the markup what `hints` says (`.none`: the plain
  /// document, as the HTML reader builds it without the reader's or a site's knowledge).
  static func parse(_ html: String, baseURL: URL?, hints: MarkupHints) -> PageDocument {
    // Read in place: a copy of the text's UTF-8 cost as much again as the page.
    var html = html
    return html.withUTF8 { bytes in
      var reader = HTMLReader(bytes: bytes, baseURL: baseURL, hints: hints)
      return reader.read()
    }
  }

  /// Reads a page whose bytes are valid UTF-8 (`CharsetDecoder.utf8Bytes`) into a document,
  /// writing its text over the bytes already read: the page is held once while it is
  /// read, where reading it from a String held the text and the document's copy of it
  /// (a page that is all text, twice). The same document as `parse(_:baseURL:)` gives.
  public static func parse(utf8 bytes: consuming [UInt8], baseURL: URL?) -> PageDocument {
    parse(utf8: bytes, baseURL: baseURL, hints: .standard)
  }

  /// As `parse(utf8:baseURL:)`, noticing in the markup what `hints` says.
  static func parse(utf8 bytes: consuming [UInt8], baseURL: URL?, hints: MarkupHints)
    -> PageDocument
  {
    var written: Int?
    var document = bytes.withUnsafeMutableBufferPointer { buffer in
      var reader = HTMLReader(overwriting: buffer, baseURL: baseURL, hints: hints)
      let document = reader.read()
      if reader.isOverwriting { written = reader.written }
      return document
    }
    if let written { document.keepStorage(consume bytes, written: written) }
    return document
  }

  /// Lays `document` out to `width` cells: the article for `.reader` when one is found
  /// with confidence (else the whole page), the whole page for `.fullPage`. `earlier`, a
  /// layout of the same document, gives the article its reader found, so that a new
  /// width or view does not look for it again (the search costs more than the layout).
  public static func layout(
    _ document: PageDocument, width: Int, view: PageView, reusing earlier: RenderedPage? = nil
  ) -> RenderedPage {
    layout(document, width: width, view: view, reusing: earlier, options: .standard)
  }

  /// `layout` for a page written once and forgotten (`browse --fetch`): the finished lines
  /// go to `spill` as they are made, a few thousand at a time, with the page they belong
  /// to (its title and the rest of its header, `lines` the ones handed over), so that a
  /// large page is never held whole as lines. The page returned has the last lines only,
  /// and no line numbers to scroll by.
  public static func layout(
    _ document: PageDocument, width: Int, view: PageView,
    spill: @escaping (_ page: RenderedPage, _ lines: TextLines) -> Void
  ) -> RenderedPage {
    layout(document, width: width, view: view, reusing: nil, options: .standard, spill: spill)
  }

  /// `layout` with the general reader's options: Readability's numbers and the switches of
  /// the rules added to it (Benchmarks/reader-rules.py turns each off in turn).
  static func layout(
    _ document: PageDocument, width: Int, view: PageView, reusing earlier: RenderedPage? = nil,
    options: ReaderOptions, spill: ((_ page: RenderedPage, _ lines: TextLines) -> Void)? = nil,
    spillEvery: Int = 4096, settleEvery: Int = DocumentLayout.settleLines
  ) -> RenderedPage {
    /// The header of the page being laid out, for `spill`'s lines.
    func spilling(_ layout: inout DocumentLayout, as head: RenderedPage) {
      guard let spill else { return }
      layout.spilling(
        to: { lines in
          var page = head
          page.lines = lines
          spill(page, lines)
        }, every: spillEvery)
    }
    var layout = DocumentLayout(document: document, width: width)
    layout.settleEvery = settleEvery
    let metadata = document.metadata
    var refreshNumber: Int?
    if let refresh = metadata.refresh {
      refreshNumber = layout.addLink(refresh)
      layout.note("This page sends you on to \(refresh.readableURL)", link: refreshNumber)
    }
    if view == .reader, let plan = SitePlan.reading(of: document) {
      var wiki = DocumentLayout(document: plan.document, width: width)
      wiki.settleEvery = settleEvery
      // The plan's text is the page's with facts added after it: lines are found in the
      // page's own, which the content keeps anyway.
      wiki.textSource = document.storage
      spilling(
        &wiki,
        as: RenderedPage(
          title: plan.title, description: metadata.description, lines: [], links: [],
          view: .reader))
      let result = wiki.lay(plan.ranges, skipping: plan.skipped)
      var page = RenderedPage(
        title: plan.title, description: metadata.description, lines: result.lines,
        links: result.links, view: .reader, byline: nil, published: nil,
        placements: result.placements, anchors: result.anchors)
      page.restarts = result.restarts
      return page
    }
    var reader = earlier?.reader
    if view == .reader && reader == nil {
      reader = ReaderChoice(ArticleFinder(document: document, options: options).find())
    }
    if view == .reader, let article = reader?.article {
      spilling(
        &layout,
        as: RenderedPage(
          title: article.title, description: metadata.description, lines: [], links: [],
          view: .reader, byline: metadata.byline, published: metadata.published.map(Self.date)))
      let result = layout.lay(article.ranges, skipping: article.skipped)
      var page = RenderedPage(
        title: article.title, description: metadata.description, lines: result.lines,
        links: result.links, view: .reader, byline: metadata.byline,
        published: metadata.published.map(Self.date), placements: result.placements,
        anchors: result.anchors)
      page.reader = reader
      page.kept(
        result, items: LaidOutItems(ranges: article.ranges, skipped: article.skipped),
        numbers: layout.numbers)
      return page
    }
    let all = [0..<document.items.count]
    spilling(
      &layout,
      as: RenderedPage(
        title: metadata.title, description: metadata.description, lines: [], links: [],
        view: .fullPage))
    let result = layout.lay(all)
    var page = RenderedPage(
      title: metadata.title, description: metadata.description, lines: result.lines,
      links: result.links, view: .fullPage, byline: nil, published: nil,
      placements: result.placements, anchors: result.anchors)
    page.reader = reader
    page.kept(result, items: LaidOutItems(ranges: all, skipped: []), numbers: layout.numbers)
    return page
  }

  /// The lines of `page` (a layout of `document`) from restart point `item` on, laid out
  /// `width` cells wide until there are `lines` of them: what a resize shows at once,
  /// while the whole page is laid out for the new width. Links keep their numbers. Nil
  /// for a layout a window cannot take part of (the wiki reader's, from its own plan).
  public static func window(
    _ document: PageDocument, width: Int, of page: RenderedPage, from item: Int, lines: Int
  ) -> RenderedPage? {
    guard let items = page.items, document.items.indices.contains(item) else { return nil }
    var layout = DocumentLayout(document: document, width: width, numbering: page)
    let result = layout.lay(items.ranges, skipping: items.skipped, from: item, lines: lines)
    var window = page
    window.lines = result.lines
    window.links = result.links
    window.placements = result.placements
    window.anchors = result.anchors
    window.restarts = result.restarts
    window.isWindow = true
    return window
  }

  /// Reads `html` and lays out the whole page to `width` cells (`parse`, then `layout`).
  public static func render(_ html: String, baseURL: URL?, width: Int) -> RenderedPage {
    layout(parse(html, baseURL: baseURL), width: width, view: .fullPage)
  }

  /// An ISO 8601 timestamp as its date (`2015-03-23`); anything else as given.
  static func date(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count >= 10, scalars[4] == "-", scalars[7] == "-",
      scalars[0..<4].allSatisfy({ $0.properties.numericType != nil })
    else { return text }
    return String(String.UnicodeScalarView(scalars[0..<10]))
  }
}
