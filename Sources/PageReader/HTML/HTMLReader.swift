import Foundation
import TextSupport

/// Reads tokens into a `PageDocument` with an explicit stack of open elements (never
/// recursion, so nesting depth costs memory, not stack), applying the HTML5 rules that
/// decide where an unclosed `p`, `li`, `td` or `tr` ends. Its jobs, a file each: building
/// the tree (here: tokens, opening and closing, implied closes), the page's metadata
/// (`+Metadata`: `<meta>`, JSON-LD, the byline), telling layout tables from data tables
/// (`+Tables`) and the text helpers (`+TextHelpers`: one line, formulas, citation marks).
struct HTMLReader {
  struct OpenElement {
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
  enum Capture {
    case jsonLD, tex, config
  }

  /// How far back implied closes and end tags search: bounds the work per tag on
  /// pathological nesting while covering any real document.
  static let searchLimit = 512

  var tokenizer: HTMLTokenizer
  var document = PageDocument()
  var links: HTMLLinkList
  let documentURL: String?
  var stack: [OpenElement] = []
  var openCounts: [String: Int] = [:]
  var hiddenDepth = 0
  var titleBytes: [UInt8]?
  /// `<meta>` contents by normalised name or property (`og:title`, `dc:creator`).
  var metaValues: [String: String] = [:]
  var jsonLD:
    (headline: String?, byline: String?, published: String?, body: String?, isArticle: Bool) = (
      nil, nil, nil, nil, false
    )
  var markupByline: String?
  var capture: (kind: Capture, bytes: [UInt8])?
  var mathText: String?
  /// Kept elements open now, innermost last (their indices).
  var openElements: [Int] = []
  var openLink: (link: Int, text: [UInt8])?
  var tables: [TableFacts] = []
  var openLists: [Int] = []
  var listItemCounts: [Int: Int] = [:]
  var bylineCapture: (depth: Int, element: Int?, text: [UInt8])?
  /// Inside the byline, the element marked `itemprop=name`: the author's name alone.
  var bylineName: (depth: Int, text: [UInt8], done: Bool, itemprop: Bool)?
  var bylineFound = false
  var timeFallback: String?
  /// The most of one script read for a site's configuration.
  static let configLimit = 262_144
  /// Depth of an open `sup` of citation marks (`MarkupHints.isCitation`).
  var citationDepth: Int?
  /// Element kinds already worked out: a hash beats the long chain of name comparisons.
  var kinds: [String: HTMLElementKind] = [:]
  var scratch: [UInt8] = []

  /// What the views want noticed in the markup (see `MarkupHints`).
  let hints: MarkupHints
  /// The page's own bytes, when the text is written over those already read rather than
  /// into `document.storage` (`init(overwriting:…)`); nil once a text would not fit.
  var overwrite: UnsafeMutablePointer<UInt8>?
  /// The bytes of text written at the start of `overwrite`: the document's storage, once
  /// `read()` is done, while `overwrite` is not nil.
  private(set) var written = 0
  /// The first byte still to be read: text may be written up to it, not past it.
  var writeLimit = 0

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

  mutating func text(_ range: Range<Int>, decodes: Bool) {
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
  static func containsZero(_ text: inout String) -> Bool {
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return false }
      return memchr(base, 0, bytes.count) != nil
    }
  }

  /// Adds sanitised text to the document and to whatever is collecting it.
  mutating func appendText(_ text: String, alt: Bool) {
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

  mutating func kind(of name: String) -> HTMLElementKind {
    if let known = kinds[name] { return known }
    let kind = HTMLElementKind(name: name)
    // Garbage markup can invent endless names; remember only a bounded number.
    if kinds.count < 512 { kinds[name] = kind }
    return kind
  }

  mutating func start(_ name: String, selfClosing: Bool) {
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
  mutating func startVisible(_ entry: inout OpenElement, hidden: Bool) {
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

  mutating func addAnchor(_ id: String) {
    if document.anchors[id] == nil { document.anchors[id] = document.items.count }
    document.items.append(.anchor(id))
  }

  mutating func end(_ name: String) {
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
  func blocks(end kind: HTMLElementKind, at open: HTMLElementKind) -> Bool {
    switch kind {
    case .table: return false
    case .row, .tableSection, .cell, .caption: return open == .table
    case .inline: return open != .inline && open != .link
    default: return open.isScopeBoundary
    }
  }

  // MARK: - Void elements

  mutating func void(_ name: String) {
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

  // MARK: - Opening and closing

  mutating func open(_ entry: inout OpenElement) {
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

  mutating func addElement(_ name: String, kind: PageElement.Kind, inline: Bool) -> Int {
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
  static func span(_ value: String?) -> Int {
    guard let value, let number = Int(trimmed(value)), number >= 1 else { return 1 }
    return min(number, maxSpan)
  }

  /// The largest span kept: a table of a thousand rows is already past an outline.
  static let maxSpan = 1000

  func listStyle(ordered: Bool) -> PageListStyle {
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

  func link(_ url: String, href: String) -> PageLink {
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

  mutating func pop() {
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

  mutating func endHidden(_ entry: OpenElement) {
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

  mutating func popTo(_ index: Int) {
    while stack.count > index { pop() }
  }

  // MARK: - Implied closes

  /// The end tags HTML leaves implied: a block ends an open `p`, an `li` the previous
  /// `li`, a `td` the previous cell, and so on.
  mutating func closeImplied(by kind: HTMLElementKind, name: String) {
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

  mutating func closeParagraph() {
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

  mutating func closeItem(named first: String, or second: String) {
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

  mutating func closeTablePart(targets: [HTMLElementKind], stops: [HTMLElementKind]) {
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

  mutating func closeNearest(_ name: String) {
    var index = stack.count - 1
    while index >= 0 && stack.count - index <= Self.searchLimit {
      if stack[index].name == name {
        popTo(index)
        return
      }
      index -= 1
    }
  }
}
