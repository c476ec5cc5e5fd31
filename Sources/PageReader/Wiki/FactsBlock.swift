/// An infobox made into the reader view's facts block: one `label: value` line per row,
/// appended to a copy of the document, its links kept; image rows, the repeated title and
/// citation marks left out.
struct FactsBlock {
  var document: PageDocument
  let skipped: Set<Int>

  /// Appends the facts of the infobox `table` and returns their items' range; nil when no
  /// row has a fact.
  mutating func facts(of table: Int, children: [[Int]], title: String?) -> Range<Int>? {
    let start = document.items.count
    let block = open(blank: true)
    let lines = rows(of: table, children: children, title: title, nested: false)
    close(block)
    guard lines > 0 else {
      document.items.removeSubrange(start...)
      document.elements.removeLast(document.elements.count - block)
      return nil
    }
    return start..<document.items.count
  }

  /// Writes the facts of `table`'s rows and returns how many lines they made. A row that is
  /// one cell holding a table of its own (a person's relatives, collapsed under a header
  /// "亲属") gives that table's rows, its header a line of its own: each relation `label:
  /// value`, not the whole table run together on one line.
  private mutating func rows(of table: Int, children: [[Int]], title: String?, nested: Bool)
    -> Int
  {
    let rows = rows(of: table, children: children)
    var lines = 0
    // A header row inside the box ("面积"): said before the `•` rows under it, else dropped.
    var section: String?
    var firstRow = true
    for row in rows {
      let cells = children[row].filter {
        if case .cell = document.elements[$0].kind { return !skipped.contains($0) }
        return false
      }
      guard !cells.isEmpty else { continue }
      let texts = cells.map { document.textContent(of: $0) }
      let first = firstRow
      firstRow = false
      if cells.count == 1 {
        let text = texts[0]
        // The title repeated, an image and its caption, an empty row: not facts.
        if text.isEmpty || text == title || isImageCell(cells[0]) { continue }
        if let inner = innerTable(of: cells[0], children: children) {
          section = nil
          lines += self.rows(of: inner, children: children, title: title, nested: true)
          continue
        }
        if first, !nested, isHeader(cells[0]) { continue }
        if first, nested {
          let line = open(blank: false)
          copyInline(of: cells[0])
          close(line)
          lines += 1
          continue
        }
        if isHeader(cells[0]) {
          section = text
          continue
        }
        section = nil
        let line = open(blank: false)
        copyInline(of: cells[0])
        close(line)
        lines += 1
        continue
      }
      guard !texts[0].isEmpty, texts.dropFirst().contains(where: { !$0.isEmpty }) else {
        continue
      }
      let line = open(blank: false)
      if let section, texts[0].drop(while: { $0.isWhitespace }).hasPrefix("•") {
        appendText(section)
      }
      copyInline(of: cells[0])
      trimTrailingSpace()
      appendText(": ")
      for (offset, cell) in cells.dropFirst().enumerated() {
        if offset > 0 { appendText(" ") }
        copyInline(of: cell)
      }
      close(line)
      lines += 1
    }
    return lines
  }

  /// The table a cell holds as its only shown content (at most two wrappers deep), if any.
  private func innerTable(of cell: Int, children: [[Int]]) -> Int? {
    var current = cell
    for _ in 0..<3 {
      let shown = children[current].filter { !skipped.contains($0) }
      guard shown.count == 1, let only = shown.first else { return nil }
      if case .table = document.elements[only].kind { return only }
      guard case .block = document.elements[only].kind else { return nil }
      current = only
    }
    return nil
  }

  /// The rows of `table` itself, not of tables nested in its cells.
  func rows(of table: Int, children: [[Int]]) -> [Int] {
    var rows: [Int] = []
    var queue = children[table]
    while !queue.isEmpty {
      let next = queue.removeFirst()
      guard !skipped.contains(next) else { continue }
      switch document.elements[next].kind {
      case .row: rows.append(next)
      case .tableSection, .caption: queue.append(contentsOf: children[next])
      default: break
      }
    }
    return rows.sorted()
  }

  func isHeader(_ cell: Int) -> Bool {
    if case .cell(let header) = document.elements[cell].kind { return header }
    return false
  }

  /// A cell that holds an image (and perhaps its caption) rather than a fact.
  private func isImageCell(_ cell: Int) -> Bool {
    let element = document.elements[cell]
    if WikiArticle.classes(element).contains(where: {
      $0.contains("image") || $0.contains("caption") || $0.contains("map")
    }) {
      return true
    }
    return document.items[element.items].contains {
      if case .image = $0 { return true }
      if case .altText = $0 { return true }
      return false
    }
  }

  // MARK: - Building

  mutating func open(blank: Bool) -> Int {
    open("div", kind: .block(blank: blank))
  }

  /// Opens an element of the block's own, `name` and `kind`, and returns its index.
  mutating func open(_ name: String, kind: PageElement.Kind) -> Int {
    let index = document.elements.count
    let start = document.items.count
    document.elements.append(
      PageElement(name: name, kind: kind, parent: nil, items: start..<start + 1))
    document.items.append(.start(index))
    return index
  }

  mutating func close(_ element: Int) {
    document.items.append(.end(element))
    let start = document.elements[element].items.lowerBound
    document.elements[element].items = start..<document.items.count
  }

  /// Drops the spaces (a newline before `</th>`) that end the last text written, and a
  /// colon the label writes itself (a taxobox's `界：`): the line puts its own.
  private mutating func trimTrailingSpace() {
    guard case .text(let range) = document.items.last else { return }
    var end = range.upperBound
    while end > range.lowerBound, HTMLTokenizer.isSpace(document.storage[end - 1]) { end -= 1 }
    let fullWidthColon: [UInt8] = [0xEF, 0xBC, 0x9A]
    if end - range.lowerBound > fullWidthColon.count,
      document.storage[(end - fullWidthColon.count)..<end].elementsEqual(fullWidthColon)
    {
      end -= fullWidthColon.count
    } else if end - range.lowerBound > 1, document.storage[end - 1] == UInt8(ascii: ":") {
      end -= 1
    }
    document.items[document.items.count - 1] = .text(range.lowerBound..<end)
  }

  mutating func appendText(_ text: String) {
    let start = document.storage.count
    document.storage.append(contentsOf: text.utf8)
    document.items.append(.text(start..<document.storage.count))
  }

  /// The cell's text and links on one line: blocks, list items and breaks inside it read
  /// as `separator`; images, citation marks and left-out elements are dropped.
  mutating func copyInline(of cell: Int, separator: String = "、") {
    let range = document.elements[cell].items
    var index = range.lowerBound + 1
    var wroteText = false
    var pendingSeparator = false
    // A space between runs is written only before more of the cell: none before the `:`.
    var pendingSpace = false
    func separate() { if wroteText { pendingSeparator = true } }
    while index < range.upperBound - 1 {
      let item = document.items[index]
      index += 1
      switch item {
      case .start(let element):
        let kind = document.elements[element].kind
        if skipped.contains(element) || isCitation(kind) {
          index = max(index, document.elements[element].items.upperBound)
          continue
        }
        if case .link = kind {
          if pendingSpace && !pendingSeparator { appendText(" ") }
          pendingSpace = false
          document.items.append(item)
        } else {
          separate()
        }
      case .end(let element):
        if case .link = document.elements[element].kind {
          document.items.append(item)
        } else {
          separate()
        }
      case .text(let text):
        let words = document.text(text)
        guard !words.allSatisfy(\.isWhitespace) else {
          if wroteText, !words.isEmpty { pendingSpace = true }
          continue
        }
        if pendingSeparator {
          if !separator.isEmpty { appendText(separator) }
          pendingSeparator = false
        } else if pendingSpace {
          appendText(" ")
        }
        pendingSpace = false
        document.items.append(item)
        wroteText = true
      case .lineBreak, .paragraphBreak: separate()
      case .altText, .image, .rule, .anchor: continue
      }
    }
  }

  private func isCitation(_ kind: PageElement.Kind) -> Bool {
    guard case .link(let link) = kind else { return false }
    return document.links[link].isCitation
  }
}
