/// What the whole screen should show: rows × columns of cells, and where the cursor is.
///
/// Text is written with `put(_:row:column:style:)`, which clips at the right edge and
/// never leaves half a wide character: a wide character that does not fit, and the other
/// half of a wide character partly overwritten, become spaces. Rows and columns are
/// 0-based. A frame is a plain value; `FrameDiff` turns two of them into output.
public struct Frame: Hashable, Sendable {
  /// The number of rows.
  public let rows: Int
  /// The number of columns.
  public let columns: Int
  /// Where the cursor is left visible after drawing, or nil to hide it.
  public var cursor: CursorPosition?
  private var cells: [Cell]

  /// A blank frame (negative sizes count as 0).
  public init(rows: Int, columns: Int) {
    self.rows = max(0, rows)
    self.columns = max(0, columns)
    cells = Array(repeating: .blank, count: self.rows * self.columns)
  }

  /// The cell at `row`, `column`; a blank cell outside the frame.
  public subscript(row: Int, column: Int) -> Cell {
    guard contains(row: row, column: column) else { return .blank }
    return cells[row * columns + column]
  }

  /// True when `row`, `column` is inside the frame.
  public func contains(row: Int, column: Int) -> Bool {
    (0..<rows).contains(row) && (0..<columns).contains(column)
  }

  /// Writes `text` into `row` from `column` on, one grapheme per cell (two for wide
  /// ones), and returns the column after the last cell written (at most `columns`).
  /// Text outside the frame is clipped; a wide character cut by an edge becomes a space.
  /// Lone combining marks and invisible characters are dropped, and a grapheme with a
  /// control character in it is shown as U+FFFD (text should be sanitised before).
  @discardableResult
  public mutating func put(_ text: String, row: Int, column: Int, style: Style = .plain) -> Int {
    guard (0..<rows).contains(row) else { return min(max(column, 0), columns) }
    var column = column
    for character in text {
      guard column < columns else { break }
      let (grapheme, width) = Cell.measure(character)
      if width == 0 { continue }
      if column + width <= 0 {
        column += width
        continue
      }
      if column < 0 || column + width > columns {
        // Cut by the left or right edge: the visible part becomes blank.
        for cut in max(column, 0)..<min(column + width, columns) {
          place(.space(style), row: row, column: cut)
        }
      } else {
        place(Cell(text: grapheme, style: style, width: width), row: row, column: column)
        if width == 2 { place(.continuation(style), row: row, column: column + 1) }
      }
      column += width
    }
    return min(max(column, 0), columns)
  }

  /// Makes the cells of `row` in `range` spaces drawn in `style` (for a highlight bar
  /// across the row, or to clear part of it).
  public mutating func fill(row: Int, columns range: Range<Int>, style: Style = .plain) {
    guard (0..<rows).contains(row) else { return }
    for column in range.clamped(to: 0..<columns) {
      place(.space(style), row: row, column: column)
    }
  }

  /// Writes every cell of `other` into this frame with its top left at `row`, `column`,
  /// as `put` would have written them there: what falls outside is clipped, and a wide
  /// character cut by an edge becomes a space. For a part drawn once and shown again.
  public mutating func paste(_ other: Frame, row: Int, column: Int) {
    if column >= 0 && column + other.columns <= columns && other.columns > 0 {
      pasteInside(other, row: row, column: column)
      return
    }
    for y in 0..<other.rows where (0..<rows).contains(row + y) {
      var x = 0
      while x < other.columns {
        let cell = other.cells[y * other.columns + x]
        let at = column + x
        let width = max(cell.width, 1)
        if cell.isContinuation || at + width <= 0 || at >= columns {
          // A continuation is written with its wide character (or blanked with it).
          x += 1
          continue
        }
        if at < 0 || at + width > columns {
          for cut in max(at, 0)..<min(at + width, columns) {
            place(.space(cell.style), row: row + y, column: cut)
          }
        } else {
          place(cell, row: row + y, column: at)
          if cell.width == 2 { place(.continuation(cell.style), row: row + y, column: at + 1) }
        }
        x += width
      }
    }
  }

  /// `paste` of a frame whose columns all fall inside this one: nothing is cut, so each
  /// row's cells are copied whole, as `place` would have left them one by one. Only the
  /// wide characters this frame has across the two edges lose their other half.
  private mutating func pasteInside(_ other: Frame, row: Int, column: Int) {
    let width = other.columns
    let end = column + width
    cells.withUnsafeMutableBufferPointer { mine in
      other.cells.withUnsafeBufferPointer { theirs in
        for y in 0..<other.rows where (0..<rows).contains(row + y) {
          let start = (row + y) * columns + column
          if column > 0 && mine[start].isContinuation {
            mine[start - 1] = .space(mine[start - 1].style)
          }
          let last = mine[start + width - 1]
          if last.width == 2 && end < columns { mine[start + width] = .space(last.style) }
          guard let to = mine.baseAddress, let from = theirs.baseAddress else { return }
          (to + start).update(from: from + y * width, count: width)
        }
      }
    }
  }

  /// Calls `body` with the frame's cells, row after row (for the diff).
  func withCells<Result>(_ body: (UnsafeBufferPointer<Cell>) -> Result) -> Result {
    cells.withUnsafeBufferPointer(body)
  }

  /// Makes every cell blank and hides the cursor.
  public mutating func clear() {
    cells = Array(repeating: .blank, count: rows * columns)
    cursor = nil
  }

  /// The text of `row`, wide characters once, trailing spaces kept (for tests and logs).
  public func text(row: Int) -> String {
    guard (0..<rows).contains(row) else { return "" }
    return cells[row * columns..<(row + 1) * columns].map(\.text).joined()
  }

  /// True when `row` holds the same cells in `other`, a frame of the same size: the diff
  /// skips such a row whole, without copying a cell out of either frame.
  func sameRow(_ row: Int, as other: Frame) -> Bool {
    guard rows == other.rows, columns == other.columns, (0..<rows).contains(row) else {
      return false
    }
    let start = row * columns
    return cells.withUnsafeBufferPointer { mine in
      other.cells.withUnsafeBufferPointer { theirs in
        for index in start..<start + columns where mine[index] != theirs[index] {
          return false
        }
        return true
      }
    }
  }

  /// Sets one cell, first blanking the other half of any wide character it cuts.
  private mutating func place(_ cell: Cell, row: Int, column: Int) {
    let index = row * columns + column
    let old = cells[index]
    if old.width == 0 && column > 0 {
      cells[index - 1] = .space(cells[index - 1].style)
    } else if old.width == 2 && column + 1 < columns {
      cells[index + 1] = .space(old.style)
    }
    cells[index] = cell
  }
}
