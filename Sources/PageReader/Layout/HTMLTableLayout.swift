import TextSupport

/// Lays out the cells of one data table as aligned columns that fit a width: columns as
/// wide as their content needs, never narrower than their longest word while the width
/// allows it; a table too wide for that is shown row by row as `header: value` records.
struct HTMLTableLayout {
  struct Cell {
    var text: String
    var header: Bool
  }

  private(set) var rows: [[Cell]] = []
  private var row: [Cell] = []
  var caption: [String] = []

  /// The gap between two columns.
  private static let gap = 2
  /// A word longer than this may be split rather than widen its column further: long
  /// URLs would otherwise turn every table with one into records.
  private static let longestKeptWord = 24

  mutating func addCell(_ text: String, header: Bool = false) {
    row.append(Cell(text: text, header: header))
  }

  mutating func endRow() {
    if row.contains(where: { !$0.text.isEmpty }) { rows.append(row) }
    row.removeAll()
  }

  /// The table's lines, each starting with `indent`, at most `width` cells wide.
  func lines(width: Int, indent: String) -> [String] {
    var out: [String] = []
    let available = max(1, width - TerminalText.width(indent))
    for text in caption where !text.isEmpty {
      out += LinkMarks.balance(
        TextWrapper.wrap(text, width: width, firstLinePrefix: indent, prefix: indent))
    }
    let columnCount = rows.map(\.count).max() ?? 0
    let headerRow =
      rows.first.map { first in first.allSatisfy { $0.header || $0.text.isEmpty } }
      ?? false
    let body = headerRow ? rows.dropFirst() : rows[...]
    // Columns with nothing below their header (spacers, images without alt) would be
    // empty columns on a terminal.
    let used = (0..<columnCount).filter { column in
      let checked = body.isEmpty ? rows[...] : body
      return checked.contains { column < $0.count && !$0[column].text.isEmpty }
    }
    guard !used.isEmpty else { return out }
    let grid = rows.map { row in used.map { $0 < row.count ? row[$0].text : "" } }
    let natural = (0..<used.count).map { column in
      grid.map { Self.naturalWidth($0[column]) }.max() ?? 0
    }
    let narrowest = (0..<used.count).map { column in
      grid.map { Self.longestWord($0[column]) }.max() ?? 0
    }
    guard let widths = Self.columnWidths(natural, minimum: narrowest, available: available)
    else {
      return out + records(grid, headers: headerRow, width: width, indent: indent)
    }
    let gap = String(repeating: " ", count: Self.gap)
    for row in grid {
      let cells = row.enumerated().map { column, text in
        LinkMarks.balance(TextWrapper.wrap(text, width: widths[column]))
      }
      let height = max(1, cells.map(\.count).max() ?? 1)
      for lineIndex in 0..<height {
        var line = indent
        for (column, cellLines) in cells.enumerated() {
          if column > 0 { line += gap }
          let text = lineIndex < cellLines.count ? cellLines[lineIndex] : ""
          line += column == cells.count - 1 ? text : TerminalText.pad(text, toWidth: widths[column])
        }
        while line.last == " " { line.removeLast() }
        out.append(line)
      }
    }
    return out
  }

  /// A table too wide for columns, one record per row: `header: value` when the table
  /// has a header row, else each cell on its own line; records are set apart by blank
  /// lines.
  private func records(_ grid: [[String]], headers: Bool, width: Int, indent: String) -> [String] {
    var out: [String] = []
    let names = headers ? grid.first ?? [] : []
    for row in headers ? grid.dropFirst() : grid[...] {
      if !out.isEmpty { out.append("") }
      for (column, value) in row.enumerated() where !value.isEmpty {
        let name = column < names.count ? names[column] : ""
        let text = name.isEmpty ? value : Self.oneLine(name) + ": " + value
        out += LinkMarks.balance(
          TextWrapper.wrap(text, width: width, firstLinePrefix: indent, prefix: indent + "  "))
      }
    }
    return out
  }

  private static func oneLine(_ text: String) -> String {
    text.split(separator: "\n").joined(separator: " ")
  }

  private static func naturalWidth(_ text: String) -> Int {
    text.split(separator: "\n").map { TerminalText.width(String($0)) }.max() ?? 0
  }

  /// The widest unit a line may not break inside: a Latin word (up to a limit); any
  /// wide character alone, since CJK text may break between any two.
  private static func longestWord(_ text: String) -> Int {
    var longest = 0
    var run = 0
    for scalar in text.unicodeScalars {
      let cells = TerminalText.width(of: scalar)
      if scalar == " " || scalar == "\n" || cells == 2 {
        longest = max(longest, run, cells == 2 ? 2 : 0)
        run = 0
      } else {
        run += cells
      }
    }
    return min(longestKeptWord, max(longest, run))
  }

  /// Column widths that fit `available` cells: natural widths when they fit; else the
  /// narrow columns keep theirs and the wide ones share the rest, then any column below
  /// its longest word takes cells back from the widest; nil when even the longest words
  /// do not fit.
  static func columnWidths(_ natural: [Int], minimum: [Int], available: Int) -> [Int]? {
    let count = natural.count
    let budget = available - gap * (count - 1)
    if natural.reduce(0, +) <= budget { return natural }
    let floor = zip(natural, minimum).map { min($0, max($1, 1)) }
    guard floor.reduce(0, +) <= budget else { return nil }
    var widths = natural
    var open = Array(0..<count)
    var left = budget
    while !open.isEmpty {
      let share = left / open.count
      let fitting = open.filter { natural[$0] <= share }
      if fitting.isEmpty { break }
      for column in fitting { left -= natural[column] }
      open.removeAll { natural[$0] <= share }
    }
    if !open.isEmpty {
      let share = left / open.count
      var extra = left % open.count
      for column in open {
        widths[column] = share + (extra > 0 ? 1 : 0)
        if extra > 0 { extra -= 1 }
      }
    }
    for column in 0..<count where widths[column] < floor[column] {
      while widths[column] < floor[column] {
        guard
          let donor = (0..<count).filter({ widths[$0] > floor[$0] })
            .max(by: { widths[$0] - floor[$0] < widths[$1] - floor[$1] })
        else { return nil }
        widths[donor] -= 1
        widths[column] += 1
      }
    }
    return widths
  }
}
