import Foundation
import TextSupport

/// Builds the page from tokens with an explicit stack of open elements (never recursion,
/// so nesting depth costs memory, not stack), applying the HTML5 rules that decide
/// where an unclosed `p`, `li`, `td` or `tr` ends.
struct HTMLReader {
  private struct OpenElement {
    var name: String
    var kind: HTMLElementKind
    /// Opened inside hidden content: closing it has no effect on the text.
    var inert: Bool
    /// Hides its content (`hidden`, `aria-hidden`, scripts, templates, the title).
    var hides: Bool
    var saved: HTMLLayout.Context?
    var link: String?
  }

  /// How far back implied closes and end tags search: bounds the work per tag on
  /// pathological nesting while covering any real document.
  private static let searchLimit = 512

  private var tokenizer: HTMLTokenizer
  private var layout: HTMLLayout
  private var links: HTMLLinkList
  private var stack: [OpenElement] = []
  private var openCounts: [String: Int] = [:]
  private var hiddenDepth = 0
  private var title: String?
  private var titleBytes: [UInt8]?
  private var description: String?
  private var fallbackDescription: String?
  /// Element kinds already worked out: a hash beats the long chain of name comparisons.
  private var kinds: [String: HTMLElementKind] = [:]

  init(html: String, baseURL: URL?, width: Int) {
    tokenizer = HTMLTokenizer(bytes: Array(html.utf8))
    layout = HTMLLayout(width: width)
    links = HTMLLinkList(documentURL: baseURL)
  }

  mutating func read() -> RenderedPage {
    reading: while true {
      switch tokenizer.next() {
      case .end: break reading
      case .text(let range, let decodes): text(range, decodes: decodes)
      case .startTag(let name, let selfClosing): start(name, selfClosing: selfClosing)
      case .endTag(let name): end(name)
      }
    }
    while !stack.isEmpty { pop() }
    let lines = layout.finish()
    return RenderedPage(
      title: title, description: description ?? fallbackDescription, lines: lines,
      links: links.urls)
  }

  // MARK: - Tokens

  private mutating func text(_ range: Range<Int>, decodes: Bool) {
    if titleBytes != nil {
      titleBytes?.append(contentsOf: tokenizer.bytes[range])
    } else if hiddenDepth == 0 {
      layout.text(tokenizer.bytes, in: range, decodes: decodes)
    }
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
    case .transparent: return
    case .void:
      if hiddenDepth == 0 && !tokenizer.hasAttribute("hidden") { void(name) }
      return
    default: break
    }
    closeImplied(by: kind, name: name)
    // Self-closing syntax only means something in SVG and MathML, which are inert here.
    if selfClosing && hiddenDepth > 0 { return }
    let hides =
      kind == .inert || kind == .title || tokenizer.hasAttribute("hidden")
      || tokenizer.attribute("aria-hidden")?.lowercased() == "true"
      || tokenizer.attribute("style").map(Self.hidesByStyle) == true
    var entry = OpenElement(
      name: name, kind: kind, inert: hiddenDepth > 0, hides: hides, saved: nil, link: nil)
    if kind == .title && hiddenDepth == 0 && title == nil && titleBytes == nil {
      titleBytes = []
    }
    if !entry.inert && !hides { open(&entry) }
    stack.append(entry)
    openCounts[name, default: 0] += 1
    if hides { hiddenDepth += 1 }
  }

  private mutating func end(_ name: String) {
    let kind = kind(of: name)
    if kind == .transparent { return }
    if name == "br" {
      if hiddenDepth == 0 { layout.lineBreak() }
      return
    }
    guard openCounts[name, default: 0] > 0 else {
      // A stray </p> still ends a paragraph, as an empty <p></p> would.
      if name == "p" && hiddenDepth == 0 { layout.blockBoundary(blank: true) }
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

  // MARK: - Opening and closing

  private mutating func void(_ name: String) {
    switch name {
    case "br": layout.lineBreak()
    case "hr":
      closeParagraph()
      layout.horizontalRule()
    case "img":
      // An image that is a link's only content would leave a bare `[n]`: its alt
      // text names the link instead. Elsewhere images are decoration for a reader.
      if openCounts["a", default: 0] > 0, let alt = tokenizer.attribute("alt") {
        layout.text(alt)
      }
    case "base":
      if let href = tokenizer.attribute("href") { links.setBase(href) }
    case "meta":
      guard let content = tokenizer.attribute("content") else { return }
      if description == nil, tokenizer.attribute("name")?.lowercased() == "description" {
        description = Self.oneLine(content)
      } else if fallbackDescription == nil,
        tokenizer.attribute("property")?.lowercased() == "og:description"
      {
        fallbackDescription = Self.oneLine(content)
      }
    default: break
    }
  }

  private mutating func open(_ entry: inout OpenElement) {
    switch entry.kind {
    case .block(let blank): layout.blockBoundary(blank: blank)
    case .heading(let level): layout.beginHeading(level)
    case .list(let ordered):
      entry.saved = layout.context
      let start = tokenizer.attribute("start").flatMap { Int(Self.trimmed($0)) } ?? 1
      layout.beginList(ordered: ordered, start: start)
    case .listItem:
      let value = tokenizer.attribute("value").flatMap { Int(Self.trimmed($0)) }
      entry.saved = layout.beginItem(value: value)
    case .definitionList: layout.blockBoundary(blank: layout.context.listDepth == 0)
    case .definition:
      entry.saved = layout.context
      layout.beginIndented(by: 4, blank: false)
    case .quote:
      entry.saved = layout.context
      layout.beginIndented(by: 4, blank: true)
    case .pre: layout.beginPre()
    case .table: layout.beginTable()
    case .caption: layout.beginCaption()
    case .row: layout.endRow()
    case .cell: layout.beginCell()
    case .link:
      if let href = tokenizer.attribute("href"), let url = links.resolve(href) {
        entry.link = url
        // Numbered when opened: links cannot nest, so this is the order their numbers
        // appear in the text.
        layout.beginLink(links.number(for: url))
      }
    case .inert, .title, .transparent, .void, .inline, .tableSection: break
    }
  }

  private mutating func pop() {
    let entry = stack.removeLast()
    openCounts[entry.name, default: 1] -= 1
    if entry.hides {
      hiddenDepth -= 1
      if entry.kind == .title, let bytes = titleBytes {
        titleBytes = nil
        title = Self.oneLine(
          CharacterReferences.decode(bytes, in: 0..<bytes.count, inAttribute: false))
      }
    }
    guard !entry.inert && !entry.hides else { return }
    switch entry.kind {
    case .block(let blank): layout.blockBoundary(blank: blank)
    case .heading: layout.endHeading()
    case .list: layout.endList(wasNested: (entry.saved?.listDepth ?? 0) > 0)
    case .listItem: layout.endItem()
    case .definitionList: layout.blockBoundary(blank: layout.context.listDepth == 0)
    case .definition: layout.blockBoundary(blank: false)
    case .quote: layout.blockBoundary(blank: true)
    case .pre: layout.endPre()
    case .table: layout.endTable()
    case .caption: layout.endCaption()
    case .tableSection, .row: layout.endRow()
    case .cell: layout.endCell()
    case .link:
      if entry.link != nil { layout.endLink() }
    case .inert, .title, .transparent, .void, .inline: break
    }
    if let saved = entry.saved { layout.context = saved }
  }

  private mutating func popTo(_ index: Int) {
    while stack.count > index { pop() }
  }

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

  // MARK: - Text helpers

  /// Whitespace collapsed, trimmed and sanitised; nil when nothing is left.
  static func oneLine(_ text: String) -> String? {
    let words = TerminalText.sanitize(text).split(whereSeparator: { $0 == " " })
    return words.isEmpty ? nil : words.joined(separator: " ")
  }

  /// Inline `display: none`, which pages use for hidden content as often as `hidden`.
  private static func hidesByStyle(_ style: String) -> Bool {
    let compact = String(style.lowercased().unicodeScalars.filter { $0.value > 0x20 })
    return compact.contains("display:none")
  }

  private static func trimmed(_ text: String) -> String {
    String(text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first ?? "")
  }
}
