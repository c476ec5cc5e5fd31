/// The output that turns a screen showing one frame into the next: a pure function.
///
/// Only the cells that changed are written, each run after one cursor move (CUP); SGR is
/// sent only when the style changes, and a changed tail of blank cells is cleared with
/// EL. The output never relies on autowrap, ends in the plain style, and leaves the
/// cursor where `next.cursor` says (shown), or hidden.
public enum FrameDiff {
  /// The escape sequences and text that turn a screen showing `previous` into `next`.
  /// With no previous frame, or one of another size, the screen is cleared and redrawn.
  /// Two equal frames give "".
  public static func output(from previous: Frame?, to next: Frame) -> String {
    let redraw = previous.map { $0.rows != next.rows || $0.columns != next.columns } ?? true
    let shown = redraw ? Frame(rows: next.rows, columns: next.columns) : previous ?? next
    var body = ""
    var style = Style.plain
    // Where the terminal's cursor is: ESC [ H leaves it at the top left; else unknown.
    // Past the last column (the "pending wrap" state) it matches no cell, so the next
    // run always starts with a move and autowrap is never relied on.
    var cursor: CursorPosition? = redraw ? CursorPosition(row: 0, column: 0) : nil
    for row in 0..<next.rows {
      // A row the screen already shows sends nothing: known at once, cell for cell.
      if !redraw && next.sameRow(row, as: shown) { continue }
      // The row's cells from `blankTail` on are plain spaces: EL can clear them.
      var blankTail = next.columns
      while blankTail > 0 && next[row, blankTail - 1] == .blank { blankTail -= 1 }
      var column = 0
      while column < next.columns {
        let cell = next[row, column]
        if column >= blankTail {
          let dirty = (column..<next.columns).first { shown[row, $0] != .blank }
          if let dirty {
            if cursor != CursorPosition(row: row, column: dirty) {
              body += ControlSequence.moveCursor(row: row, column: dirty)
            }
            if style != .plain {
              body += Style.plain.selectGraphicRendition
              style = .plain
            }
            body += ControlSequence.eraseToEndOfLine
            cursor = CursorPosition(row: row, column: dirty)
          }
          break
        }
        // A continuation that changed always follows a changed wide character, which
        // was written with it; one left unmatched is skipped rather than misdrawn.
        if cell == shown[row, column] || cell.isContinuation {
          column += 1
          continue
        }
        if cursor != CursorPosition(row: row, column: column) {
          body += ControlSequence.moveCursor(row: row, column: column)
        }
        if cell.style != style {
          body += cell.style.selectGraphicRendition
          style = cell.style
        }
        cell.appendText(to: &body)
        column += cell.width
        cursor = CursorPosition(row: row, column: column)
      }
    }
    if style != .plain { body += Style.plain.selectGraphicRendition }
    let target = next.cursor.map {
      CursorPosition(
        row: min(max($0.row, 0), max(next.rows - 1, 0)),
        column: min(max($0.column, 0), max(next.columns - 1, 0)))
    }
    var out = ""
    if redraw {
      out =
        ControlSequence.hideCursor + Style.plain.selectGraphicRendition
        + ControlSequence.home + ControlSequence.eraseScreen + body
    } else if !body.isEmpty {
      out = ControlSequence.hideCursor + body
    } else if previous?.cursor == next.cursor {
      return ""
    } else if target == nil {
      return ControlSequence.hideCursor
    }
    if let target {
      out += ControlSequence.moveCursor(row: target.row, column: target.column)
      out += ControlSequence.showCursor
    }
    return out
  }
}
