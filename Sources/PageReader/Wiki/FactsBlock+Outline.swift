/// A table whose cells span rows, read as an outline: a history timeline (`中国历史` beside
/// a country's history: a dynasty's cell spans the rows of its periods, an era's name is
/// written down the cell one character a line) laid out as a grid comes out a character a
/// line and its periods apart from their dynasty. Here a cell that spans the rows of
/// cells to its right, and more rows than they do, is their parent; the cells become
/// nested lists in the table's order, each cell one line.
extension FactsBlock {
  /// A cell of the table placed on its grid: its row, its first column and its rows.
  private struct PlacedCell {
    var cell: Int
    var row: Int
    var column: Int
    var rows: Int
  }

  /// The most cells a table may have to be read as an outline: the parents are found by
  /// comparing cells pairwise.
  static let outlineCellLimit = 600

  /// Appends the outline of `table` and returns its items' range; nil when the table is
  /// not one (no cell is another's parent, a header row of column headings says it is a
  /// table of data, or it is too large).
  mutating func outline(of table: Int, children: [[Int]]) -> Range<Int>? {
    guard let placed = place(table, children: children) else { return nil }
    var parents: [Int?] = Array(repeating: nil, count: placed.count)
    for (index, cell) in placed.enumerated() {
      var best: Int?
      for (other, candidate) in placed[..<index].enumerated()
      where candidate.column < cell.column && candidate.rows > cell.rows
        && candidate.row <= cell.row && candidate.row + candidate.rows >= cell.row + cell.rows
      {
        if let current = best, placed[current].column > candidate.column { continue }
        best = other
      }
      parents[index] = best
    }
    guard parents.contains(where: { $0 != nil }) else { return nil }
    var depths: [Int] = []
    for parent in parents { depths.append(parent.map { depths[$0] + 1 } ?? 0) }

    let start = document.items.count
    let wrapper = open(blank: true)
    // Open lists and the open item of each, outermost first.
    var lists: [Int] = []
    var items: [Int?] = []
    var wrote = false
    for (index, cell) in placed.enumerated() {
      let separator = isWrittenDown(cell.cell) ? "" : " "
      guard hasShownText(cell.cell) else { continue }
      // A depth more than one below the open lists (its parent had no text) is taken as
      // the next level.
      let depth = min(depths[index], lists.count)
      while lists.count > depth + 1 {
        if let item = items.removeLast() { close(item) }
        close(lists.removeLast())
      }
      if lists.count == depth {
        lists.append(open("ul", kind: .list(PageListStyle(numbering: .bullet))))
        items.append(nil)
      }
      if let item = items[items.count - 1] { close(item) }
      let item = open("li", kind: .listItem(value: nil))
      items[items.count - 1] = item
      copyInline(of: cell.cell, separator: separator)
      wrote = true
    }
    while let list = lists.popLast() {
      if let item = items.removeLast() { close(item) }
      close(list)
    }
    close(wrapper)
    guard wrote else {
      document.items.removeSubrange(start...)
      document.elements.removeLast(document.elements.count - wrapper)
      return nil
    }
    return start..<document.items.count
  }

  /// The table's shown cells placed on its grid as HTML places them (a cell takes the next
  /// column no span from a row above holds), in the table's order; nil for a table of data
  /// (a row of two or more header cells) or one of more than `outlineCellLimit` cells.
  private func place(_ table: Int, children: [[Int]]) -> [PlacedCell]? {
    var placed: [PlacedCell] = []
    // Each column's first row no longer held by a span from above.
    var heldUntil: [Int: Int] = [:]
    for (rowNumber, row) in rows(of: table, children: children).enumerated() {
      let cells = children[row].filter {
        if case .cell = document.elements[$0].kind { return !skipped.contains($0) }
        return false
      }
      if cells.count(where: isHeader) >= 2 { return nil }
      var column = 0
      for cell in cells {
        guard placed.count < Self.outlineCellLimit else { return nil }
        while heldUntil[column, default: 0] > rowNumber { column += 1 }
        let element = document.elements[cell]
        let rows = max(1, element.rowSpan)
        placed.append(PlacedCell(cell: cell, row: rowNumber, column: column, rows: rows))
        for held in column..<column + max(1, min(element.columnSpan, Self.outlineCellLimit)) {
          heldUntil[held] = rowNumber + rows
        }
        column += max(1, element.columnSpan)
      }
    }
    return placed
  }

  /// Whether the cell has text outside the elements left out (a navbar's `查 论 编`).
  private func hasShownText(_ cell: Int) -> Bool {
    let range = document.elements[cell].items
    var index = range.lowerBound + 1
    while index < range.upperBound - 1 {
      switch document.items[index] {
      case .start(let element) where skipped.contains(element):
        index = max(index + 1, document.elements[element].items.upperBound)
        continue
      case .text(let text):
        if !document.storage[text].allSatisfy(HTMLTokenizer.isSpace) { return true }
      default: break
      }
      index += 1
    }
    return false
  }

  /// The most characters a piece of a cell written down it may have (`黄河<br>文明`).
  static let writtenDownPiece = 2

  /// Whether the cell's text is written down it, a character or two of Han a line
  /// (`史<br>前<br>时<br>代`, `黄河<br>文明`): its pieces between breaks are one word, joined
  /// with no space.
  private func isWrittenDown(_ cell: Int) -> Bool {
    let range = document.elements[cell].items
    var pieces = 0
    var current = 0
    func endPiece() -> Bool {
      defer { current = 0 }
      guard current <= Self.writtenDownPiece else { return false }
      if current > 0 { pieces += 1 }
      return true
    }
    for item in document.items[range.dropFirst().dropLast()] {
      switch item {
      case .text(let text):
        for character in document.text(text) where !character.isWhitespace {
          guard character.unicodeScalars.allSatisfy({ $0.properties.isIdeographic }) else {
            return false
          }
          current += 1
        }
      case .lineBreak, .paragraphBreak:
        guard endPiece() else { return false }
      case .start(let element), .end(let element):
        if case .link = document.elements[element].kind { continue }
        if skipped.contains(element) { continue }
        guard endPiece() else { return false }
      default: continue
      }
    }
    guard endPiece() else { return false }
    return pieces >= 2
  }
}
