import TerminalUI
import TestFixtures
import Testing

/// The diff is made as bytes straight from the frames' cells (`FrameDiff.bytes`), and moves
/// along a row with CUF or by writing the few cells between again; these tests hold it to
/// the String-building diff it replaced, kept here as the reference: on random frames,
/// sizes and cursors it shows the same screen, in as many bytes or fewer.
@Suite struct FrameDiffReferenceTests {
  /// The diff as it was made before, through the public API: cell by cell with the
  /// frame's subscript, appending to a String.
  static func reference(from previous: Frame?, to next: Frame) -> String {
    let redraw = previous.map { $0.rows != next.rows || $0.columns != next.columns } ?? true
    let shown = redraw ? Frame(rows: next.rows, columns: next.columns) : previous ?? next
    var body = ""
    var style = Style.plain
    var cursor: CursorPosition? = redraw ? CursorPosition(row: 0, column: 0) : nil
    for row in 0..<next.rows {
      if !redraw && (0..<next.columns).allSatisfy({ next[row, $0] == shown[row, $0] }) {
        continue
      }
      var blankTail = next.columns
      while blankTail > 0 && next[row, blankTail - 1] == .blank { blankTail -= 1 }
      var column = 0
      while column < next.columns {
        let cell = next[row, column]
        if column >= blankTail {
          if let dirty = (column..<next.columns).first(where: { shown[row, $0] != .blank }) {
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
        body += cell.text
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

  @Test(arguments: [(1, 1), (2, 3), (5, 20), (8, 13), (40, 160)])
  func theBytesAreTheReferenceDiffsOnRandomFrames(rows: Int, columns: Int) {
    var random = SeededGenerator(seed: UInt64(rows * 7919 + columns))
    for round in 0..<120 {
      var previous = Frame(rows: rows, columns: columns)
      FrameDiffTests.scribble(on: &previous, times: rows * 2, using: &random)
      var next = previous
      switch round % 5 {
      case 0: next = Frame(rows: rows, columns: columns)
      case 1: next = Frame(rows: rows + 1, columns: columns)
      default: break
      }
      if round % 7 != 3 {
        FrameDiffTests.scribble(
          on: &next, times: Int.random(in: 1...rows * 2, using: &random), using: &random)
      } else if Bool.random(using: &random) {
        // Only the cursor moves (or nothing at all).
        next.cursor = CursorPosition(row: 0, column: columns - 1)
      }
      let bytes = FrameDiff.bytes(from: previous, to: next)
      let expected = Self.reference(from: previous, to: next)
      var terminal = TestTerminal(rows: next.rows, columns: next.columns)
      if previous.rows == next.rows && previous.columns == next.columns {
        terminal.apply(FrameDiff.output(from: nil, to: previous))
      }
      terminal.apply(String(decoding: bytes, as: UTF8.self))
      if let problem = terminal.difference(from: next) {
        Issue.record("round \(round): \(problem)")
        return
      }
      if bytes.count > expected.utf8.count {
        Issue.record(
          "round \(round): \(bytes.count) bytes, more than the reference's \(expected.utf8.count)")
        return
      }
      if bytes.isEmpty != expected.isEmpty {
        Issue.record(
          "round \(round): \(bytes.count) bytes where the reference has \(expected.utf8.count)")
        return
      }
    }
  }

  @Test("cursor moves past column 9 and row 9 are written with all their digits")
  func cursorMovesOfManyDigits() {
    var before = Frame(rows: 120, columns: 300)
    var after = before
    after.put("x", row: 99, column: 0)
    after.put("y", row: 109, column: 254)
    before.cursor = nil
    after.cursor = CursorPosition(row: 10, column: 9)
    #expect(
      FrameDiff.output(from: before, to: after)
        == "\u{1B}[?25l\u{1B}[100Hx\u{1B}[110;255Hy\u{1B}[11;10H\u{1B}[?25h")
  }

  @Test(
    "further along a row the cursor moves with CUF, or over a cell or two by writing them again")
  func movesAlongARow() {
    var before = Frame(rows: 2, columns: 20)
    before.put("abcdefghij", row: 1, column: 0)
    var far = before
    far.put("X", row: 1, column: 2)
    far.put("Y", row: 1, column: 8)
    // From column 3 to 8: five cells, `ESC [ 5 C` (four bytes) rather than "defgh".
    #expect(FrameDiff.output(from: before, to: far) == "\u{1B}[?25l\u{1B}[2;3HX\u{1B}[5CY")
    var near = before
    near.put("X", row: 1, column: 2)
    near.put("Y", row: 1, column: 4)
    // One cell between: "d" again (one byte) rather than `ESC [ C` (three).
    #expect(FrameDiff.output(from: before, to: near) == "\u{1B}[?25l\u{1B}[2;3HXdY")
    var styled = before
    styled.put("d", row: 1, column: 3, style: Style(bold: true))
    styled.put("X", row: 1, column: 2)
    styled.put("Y", row: 1, column: 4)
    // The style changes twice on the way: written as a run, as ever.
    #expect(
      FrameDiff.output(from: before, to: styled)
        == "\u{1B}[?25l\u{1B}[2;3HX\u{1B}[0;1md\u{1B}[0mY")
    var wide = Frame(rows: 1, columns: 20)
    wide.put("北京市朝阳区", row: 0, column: 0)
    var changed = wide
    changed.put("南", row: 0, column: 2)
    changed.put("东", row: 0, column: 6)
    // 市 (three bytes, two cells) between: CUF 2 (four bytes) would be longer.
    #expect(FrameDiff.output(from: wide, to: changed) == "\u{1B}[?25l\u{1B}[1;3H南市东")
  }

  @Test("a space between two runs of a colour is written in the colour; one in reverse is not")
  func spacesTakeTheColourSet() {
    let cyan = Style(foreground: .cyan)
    var dots = Frame(rows: 1, columns: 8)
    dots.put("⣿", row: 0, column: 0, style: cyan)
    dots.put("⣿", row: 0, column: 2, style: cyan)
    dots.put("⣿", row: 0, column: 4, style: cyan)
    dots.put(" ", row: 0, column: 3, style: Style(bold: true))
    // The plain space (unchanged) and the bold one (changed) between the dots show no ink:
    // written as they are, without an SGR on either side.
    #expect(
      FrameDiff.output(from: Frame(rows: 1, columns: 8), to: dots)
        == "\u{1B}[?25l\u{1B}[1H\u{1B}[0;36m⣿ ⣿ ⣿\u{1B}[0m")
    var bar = dots
    bar.put(" ", row: 0, column: 1, style: .highlight)
    // A reverse space shows: its style is set, and the colour again after it.
    #expect(
      FrameDiff.output(from: Frame(rows: 1, columns: 8), to: bar)
        == "\u{1B}[?25l\u{1B}[1H\u{1B}[0;36m⣿\u{1B}[0;7m \u{1B}[0;36m⣿ ⣿\u{1B}[0m")
    var terminal = TestTerminal(rows: 1, columns: 8)
    terminal.apply(FrameDiff.output(from: nil, to: bar))
    #expect(terminal.difference(from: bar) == nil)
  }
}
