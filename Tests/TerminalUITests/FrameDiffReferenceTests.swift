import TerminalUI
import TestFixtures
import Testing

/// The diff is made as bytes straight from the frames' cells (`FrameDiff.bytes`); these
/// tests hold it to the String-building diff it replaced, kept here as the reference:
/// byte for byte the same output on random frames, sizes and cursors.
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
      if bytes != Array(expected.utf8) {
        Issue.record(
          "round \(round): \(String(decoding: bytes, as: UTF8.self).debugDescription) is not \(expected.debugDescription)"
        )
        return
      }
      #expect(Self.reference(from: nil, to: next) == FrameDiff.output(from: nil, to: next))
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
}
