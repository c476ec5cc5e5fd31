import TextSupport

/// Numbered menu items laid out in as many columns as fit, filled top to bottom
/// as `ls` does, and cut into pages that fit the terminal's height.
public struct MenuLayout: Sendable, Hashable {
  public var columnCount: Int
  public var rowsPerPage: Int
  public var cellWidth: Int
  public var numberWidth: Int

  public var perPage: Int { columnCount * rowsPerPage }

  static let gap = 2

  /// `labels` are the items' sanitised names; `availableRows` what is left of the
  /// screen once the title, hints and prompt are drawn.
  public init(labels: [String], viewport: Viewport, availableRows: Int) {
    numberWidth = String(max(labels.count, 1)).count
    let widest = labels.lazy.map(TerminalText.width).max() ?? 0
    let natural = numberWidth + 1 + widest
    cellWidth = max(1, min(natural, viewport.columns))
    columnCount = max(1, (viewport.columns + Self.gap) / (cellWidth + Self.gap))
    rowsPerPage = max(1, availableRows)
  }

  public func pageCount(itemCount: Int) -> Int {
    max(1, (itemCount + perPage - 1) / perPage)
  }

  /// The lines of one page: each cell is the item's number and name, cut to fit.
  public func lines(labels: [String], page: Int, style: TextStyle) -> [String] {
    let start = min(max(0, page), pageCount(itemCount: labels.count) - 1) * perPage
    let end = min(labels.count, start + perPage)
    guard start < end else { return [] }
    let count = end - start
    let rows = min(rowsPerPage, (count + columnCount - 1) / columnCount)
    var lines: [String] = []
    for row in 0..<rows {
      var line = ""
      var column = 0
      while true {
        let index = start + column * rows + row
        guard column < columnCount, index < end else { break }
        let number = String(index + 1)
        let numberText = String(repeating: " ", count: max(0, numberWidth - number.count)) + number
        let room = cellWidth - TerminalText.width(numberText) - 1
        var cell: String
        if room > 0 {
          cell =
            style.number(numberText) + " " + TerminalText.truncate(labels[index], toWidth: room)
        } else {
          cell = style.number(TerminalText.truncate(numberText, toWidth: cellWidth))
        }
        let isLast = column == columnCount - 1 || start + (column + 1) * rows + row >= end
        if !isLast {
          let used =
            TerminalText.width(numberText) + 1
            + TerminalText.width(
              TerminalText.truncate(labels[index], toWidth: max(0, room)))
          cell += String(repeating: " ", count: max(0, cellWidth - used) + Self.gap)
        }
        line += cell
        column += 1
      }
      lines.append(line)
    }
    return lines
  }
}
