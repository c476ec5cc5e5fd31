/// Telling a layout table from a data table: what is counted as a table's parts open,
/// and the decision at its end.
extension HTMLReader {
  /// What is known of an open table, to tell a layout table from a data table at its end.
  struct TableFacts {
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

  /// Counts what tells a layout table from a data table as its parts open.
  mutating func noteTableFacts(for entry: OpenElement) {
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

  /// A table that only arranges the page, after the heuristics browsers' accessibility
  /// code and Readability use: roles, headers and captions, nesting, shape, cell content.
  static func isLayoutTable(_ facts: TableFacts) -> Bool {
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

  /// A table hidden by its style that the hints say is content behind a toggle.
  func isCollapsedTable(_ name: String) -> Bool {
    guard name == "table", let parent = stack.last?.element else { return false }
    return hints.isCollapsedContent(document.elements[parent].className)
  }
}
