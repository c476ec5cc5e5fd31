import TextSupport

/// Lays out the cells of one table as aligned columns that fit a width, wrapping cell
/// text inside its column; too many columns for the width fall back to one line per row.
struct HTMLTableLayout {
  private(set) var rows: [[String]] = []
  private var row: [String] = []
  var caption: [String] = []

  /// The gap between two columns.
  private static let gap = 2
  /// Narrower columns than this read worse than rows of `a | b | c`.
  private static let narrowestColumn = 4

  mutating func addCell(_ text: String) {
    row.append(text)
  }

  mutating func endRow() {
    if row.contains(where: { !$0.isEmpty }) { rows.append(row) }
    row.removeAll()
  }

  /// The table's lines, each starting with `indent`, at most `width` cells wide.
  func lines(width: Int, indent: String) -> [String] {
    var out: [String] = []
    let available = max(1, width - TerminalText.width(indent))
    for text in caption where !text.isEmpty {
      out += TextWrapper.wrap(text, width: width, firstLinePrefix: indent, prefix: indent)
    }
    let columnCount = rows.map(\.count).max() ?? 0
    // Columns empty in every row are spacers for a graphical layout.
    let used = (0..<columnCount).filter { column in
      rows.contains { column < $0.count && !$0[column].isEmpty }
    }
    guard !used.isEmpty else { return out }
    let grid = rows.map { row in used.map { $0 < row.count ? row[$0] : "" } }
    let natural = (0..<used.count).map { column in
      grid.map { TerminalText.width($0[column]) }.max() ?? 0
    }
    guard let widths = Self.columnWidths(natural, available: available) else {
      for row in grid {
        let text = row.filter { !$0.isEmpty }.joined(separator: " | ")
        out += TextWrapper.wrap(text, width: width, firstLinePrefix: indent, prefix: indent)
      }
      return out
    }
    let gap = String(repeating: " ", count: Self.gap)
    for row in grid {
      let cells = row.enumerated().map { column, text in
        TextWrapper.wrap(text, width: widths[column])
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

  /// Column widths that fit `available` cells: natural widths when they fit, else the
  /// narrow columns keep theirs and the wide ones share the rest; nil when hopeless.
  static func columnWidths(_ natural: [Int], available: Int) -> [Int]? {
    let count = natural.count
    let budget = available - gap * (count - 1)
    if natural.reduce(0, +) <= budget { return natural }
    guard budget >= count * narrowestColumn else { return nil }
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
    guard !open.isEmpty else { return widths }
    let share = left / open.count
    var extra = left % open.count
    for column in open {
      widths[column] = share + (extra > 0 ? 1 : 0)
      if extra > 0 { extra -= 1 }
    }
    return widths
  }
}
