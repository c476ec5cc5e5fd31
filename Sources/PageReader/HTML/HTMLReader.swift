import Foundation
import TextSupport

/// Reads tokens into a `PageDocument` with an explicit stack of open elements (never
/// recursion, so nesting depth costs memory, not stack), applying the HTML5 rules that
/// decide where an unclosed `p`, `li`, `td` or `tr` ends.
struct HTMLReader {
  private struct OpenElement {
    var name: String
    var kind: HTMLElementKind
    /// Opened inside hidden content: closing it has no effect on the text.
    var inert: Bool
    /// Hides its content (`hidden`, `aria-hidden`, scripts, templates, the title).
    var hides: Bool
    /// Its index in the document's elements, when it is kept there.
    var element: Int?
    /// It or an element around it is page furniture by its class, id or role (comments,
    /// a sidebar, a menu), as Readability's first pass removes it: no byline or date there.
    var furniture = false
  }

  /// Text being collected from inside hidden content for a purpose of its own.
  private enum Capture {
    case jsonLD, tex, config
  }

  /// What is known of an open table, to tell a layout table from a data table at its end.
  private struct TableFacts {
    var element: Int
    var rows = 0
    var cellsInRow = 0
    var widestRow = 0
    var cells = 0
    var headerCells = 0
    /// Cells holding blocks (`p`, `div`), and of those, cells holding structure a data
    /// cell does not (lists, tables, headings, quotes, code).
    var blockCells = 0
    var structuredCells = 0
    var cellHasBlock = false
    var cellHasStructure = false
    var inCell = false
    var textBytes = 0
    var caption = false
    var sections = false
    var nested = false
    var presentation = false
    var summary = false
    /// `width`, `height` or `cellpadding` on the table: sizes for a graphical layout.
    var sized = false
  }

  /// How far back implied closes and end tags search: bounds the work per tag on
  /// pathological nesting while covering any real document.
  private static let searchLimit = 512

  private var tokenizer: HTMLTokenizer
  private var document = PageDocument()
  private var links: HTMLLinkList
  private let documentURL: String?
  private var stack: [OpenElement] = []
  private var openCounts: [String: Int] = [:]
  private var hiddenDepth = 0
  private var titleBytes: [UInt8]?
  /// `<meta>` contents by normalised name or property (`og:title`, `dc:creator`).
  private var metaValues: [String: String] = [:]
  private var jsonLD:
    (headline: String?, byline: String?, published: String?, body: String?, isArticle: Bool) = (
      nil, nil, nil, nil, false
    )
  private var markupByline: String?
  private var capture: (kind: Capture, bytes: [UInt8])?
  private var mathText: String?
  /// Kept elements open now, innermost last (their indices).
  private var openElements: [Int] = []
  private var openLink: (link: Int, text: [UInt8])?
  private var tables: [TableFacts] = []
  private var openLists: [Int] = []
  private var listItemCounts: [Int: Int] = [:]
  private var bylineCapture: (depth: Int, element: Int?, text: [UInt8])?
  /// Inside the byline, the element marked `itemprop=name`: the author's name alone.
  private var bylineName: (depth: Int, text: [UInt8], done: Bool, itemprop: Bool)?
  private var bylineFound = false
  private var timeFallback: String?
  /// The most of one script read for a site's configuration.
  static let configLimit = 262_144
  /// Depth of an open `sup` of citation marks (`MarkupHints.isCitation`).
  private var citationDepth: Int?
  /// Element kinds already worked out: a hash beats the long chain of name comparisons.
  private var kinds: [String: HTMLElementKind] = [:]
  private var scratch: [UInt8] = []

  /// What the views want noticed in the markup (see `MarkupHints`).
  private let hints: MarkupHints
  /// The page's own bytes, when the text is written over those already read rather than
  /// into `document.storage` (`init(overwriting:…)`); nil once a text would not fit.
  private var overwrite: UnsafeMutablePointer<UInt8>?
  /// The bytes of text written at the start of `overwrite`: the document's storage, once
  /// `read()` is done, while `overwrite` is not nil.
  private(set) var written = 0
  /// The first byte still to be read: text may be written up to it, not past it.
  private var writeLimit = 0

  /// A reader of the UTF-8 `bytes`, which must outlive it (`HTMLRenderer.parse`).
  init(bytes: UnsafeBufferPointer<UInt8>, baseURL: URL?, hints: MarkupHints = .none) {
    self.hints = hints
    tokenizer = HTMLTokenizer(bytes: bytes)
    // The text is at most about the page's size, and usually far less: room reserved is
    // only address space until written, where growing by doubling copied it all over,
    // twice the text resident for a moment on a page that is all text.
    document.storage.reserveCapacity(bytes.count)
    links = HTMLLinkList(documentURL: baseURL)
    documentURL = baseURL.map { Self.withoutFragment($0.absoluteString) }
  }

  /// A reader of the UTF-8 `bytes` that writes the document's text over the bytes it has
  /// read, so that a page that is all text is held once, not as its bytes and its text.
  /// After `read()`, while `isOverwriting`, the storage is `bytes`' first `written`
  /// (`HTMLRenderer.parse(utf8:baseURL:hints:)`); a text that would reach bytes not yet
  /// read (a reference whose text is longer than it, say) ends that: the text written so
  /// far is copied to `document.storage` and the rest goes there.
  init(overwriting bytes: UnsafeMutableBufferPointer<UInt8>, baseURL: URL?, hints: MarkupHints) {
    self.hints = hints
    tokenizer = HTMLTokenizer(bytes: UnsafeBufferPointer(bytes))
    overwrite = bytes.baseAddress
    links = HTMLLinkList(documentURL: baseURL)
    documentURL = baseURL.map { Self.withoutFragment($0.absoluteString) }
  }

  /// Whether the text is still written over the page's bytes (see `init(overwriting:…)`).
  var isOverwriting: Bool { overwrite != nil }

  mutating func read() -> PageDocument {
    reading: while true {
      let token = tokenizer.next()
      writeLimit = tokenizer.tokenStart
      switch token {
      case .end: break reading
      case .text(let range, let decodes):
        // The text is copied out before it is written: its own bytes may take it.
        writeLimit = range.upperBound
        text(range, decodes: decodes)
      case .startTag(let name, let selfClosing): start(name, selfClosing: selfClosing)
      case .endTag(let name): end(name)
      }
    }
    writeLimit = tokenizer.bytes.count
    while !stack.isEmpty { pop() }
    resolveMetadata()
    return document
  }

  // MARK: - Tokens

  private mutating func text(_ range: Range<Int>, decodes: Bool) {
    if titleBytes != nil {
      titleBytes?.append(contentsOf: tokenizer.bytes[range])
    } else if let captured = capture {
      // A script is read only as far as a configuration's keys could be.
      if captured.kind != .config || captured.bytes.count < Self.configLimit {
        capture?.bytes.append(contentsOf: tokenizer.bytes[range])
      }
    } else if hiddenDepth == 0 {
      // A long text is taken a piece at a time, each copied out and written back before
      // the next: a page of one word of megabytes was held twice over while it was read.
      var start = range.lowerBound
      while start < range.upperBound {
        let end = Self.textPieceEnd(tokenizer.bytes, from: start, to: range.upperBound)
        writeLimit = end
        var raw =
          decodes
          ? CharacterReferences.decode(tokenizer.bytes, in: start..<end, inAttribute: false)
          : String(decoding: tokenizer.bytes[start..<end], as: UTF8.self)
        // HTML's tree builder ignores U+0000 in text (a parse error); kept, each would be a
        // U+FFFD on screen, and a body of zeros megabytes of them.
        if Self.containsZero(&raw) { raw.unicodeScalars.removeAll { $0.value == 0 } }
        appendText(Self.sanitizedKeepingWhitespace(raw), alt: false)
        start = end
      }
      writeLimit = range.upperBound
    }
  }

  /// A text is read in pieces of about this many bytes.
  static let textPiece = 1 << 16

  /// Where the piece of text from `start` ends: all of it up to `end` when short, else
  /// after a space or line feed near `textPiece` bytes on, else at a character's start and
  /// before any character reference that would be cut (a reference is never so long).
  static func textPieceEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
    -> Int
  {
    guard end - start > textPiece + 4096 else { return end }
    var cut = start + textPiece
    for probe in cut..<(cut + 4096) where bytes[probe] == 0x20 || bytes[probe] == 0x0A {
      return probe + 1
    }
    while cut > start + 1 && bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
    var back = cut
    while back > cut - 64 {
      back -= 1
      if bytes[back] == UInt8(ascii: "&") { return back }
    }
    return cut
  }

  /// Whether `text` holds a U+0000: memchr on its bytes, where the UTF-8 view's `contains`
  /// took a few instructions a byte, on every byte of a page's text.
  private static func containsZero(_ text: inout String) -> Bool {
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return false }
      return memchr(base, 0, bytes.count) != nil
    }
  }

  /// Adds sanitised text to the document and to whatever is collecting it.
  private mutating func appendText(_ text: String, alt: Bool) {
    guard !text.isEmpty else { return }
    var text = citationDepth == nil ? text : Self.superscript(text)
    let range: Range<Int>
    if let base = overwrite {
      let count = text.utf8.count
      if written + count <= writeLimit {
        text.withUTF8 { bytes in
          if let from = bytes.baseAddress { (base + written).update(from: from, count: count) }
        }
        range = written..<written + count
        written += count
      } else {
        // No room: the text goes on in storage of its own, as it does from a String.
        overwrite = nil
        document.storage.reserveCapacity(tokenizer.bytes.count)
        document.storage.append(contentsOf: UnsafeBufferPointer(start: base, count: written))
        range = written..<written + count
        document.storage.append(contentsOf: text.utf8)
      }
    } else {
      let start = document.storage.count
      document.storage.append(contentsOf: text.utf8)
      range = start..<document.storage.count
    }
    document.items.append(alt ? .altText(range) : .text(range))
    if openLink != nil {
      openLink?.text.append(contentsOf: text.utf8)
    }
    if bylineCapture != nil { bylineCapture?.text.append(contentsOf: text.utf8) }
    if bylineName?.done == false { bylineName?.text.append(contentsOf: text.utf8) }
    if !tables.isEmpty { tables[tables.count - 1].textBytes += range.count }
  }

  private mutating func kind(of name: String) -> HTMLElementKind {
    if let known = kinds[name] { return known }
    let kind = HTMLElementKind(name: name)
    // Garbage markup can invent endless names; remember only a bounded number.
    if kinds.count < 512 { kinds[name] = kind }
    return kind
  }

  private mutating func start(_ name: String, selfClosing: Bool) {
    let kind = kind(of: name)
    switch kind {
    case .transparent:
      if name == "html", document.metadata.language == nil {
        document.metadata.language = tokenizer.attribute("lang").flatMap(Self.oneLine)
      }
      return
    case .void:
      if hiddenDepth == 0 && !tokenizer.hasAttribute("hidden") { void(name) }
      return
    default: break
    }
    closeImplied(by: kind, name: name)
    // Self-closing syntax only means something in SVG and MathML, which are inert here.
    if selfClosing && hiddenDepth > 0 { return }
    let hidden =
      tokenizer.hasAttribute("hidden")
      || tokenizer.attribute("aria-hidden")?.lowercased() == "true"
      || tokenizer.attribute("style").map(Self.hidesByStyle) == true && !isCollapsedTable(name)
      || hints.hides(name, tokenizer)
    let hides = kind == .inert || kind == .title || name == "textarea" || hidden
    var entry = OpenElement(name: name, kind: kind, inert: hiddenDepth > 0, hides: hides)
    // Worked out only while a byline or a date is still wanted: it reads two attributes.
    if stack.last?.furniture == true {
      entry.furniture = true
    } else if !bylineFound || timeFallback == nil {
      entry.furniture = isFurniture(name)
    }
    if hiddenDepth == 0 {
      startVisible(&entry, hidden: hidden)
    } else if name == "annotation", capture == nil, mathText == nil,
      tokenizer.attribute("encoding")?.lowercased().contains("tex") == true
    {
      // The TeX source of a formula: the one readable form of MathML in a terminal.
      capture = (.tex, [])
    }
    stack.append(entry)
    openCounts[name, default: 0] += 1
    if hides { hiddenDepth += 1 }
  }

  /// The parts of starting an element that only matter outside hidden content.
  private mutating func startVisible(_ entry: inout OpenElement, hidden: Bool) {
    let name = entry.name
    switch entry.kind {
    case .title:
      if document.metadata.title == nil && titleBytes == nil { titleBytes = [] }
    case .inert where name == "script":
      if tokenizer.attribute("type")?.lowercased().contains("ld+json") == true {
        capture = (.jsonLD, [])
      } else if hints.configuration != nil, document.metadata.wiki == nil,
        tokenizer.attribute("src") == nil
      {
        // Perhaps a site's configuration (MediaWiki's RLCONF lists the page's categories).
        capture = (.config, [])
      }
    case .inert where name == "math" && !hidden:
      mathText = tokenizer.attribute("alttext").flatMap(Self.formula)
    default: break
    }
    if name == "textarea" && !hidden {
      // A form's text can be pages long; a reader only needs to know a field is there.
      appendText("[text field]", alt: false)
    }
    if name == "sup", citationDepth == nil, hints.isCitation(tokenizer) {
      citationDepth = stack.count
    }
    if name == "time", timeFallback == nil, stack.last?.furniture != true,
      let datetime = tokenizer.attribute("datetime")
    {
      timeFallback = Self.oneLine(datetime)
    }
    // The author's name inside a byline box: itemprop=name (Readability), else a hint.
    if bylineCapture != nil, bylineName?.itemprop != true {
      if tokenizer.attribute("itemprop")?.lowercased().contains("name") == true {
        bylineName = (stack.count, [], false, true)
      } else if bylineName == nil, hints.isBylineName(tokenizer) {
        bylineName = (stack.count, [], false, false)
      }
    }
    if !entry.hides { open(&entry) }
    if !entry.hides, let id = tokenizer.attribute("id").flatMap(Self.oneLine) {
      addAnchor(id)
    }
    if name == "a", let anchor = tokenizer.attribute("name").flatMap(Self.oneLine) {
      addAnchor(anchor)
    }
  }

  private mutating func addAnchor(_ id: String) {
    if document.anchors[id] == nil { document.anchors[id] = document.items.count }
    document.items.append(.anchor(id))
  }

  private mutating func end(_ name: String) {
    let kind = kind(of: name)
    if kind == .transparent { return }
    if name == "br" {
      if hiddenDepth == 0 { document.items.append(.lineBreak) }
      return
    }
    guard openCounts[name, default: 0] > 0 else {
      // A stray </p> still ends a paragraph, as an empty <p></p> would.
      if name == "p" && hiddenDepth == 0 { document.items.append(.paragraphBreak) }
      return
    }
    var index = stack.count - 1
    while index >= 0 && stack.count - index <= Self.searchLimit {
      let entry = stack[index]
      if entry.name == name {
        popTo(index)
        return
      }
      if blocks(end: kind, at: entry.kind) { return }
      index -= 1
    }
  }

  /// Whether an end tag of `kind` must not close elements past one of `open`.
  private func blocks(end kind: HTMLElementKind, at open: HTMLElementKind) -> Bool {
    switch kind {
    case .table: return false
    case .row, .tableSection, .cell, .caption: return open == .table
    case .inline: return open != .inline && open != .link
    default: return open.isScopeBoundary
    }
  }

  // MARK: - Void elements

  private mutating func void(_ name: String) {
    switch name {
    case "br": document.items.append(.lineBreak)
    case "hr":
      closeParagraph()
      document.items.append(.rule)
    case "img", "image":
      guard let alt = tokenizer.attribute("alt"), !Self.isFileName(alt) else { return }
      if openCounts["a", default: 0] > 0 {
        // An image that is a link's only content would leave a bare `[n]`: its alt
        // text names the link instead. Elsewhere images are decoration for a reader.
        appendText(TerminalText.sanitize(alt), alt: true)
      } else if hints.isFormulaImage(tokenizer), let formula = Self.formula(alt) {
        // A formula drawn as an image: its alt is its TeX, and without it the sentence
        // around it has a hole. Shown even when aria-hidden, which only says the MathML
        // beside it is the accessible copy.
        appendText(formula, alt: true)
      } else if let text = Self.oneLine(alt) {
        // Kept in the document for a view that wants it; neither view prints it, as a
        // picture's description between paragraphs reads as noise in a terminal.
        document.items.append(.image(alt: text))
      }
    case "base":
      if let href = tokenizer.attribute("href") { links.setBase(href) }
    case "meta":
      meta()
    default: break
    }
  }

  private mutating func meta() {
    guard let content = tokenizer.attribute("content").flatMap(Self.oneLine) else { return }
    if tokenizer.attribute("http-equiv")?.lowercased() == "refresh" {
      var metadata = document.metadata
      refresh(content, into: &metadata)
      document.metadata = metadata
      return
    }
    // `property` may list several names (`og:title twitter:title`); `name` is one name,
    // spelled `DC.title` as often as `dc:title`. A later tag of a name wins, as in
    // Readability.
    var keys = (tokenizer.attribute("property") ?? "").lowercased()
      .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
    for attribute in ["name", "itemprop"] {
      if let name = tokenizer.attribute(attribute) {
        keys.append(
          name.lowercased().trimmingSpaces.replacingOccurrences(
            of: ".", with: ":"))
      }
    }
    for key in keys where metaValues.count < 256 {
      metaValues[key] = content
    }
  }

  /// Title, byline, description and date from what the page declared, in Readability's
  /// order of preference: JSON-LD, then Dublin Core, Open Graph, plain names, Twitter.
  private mutating func resolveMetadata() {
    let values = metaValues
    func first(_ keys: [String]) -> String? {
      keys.lazy.compactMap { values[$0] }.first
    }
    var metadata = document.metadata
    metadata.headline =
      jsonLD.headline
      ?? first([
        "dc:title", "dcterm:title", "og:title", "weibo:article:title", "weibo:webpage:title",
        "title", "twitter:title", "parsely-title",
      ])
    let author =
      first(["dc:creator", "dcterm:creator", "author", "parsely-author"])
      ?? first(["article:author"]).flatMap { $0.lowercased().hasPrefix("http") ? nil : $0 }
    metadata.byline = jsonLD.byline ?? author ?? markupByline
    metadata.description = first([
      "dc:description", "dcterm:description", "og:description", "weibo:article:description",
      "weibo:webpage:description", "description", "twitter:description",
    ])
    metadata.published =
      jsonLD.published
      ?? first([
        "article:published_time", "parsely-pub-date", "og:published_time", "datepublished",
        "dc:date", "date", "pubdate",
      ]) ?? timeFallback
    metadata.articleBody = jsonLD.body
    metadata.declaresArticle =
      jsonLD.isArticle || first(["og:type"])?.lowercased().hasPrefix("article") == true
    metadata.canonicalURL = first(["og:url"])
    metadata.documentURL = documentURL
    document.metadata = metadata
  }

  /// `<meta http-equiv=refresh content="0; url=…">`: where the page sends its reader.
  private mutating func refresh(_ content: String, into metadata: inout PageMetadata) {
    guard metadata.refresh == nil else { return }
    let parts = content.split(separator: ";", maxSplits: 1).map(\.trimmingSpaces)
    guard let delay = parts.first.flatMap({ Int($0.prefix { $0.isNumber }) }) else { return }
    guard parts.count == 2 else { return }
    var target = parts[1]
    if target.lowercased().hasPrefix("url") {
      target = target.dropFirst(3).trimmingSpaces
      if target.hasPrefix("=") { target = String(target.dropFirst()) }
    }
    target = target.trimmed(where: { $0 == " " || $0 == "\"" || $0 == "'" })
    guard let url = links.resolve(target) else { return }
    metadata.refresh = PageLink(url: url, text: url)
    metadata.refreshDelay = delay
  }

  // MARK: - Opening and closing

  private mutating func open(_ entry: inout OpenElement) {
    let kind: PageElement.Kind
    switch entry.kind {
    case .block(let blank): kind = .block(blank: blank)
    case .heading(let level): kind = .heading(level)
    case .list(let ordered):
      kind = .list(listStyle(ordered: ordered))
    case .listItem:
      if let list = openLists.last { listItemCounts[list, default: 0] += 1 }
      kind = .listItem(value: tokenizer.attribute("value").flatMap { Int(Self.trimmed($0)) })
    case .definitionList: kind = .definitionList
    case .definition: kind = .definition
    case .quote: kind = .quote
    case .pre: kind = .pre
    case .table: kind = .table(layout: false)
    case .caption: kind = .caption
    case .tableSection: kind = .tableSection
    case .row: kind = .row
    case .cell: kind = .cell(header: entry.name == "th")
    case .link:
      guard let href = tokenizer.attribute("href"), let url = links.resolve(href) else {
        if hints.isByline(tokenizer) { startByline(element: nil) }
        return
      }
      var target = link(url, href: href)
      target.isCitation = citationDepth != nil && target.isInPage
      // A heading's permalink to itself (`<h2 id=x><a href=#x>`, Sphinx's ¶) goes
      // nowhere a reader is not already: its text stays, unnumbered.
      if target.isInPage, let fragment = target.fragment,
        openElements.suffix(3).contains(where: {
          let id = document.elements[$0].id
          return id == fragment
            || id.map { URLText.removingPercentEncoding($0) == fragment } == true
        })
      {
        return
      }
      document.links.append(target)
      kind = .link(document.links.count - 1)
    case .inline:
      if hints.isControl(entry.name, tokenizer) {
        // Kept so that a view can leave it out.
        entry.element = addElement(entry.name, kind: .inline, inline: false)
        return
      }
      guard bylineCapture == nil, !bylineFound, stack.last?.furniture != true,
        hints.isByline(tokenizer)
      else {
        if entry.name == "span", hints.keepsSpan(tokenizer) {
          // Kept so that a view can leave it out.
          entry.element = addElement(entry.name, kind: .inline, inline: false)
        }
        return
      }
      // Kept only so the reader view can leave the byline out of the article.
      let index = addElement(entry.name, kind: .inline, inline: true)
      entry.element = index
      startByline(element: index)
      return
    case .inert, .title, .transparent, .void: return
    }
    noteTableFacts(for: entry)
    let index = addElement(entry.name, kind: kind, inline: false)
    entry.element = index
    if case .link(let link) = kind { openLink = (link, []) }
    if case .list = kind { openLists.append(index) }
    if case .table = kind {
      var facts = TableFacts(element: index)
      let role = tokenizer.attribute("role")?.lowercased()
      facts.presentation =
        role == "presentation" || role == "none" || tokenizer.attribute("datatable") == "0"
      facts.summary = tokenizer.attribute("summary")?.isEmpty == false
      facts.sized = ["width", "height", "cellpadding"].contains { tokenizer.hasAttribute($0) }
      tables.append(facts)
    }
    if bylineCapture == nil, !bylineFound, stack.last?.furniture != true,
      hints.isByline(tokenizer)
    {
      startByline(element: index)
    }
  }

  private mutating func addElement(_ name: String, kind: PageElement.Kind, inline: Bool) -> Int {
    let index = document.elements.count
    let start = document.items.count
    document.elements.append(
      PageElement(
        name: inline ? "span" : name, kind: kind, parent: openElements.last,
        items: start..<start + 1, id: tokenizer.attribute("id"),
        className: tokenizer.attribute("class"), role: tokenizer.attribute("role"),
        itemProp: tokenizer.attribute("itemprop")))
    if case .cell = kind {
      document.elements[index].rowSpan = Self.span(tokenizer.attribute("rowspan"))
      document.elements[index].columnSpan = Self.span(tokenizer.attribute("colspan"))
    }
    document.items.append(.start(index))
    openElements.append(index)
    return index
  }

  /// A `rowspan` or `colspan` as HTML reads it: digits, 1 when absent or not a number,
  /// at most `maxSpan` (HTML's own bound for `colspan` is 1000, for `rowspan` 65534).
  private static func span(_ value: String?) -> Int {
    guard let value, let number = Int(trimmed(value)), number >= 1 else { return 1 }
    return min(number, maxSpan)
  }

  /// The largest span kept: a table of a thousand rows is already past an outline.
  static let maxSpan = 1000

  private func listStyle(ordered: Bool) -> PageListStyle {
    guard ordered else { return PageListStyle(numbering: .bullet) }
    let numbering: PageListStyle.Numbering
    switch tokenizer.attribute("type").map(Self.trimmed) {
    case "a": numbering = .lowerAlpha
    case "A": numbering = .upperAlpha
    case "i": numbering = .lowerRoman
    case "I": numbering = .upperRoman
    default: numbering = .decimal
    }
    return PageListStyle(
      numbering: numbering, start: tokenizer.attribute("start").flatMap { Int(Self.trimmed($0)) },
      reversed: tokenizer.hasAttribute("reversed"))
  }

  private func link(_ url: String, href: String) -> PageLink {
    // Most links have no fragment: the work below is for those that do. The `#` is
    // looked for in the contiguous bytes (the UTF-8 view's firstIndex was a quarter of
    // reading a link).
    var contiguous = url
    guard let offset = contiguous.withUTF8({ $0.firstIndex(of: UInt8(ascii: "#")) }) else {
      return PageLink(url: url, text: "")
    }
    let hash = url.utf8.index(url.utf8.startIndex, offsetBy: offset)
    let raw = String(url[url.utf8.index(after: hash)...])
    let fragment = URLText.removingPercentEncoding(raw) ?? raw
    let inPage =
      href.utf8.first(where: { !HTMLTokenizer.isSpace($0) }) == UInt8(ascii: "#")
      || String(url[..<hash]) == documentURL
    return PageLink(url: url, text: "", fragment: fragment, isInPage: inPage)
  }

  /// Counts what tells a layout table from a data table as its parts open.
  private mutating func noteTableFacts(for entry: OpenElement) {
    guard !tables.isEmpty else { return }
    var facts = tables[tables.count - 1]
    switch entry.kind {
    case .row:
      facts.rows += 1
      facts.cellsInRow = 0
      facts.inCell = false
    case .cell:
      if facts.rows == 0 { facts.rows = 1 }
      facts.cells += 1
      facts.cellsInRow += 1
      facts.widestRow = max(facts.widestRow, facts.cellsInRow)
      if entry.name == "th" { facts.headerCells += 1 }
      facts.cellHasBlock = false
      facts.cellHasStructure = false
      facts.inCell = true
    case .caption: facts.caption = true
    case .tableSection: if entry.name != "tbody" { facts.sections = true }
    case .table: facts.nested = true
    case .block, .list, .heading, .quote, .pre, .definitionList:
      if facts.inCell && !facts.cellHasBlock && entry.name != "span" {
        facts.cellHasBlock = true
        facts.blockCells += 1
      }
      if facts.inCell && !facts.cellHasStructure, !["p", "div", "span"].contains(entry.name) {
        facts.cellHasStructure = true
        facts.structuredCells += 1
      }
    default: break
    }
    tables[tables.count - 1] = facts
  }

  private mutating func pop() {
    let entry = stack.removeLast()
    openCounts[entry.name, default: 1] -= 1
    if let name = bylineName, !name.done, name.depth == stack.count { bylineName?.done = true }
    if entry.name == "annotation", let captured = capture, captured.kind == .tex {
      capture = nil
      if mathText == nil {
        mathText = Self.formula(String(decoding: captured.bytes, as: UTF8.self))
      }
    }
    if citationDepth == stack.count { citationDepth = nil }
    if entry.hides {
      hiddenDepth -= 1
      endHidden(entry)
    }
    guard let index = entry.element else {
      if let byline = bylineCapture, byline.depth == stack.count, byline.element == nil {
        finishByline()
      }
      return
    }
    openElements.removeLast()
    document.items.append(.end(index))
    document.elements[index].items =
      document.elements[index].items.lowerBound..<document.items.count
    switch document.elements[index].kind {
    case .link(let link):
      if let open = openLink, open.link == link {
        document.links[link].text =
          Self.oneLine(String(decoding: open.text, as: UTF8.self)) ?? ""
        openLink = nil
      }
    case .list(var style):
      openLists.removeLast()
      style.itemCount = listItemCounts.removeValue(forKey: index) ?? 0
      document.elements[index].kind = .list(style)
    case .table:
      if let facts = tables.popLast() {
        document.elements[index].kind = .table(layout: Self.isLayoutTable(facts))
      }
    default: break
    }
    if let byline = bylineCapture, byline.element == index { finishByline() }
  }

  private mutating func endHidden(_ entry: OpenElement) {
    if entry.kind == .title, let bytes = titleBytes {
      titleBytes = nil
      document.metadata.title = Self.oneLine(
        CharacterReferences.decode(bytes, in: 0..<bytes.count, inAttribute: false))
    }
    if entry.name == "script", let captured = capture, captured.kind == .jsonLD {
      capture = nil
      readJSONLD(captured.bytes)
    }
    if entry.name == "script", let captured = capture, captured.kind == .config {
      capture = nil
      document.metadata.wiki = hints.configuration?(String(decoding: captured.bytes, as: UTF8.self))
    }
    if entry.name == "math" && !entry.inert {
      if let formula = mathText { appendText(formula, alt: true) }
      mathText = nil
    }
  }

  private mutating func popTo(_ index: Int) {
    while stack.count > index { pop() }
  }

  // MARK: - Byline

  private mutating func startByline(element: Int?) {
    bylineCapture = (stack.count, element, [])
  }

  private mutating func finishByline() {
    guard let capture = bylineCapture else { return }
    bylineCapture = nil
    let name = bylineName.flatMap { Self.oneLine(String(decoding: $0.text, as: UTF8.self)) }
    bylineName = nil
    guard let text = name ?? Self.oneLine(String(decoding: capture.text, as: UTF8.self)),
      text.count < 100
    else { return }
    bylineFound = true
    markupByline = text
    document.metadata.bylineElement = capture.element
  }

  /// Page furniture by the hints (comments, a sidebar, a menu), never inside a table or
  /// code, as Readability's first pass removes it: no byline or date is taken there.
  private func isFurniture(_ name: String) -> Bool {
    openCounts["table", default: 0] == 0 && openCounts["code", default: 0] == 0
      && hints.isFurniture(name, tokenizer)
  }

  // MARK: - JSON-LD

  private mutating func readJSONLD(_ bytes: [UInt8]) {
    guard let json = try? JSONSerialization.jsonObject(with: Data(bytes)) else { return }
    var queue: [Any] = [json]
    var seen = 0
    while let next = queue.popLast(), seen < 64 {
      seen += 1
      if let array = next as? [Any] {
        queue.append(contentsOf: array.reversed())
        continue
      }
      guard let object = next as? [String: Any] else { continue }
      if let graph = object["@graph"] { queue.append(graph) }
      let type = (object["@type"] as? String) ?? ((object["@type"] as? [String])?.first ?? "")
      guard type.hasSuffix("Article") || type == "BlogPosting" || type == "Report" else {
        continue
      }
      jsonLD.isArticle = true
      // Sites often escape JSON-LD strings as HTML (`&#163;`, `&amp;`): decoded, as
      // Readability unescapes every metadata value.
      if jsonLD.headline == nil, let headline = object["headline"] as? String {
        jsonLD.headline = Self.oneLine(CharacterReferences.decode(headline))
      }
      if jsonLD.byline == nil, let author = Self.authorName(object["author"]) {
        jsonLD.byline = Self.oneLine(CharacterReferences.decode(author))
      }
      if jsonLD.published == nil, let date = object["datePublished"] as? String {
        jsonLD.published = Self.oneLine(date)
      }
      if jsonLD.body == nil,
        let body = (object["articleBody"] as? String) ?? (object["description"] as? String)
      {
        jsonLD.body = Self.oneLine(CharacterReferences.decode(String(body.prefix(4096))))
      }
      return
    }
  }

  private static func authorName(_ value: Any?) -> String? {
    if let name = value as? String { return name }
    if let object = value as? [String: Any] { return object["name"] as? String }
    if let array = value as? [Any] {
      let names = array.compactMap { authorName($0) }
      return names.isEmpty ? nil : names.joined(separator: ", ")
    }
    return nil
  }

  // MARK: - Implied closes

  /// The end tags HTML leaves implied: a block ends an open `p`, an `li` the previous
  /// `li`, a `td` the previous cell, and so on.
  private mutating func closeImplied(by kind: HTMLElementKind, name: String) {
    if kind.closesParagraph { closeParagraph() }
    switch kind {
    case .listItem: closeItem(named: "li", or: "li")
    case .definition: closeItem(named: "dd", or: "dt")
    case .block where name == "dt": closeItem(named: "dd", or: "dt")
    case .cell: closeTablePart(targets: [.cell], stops: [.row, .table])
    case .row: closeTablePart(targets: [.row, .cell], stops: [.tableSection, .table])
    case .tableSection, .caption:
      closeTablePart(targets: [.tableSection, .row, .cell, .caption], stops: [.table])
    case .heading:
      if case .heading = stack.last?.kind { pop() }
    case .link:
      if openCounts["a", default: 0] > 0 { closeNearest("a") }
    default: break
    }
  }

  private mutating func closeParagraph() {
    guard openCounts["p", default: 0] > 0 else { return }
    var index = stack.count - 1
    while index >= 0 && stack.count - index <= Self.searchLimit {
      let entry = stack[index]
      if entry.name == "p" {
        popTo(index)
        return
      }
      if entry.kind.isScopeBoundary || entry.name == "button" { return }
      index -= 1
    }
  }

  private mutating func closeItem(named first: String, or second: String) {
    var index = stack.count - 1
    while index >= 0 && stack.count - index <= Self.searchLimit {
      let entry = stack[index]
      if entry.name == first || entry.name == second {
        popTo(index)
        return
      }
      switch entry.kind {
      case .inline, .link: break
      case .block where ["div", "p", "address"].contains(entry.name): break
      default: return
      }
      index -= 1
    }
  }

  private mutating func closeTablePart(targets: [HTMLElementKind], stops: [HTMLElementKind]) {
    var index = stack.count - 1
    var lowest: Int?
    while index >= 0 && stack.count - index <= Self.searchLimit {
      let kind = stack[index].kind
      if stops.contains(kind) { break }
      if targets.contains(kind) { lowest = index }
      index -= 1
    }
    if let lowest { popTo(lowest) }
  }

  private mutating func closeNearest(_ name: String) {
    var index = stack.count - 1
    while index >= 0 && stack.count - index <= Self.searchLimit {
      if stack[index].name == name {
        popTo(index)
        return
      }
      index -= 1
    }
  }

  // MARK: - Tables

  /// A table that only arranges the page, after the heuristics browsers' accessibility
  /// code and Readability use: roles, headers and captions, nesting, shape, cell content.
  private static func isLayoutTable(_ facts: TableFacts) -> Bool {
    if facts.presentation { return true }
    if facts.summary || facts.caption { return false }
    if facts.nested { return true }
    if facts.headerCells > 0 || facts.sections {
      // Header cells make a data table, unless most cells are whole blocks of text.
      return facts.structuredCells * 2 > facts.cells && facts.cells > 2
    }
    if facts.rows <= 1 || facts.widestRow <= 1 { return true }
    if facts.structuredCells > 0 { return true }
    let average = facts.textBytes / max(1, facts.cells)
    // Paragraphs in cells: a page's columns when they hold text, a document exported
    // from an editor (`<td><p>71.1 MB</p>`) when they hold figures.
    if facts.blockCells > 0 && average > 40 { return true }
    // Sized for a screen and small: more likely arranging than tabulating.
    if facts.sized && facts.rows < 10 && facts.widestRow <= 4 { return true }
    if facts.rows >= 10 || facts.widestRow > 4 { return average > 200 }
    return facts.rows * facts.widestRow <= 10 || average > 80
  }

  // MARK: - Text helpers

  /// Whitespace collapsed, trimmed and sanitised; nil when nothing is left.
  /// On the UTF-8 bytes: splitting by Character (grapheme clusters) and joining again was
  /// most of the cost of closing a link, paid for each of a page's links.
  static func oneLine(_ text: String) -> String? {
    enum Shape {
      case empty, unchanged
      case collapsed(String)
    }
    var clean = TerminalText.sanitize(text)
    let shape = clean.withUTF8 { bytes -> Shape in
      var start = 0
      var end = bytes.count
      while start < end, bytes[start] == 0x20 { start += 1 }
      while end > start, bytes[end - 1] == 0x20 { end -= 1 }
      guard start < end else { return .empty }
      let doubled = (start..<(end - 1)).contains { bytes[$0] == 0x20 && bytes[$0 + 1] == 0x20 }
      if !doubled && start == 0 && end == bytes.count { return .unchanged }
      var out: [UInt8] = []
      out.reserveCapacity(end - start)
      for k in start..<end where bytes[k] != 0x20 || bytes[k - 1] != 0x20 {
        out.append(bytes[k])
      }
      return .collapsed(String(decoding: out, as: UTF8.self))
    }
    switch shape {
    case .empty: return nil
    case .unchanged: return clean
    case .collapsed(let text): return text
    }
  }

  /// `TerminalText.sanitize`, keeping tabs and line breaks, which `pre` needs.
  static func sanitizedKeepingWhitespace(_ text: String) -> String {
    // Most text has nothing to change: its bytes say so at once.
    if TerminalText.bytesNeedNoChange(text, keepingWhitespace: true) { return text }
    let utf8 = text.utf8
    guard utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
      return TerminalText.sanitize(text)
    }
    var out = ""
    var pieceStart = utf8.startIndex
    var index = utf8.startIndex
    while index < utf8.endIndex {
      let byte = utf8[index]
      if byte == 0x09 || byte == 0x0A || byte == 0x0D {
        out += TerminalText.sanitize(String(text[pieceStart..<index]))
        out.unicodeScalars.append(Unicode.Scalar(byte))
        pieceStart = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    out += TerminalText.sanitize(String(text[pieceStart..<utf8.endIndex]))
    return out
  }

  /// A formula's TeX, one line, without the `{\displaystyle …}` wrapper Wikipedia adds.
  static func formula(_ tex: String) -> String? {
    guard var text = oneLine(tex) else { return nil }
    for wrapper in ["{\\displaystyle ", "{\\textstyle "]
    where text.hasPrefix(wrapper) && text.hasSuffix("}") {
      text = text.dropFirst(wrapper.count).dropLast().trimmingSpaces
    }
    return text.isEmpty ? nil : text
  }

  /// `IMG_3886.jpg`: an alt text that is only the image's file name says nothing.
  static func isFileName(_ alt: String) -> Bool {
    let lower = alt.lowercased().trimmingSpaces
    guard !lower.contains(" ") || lower.count < 60 else { return false }
    if [".jpg", ".jpeg", ".png", ".gif", ".webp", ".svg", ".bmp"].contains(where: {
      lower.hasSuffix($0)
    }) {
      return true
    }
    // A file's name without its extension, as a CMS fills in alt text by default
    // (`milano-design-week-2018-arrangements-01`, `IMG_2041_final`): no words to read.
    let joins = lower.utf8.count { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    let digits = lower.utf8.contains { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    return !lower.contains(" ") && lower.utf8.count >= 16 && joins >= 3 && (digits || joins >= 5)
  }

  /// A citation mark as superscript (`[3]` → `⁽³⁾`): the page's own bracketed numbers
  /// must not be mistaken for the `[n]` marks of our links.
  static func superscript(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "[": out.append("\u{207D}")
      case "]": out.append("\u{207E}")
      case "0": out.append("\u{2070}")
      case "1": out.append("\u{00B9}")
      case "2": out.append("\u{00B2}")
      case "3": out.append("\u{00B3}")
      case "4"..."9":
        out.append(Unicode.Scalar(0x2074 + scalar.value - 0x34) ?? scalar)
      default: out.append(scalar)
      }
    }
    return String(out)
  }

  /// A table hidden by its style that the hints say is content behind a toggle.
  private func isCollapsedTable(_ name: String) -> Bool {
    guard name == "table", let parent = stack.last?.element else { return false }
    return hints.isCollapsedContent(document.elements[parent].className)
  }

  /// Inline `display: none`, which pages use for hidden content as often as `hidden`.
  private static func hidesByStyle(_ style: String) -> Bool {
    let compact = style.utf8.filter { $0 > 0x20 }.map(HTMLTokenizer.lowercased)
    return ByteSearch.contains(compact, "display:none")
  }

  private static func trimmed(_ text: String) -> String {
    String(text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first ?? "")
  }

  private static func withoutFragment(_ url: String) -> String {
    String(url.prefix { $0 != "#" })
  }
}
