/// The output that turns a screen showing one frame into the next: a pure function.
///
/// Only the cells that changed are written, each run after one cursor move (CUP, or CUF
/// further along the row, or the few unchanged cells between written again where that is
/// shorter: a wide frame's diff is then smaller than a pseudo-terminal's 2 kB write chunk
/// more often, and arrives in one read); SGR is sent only when the style changes, and not
/// for a space whose look the change would not alter, and a changed tail of blank cells is cleared with
/// EL. The output never relies on autowrap, ends in the plain style, and leaves the
/// cursor where `next.cursor` says (shown), or hidden.
public enum FrameDiff {
  /// The escape sequences and text that turn a screen showing `previous` into `next`.
  /// With no previous frame, or one of another size, the screen is cleared and redrawn.
  /// Two equal frames give "".
  public static func output(from previous: Frame?, to next: Frame) -> String {
    String(decoding: bytes(from: previous, to: next), as: UTF8.self)
  }

  /// `output(from:to:)` as the UTF-8 bytes written to the terminal: made as bytes, cell by
  /// cell from the frames' storage, so that a key's frame costs no String appends (at
  /// 160×40 a move changes every row of the preview pane: thousands of cells compared).
  public static func bytes(from previous: Frame?, to next: Frame) -> [UInt8] {
    let redraw = previous.map { $0.rows != next.rows || $0.columns != next.columns } ?? true
    let shown = redraw ? Frame(rows: next.rows, columns: next.columns) : previous ?? next
    var out: [UInt8] = []
    out.reserveCapacity(redraw ? next.rows * next.columns * 2 + 64 : 2048)
    if redraw {
      append(ControlSequence.hideCursor, to: &out)
      append(Style.plain.selectGraphicRendition, to: &out)
      append(ControlSequence.home, to: &out)
      append(ControlSequence.eraseScreen, to: &out)
    } else {
      // Taken back below when no cell changed.
      append(ControlSequence.hideCursor, to: &out)
    }
    let prefix = out.count
    let plain = Style.plain.bits
    var styleBits = plain
    let rows = next.rows
    let columns = next.columns
    next.withCells { cells in
      shown.withCells { old in
        // Where the terminal's cursor is: ESC [ H leaves it at the top left; else unknown.
        // Past the last column (the "pending wrap" state) it matches no cell, so the next
        // run always starts with a move and autowrap is never relied on.
        var cursorRow = redraw ? 0 : -1
        var cursorColumn = 0
        let blank = Cell.blank
        for row in 0..<rows {
          let start = row * columns
          // A row the screen already shows sends nothing: known at once, cell for cell.
          if !redraw && next.sameRow(row, as: shown) { continue }
          // The row's cells from `blankTail` on are plain spaces: EL can clear them.
          var blankTail = columns
          while blankTail > 0 && cells[start + blankTail - 1] == blank { blankTail -= 1 }
          var column = 0
          while column < columns {
            let cell = cells[start + column]
            if column >= blankTail {
              var dirty = column
              while dirty < columns && old[start + dirty] == blank { dirty += 1 }
              if dirty < columns {
                if cursorRow != row || cursorColumn != dirty {
                  appendMove(row: row, column: dirty, to: &out)
                }
                if styleBits != plain {
                  append(Style.plain.selectGraphicRendition, to: &out)
                  styleBits = plain
                }
                append(ControlSequence.eraseToEndOfLine, to: &out)
                cursorRow = row
                cursorColumn = dirty
              }
              break
            }
            // A continuation that changed always follows a changed wide character, which
            // was written with it; one left unmatched is skipped rather than misdrawn.
            if cell.isContinuation || cell == old[start + column] {
              column += 1
              continue
            }
            if cursorRow == row && cursorColumn < column {
              // Further along the same row: the cells in between written again where that
              // is shorter than a move (a space or two in the style set), else CUF.
              if !rewrite(cells, start + cursorColumn..<start + column, styleBits, to: &out) {
                appendForward(column - cursorColumn, to: &out)
              }
            } else if cursorRow != row || cursorColumn != column {
              appendMove(row: row, column: column, to: &out)
            }
            if cell.styleBits != styleBits && !looksAlike(cell, in: styleBits) {
              append(cell.style.selectGraphicRendition, to: &out)
              styleBits = cell.styleBits
            }
            cell.appendUTF8(to: &out)
            column += cell.width
            cursorRow = row
            cursorColumn = column
          }
        }
      }
    }
    if styleBits != plain { append(Style.plain.selectGraphicRendition, to: &out) }
    let target = next.cursor.map {
      CursorPosition(
        row: min(max($0.row, 0), max(next.rows - 1, 0)),
        column: min(max($0.column, 0), max(next.columns - 1, 0)))
    }
    if !redraw && out.count == prefix {
      // No cell changed: only the cursor may have.
      if previous?.cursor == next.cursor { return [] }
      if target == nil { return out }
      out.removeAll(keepingCapacity: true)
    }
    if let target {
      appendMove(row: target.row, column: target.column, to: &out)
      append(ControlSequence.showCursor, to: &out)
    }
    return out
  }

  private static func append(_ text: String, to out: inout [UInt8]) {
    out.append(contentsOf: text.utf8)
  }

  /// `ControlSequence.moveCursor(row:column:)`, its digits written as bytes.
  private static func appendMove(row: Int, column: Int, to out: inout [UInt8]) {
    out.append(0x1B)
    out.append(UInt8(ascii: "["))
    appendDecimal(row + 1, to: &out)
    if column != 0 {
      out.append(UInt8(ascii: ";"))
      appendDecimal(column + 1, to: &out)
    }
    out.append(UInt8(ascii: "H"))
  }

  /// The style bits a space shows: underline, reverse and the background (bold, dim and
  /// the foreground colour put no ink on it).
  static let showsOnSpace: UInt16 = 4 | 8 | 0x1F << 9

  /// True when `cell` is a space that looks the same written in `styleBits` as in its own
  /// style: a plain space between two runs of a map's colour is written in the colour,
  /// rather than with two SGRs around it (a fifth of a map pane's diff).
  static func looksAlike(_ cell: Cell, in styleBits: UInt16) -> Bool {
    cell.isSpace && (cell.styleBits | styleBits) & showsOnSpace == 0
  }

  /// CUF: the cursor `count` columns to the right, on its row (never from the
  /// pending-wrap position: the diff moves right only to a cell of the row).
  private static func appendForward(_ count: Int, to out: inout [UInt8]) {
    out.append(0x1B)
    out.append(UInt8(ascii: "["))
    if count != 1 { appendDecimal(count, to: &out) }
    out.append(UInt8(ascii: "C"))
  }

  /// Writes `cells[range]`, unchanged cells the cursor would otherwise jump over, when
  /// they are all whole cells in `styleBits` and take no more bytes than CUF would;
  /// false (nothing written) otherwise.
  private static func rewrite(
    _ cells: UnsafeBufferPointer<Cell>, _ range: Range<Int>, _ styleBits: UInt16,
    to out: inout [UInt8]
  ) -> Bool {
    let count = range.count
    let jump = count == 1 ? 3 : count < 10 ? 4 : count < 100 ? 5 : 6
    var bytes = 0
    var index = range.lowerBound
    while index < range.upperBound {
      let cell = cells[index]
      guard !cell.isContinuation, cell.styleBits == styleBits || looksAlike(cell, in: styleBits)
      else { return false }
      bytes += cell.utf8Count
      guard bytes <= jump else { return false }
      index += cell.width
    }
    guard index == range.upperBound else { return false }
    for index in range where !cells[index].isContinuation { cells[index].appendUTF8(to: &out) }
    return true
  }

  private static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
    guard value >= 10 else {
      out.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: max(value, 0)))
      return
    }
    appendDecimal(value / 10, to: &out)
    out.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10))
  }
}
