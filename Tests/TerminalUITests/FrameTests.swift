import TerminalUI
import TestFixtures
import Testing

@Suite struct FrameTests {
  @Test func aNewFrameIsBlankWithTheCursorHidden() {
    let frame = Frame(rows: 2, columns: 3)
    #expect(frame.text(row: 0) == "   ")
    #expect(frame[1, 2] == .blank)
    #expect(frame.cursor == nil)
  }

  @Test func textIsWrittenOneCellPerCharacterAndReturnsTheNextColumn() {
    var frame = Frame(rows: 2, columns: 10)
    #expect(frame.put("Menu", row: 1, column: 2, style: .highlight) == 6)
    #expect(frame.text(row: 1) == "  Menu    ")
    #expect(frame[1, 2].text == "M" && frame[1, 2].style == .highlight)
    #expect(frame[1, 6] == .blank)
  }

  @Test func textIsClippedAtTheRightEdge() {
    var frame = Frame(rows: 1, columns: 5)
    #expect(frame.put("Beijing", row: 0, column: 1) == 5)
    #expect(frame.text(row: 0) == " Beij")
  }

  @Test func chineseCharactersTakeTwoCells() {
    var frame = Frame(rows: 1, columns: 6)
    #expect(frame.put("广州", row: 0, column: 1) == 5)
    #expect(frame[0, 1].text == "广" && frame[0, 1].width == 2)
    #expect(frame[0, 2].isContinuation)
    #expect(frame[0, 3].text == "州")
    #expect(frame.text(row: 0) == " 广州 ")
  }

  @Test func anEmojiSequenceIsKeptWholeButAHeapOfMarksIsNot() {
    var frame = Frame(rows: 1, columns: 6)
    // A family: four people joined by three zero-width joiners, 25 bytes.
    let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
    frame.put(family, row: 0, column: 0)
    #expect(frame[0, 0].text == family)
    // A letter under 200 combining acute accents: one grapheme of 401 bytes, which the
    // process's table of long graphemes does not keep.
    let heap = "e" + String(repeating: "\u{0301}", count: 200)
    frame.put(heap, row: 0, column: 3)
    #expect(frame[0, 3].text == "\u{FFFD}")
  }

  @Test func aWideCharacterThatDoesNotFitAtTheEdgeBecomesASpace() {
    var frame = Frame(rows: 1, columns: 5)
    #expect(frame.put("ab广州", row: 0, column: 0, style: .highlight) == 5)
    #expect(frame.text(row: 0) == "ab广 ")
    #expect(frame[0, 4] == .space(.highlight))
    #expect(!frame[0, 4].isContinuation)
  }

  @Test func aWideCharacterCutByTheLeftEdgeBecomesASpace() {
    var frame = Frame(rows: 1, columns: 4)
    #expect(frame.put("广州x", row: 0, column: -1) == 4)
    #expect(frame.text(row: 0) == " 州x")
  }

  @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
    var frame = Frame(rows: 1, columns: 4)
    frame.put("广州", row: 0, column: 0)
    frame.put("x", row: 0, column: 1)
    #expect(frame.text(row: 0) == " x州")
    frame.put("y", row: 0, column: 2)
    #expect(frame.text(row: 0) == " xy ")
    frame.put("中", row: 0, column: 0)
    frame.put("文", row: 0, column: 1)
    #expect(frame.text(row: 0) == " 文 ")
    #expect(frame[0, 2].isContinuation)
  }

  @Test func controlCharactersNeverGetIntoTheFrame() {
    var frame = Frame(rows: 1, columns: 12)
    frame.put("a\u{1B}[31mb\u{07}\r\n\u{9B}", row: 0, column: 0)
    #expect(frame.text(row: 0) == "a\u{FFFD}[31mb\u{FFFD}\u{FFFD}\u{FFFD}  ")
    for column in 0..<12 {
      #expect(
        !frame[0, column].text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }
  }

  @Test func invisibleCharactersAndLoneCombiningMarksTakeNoCell() {
    var frame = Frame(rows: 1, columns: 6)
    #expect(frame.put("\u{301}a\u{202E}b\u{200B}e\u{301}", row: 0, column: 0) == 3)
    #expect(frame.text(row: 0) == "abe\u{301}   ")
  }

  @Test func writingOutsideTheRowsDoesNothing() {
    var frame = Frame(rows: 1, columns: 3)
    frame.put("abc", row: 1, column: 0)
    frame.put("abc", row: -1, column: 0)
    #expect(frame == Frame(rows: 1, columns: 3))
    #expect(frame[5, 5] == .blank)
  }

  @Test func fillPaintsSpacesInAStyleAndRespectsWideCharacters() {
    var frame = Frame(rows: 1, columns: 6)
    frame.put("广州市", row: 0, column: 0)
    frame.fill(row: 0, columns: 3..<10, style: .highlight)
    #expect(frame.text(row: 0) == "广    ")
    #expect(frame[0, 2] == .blank)
    #expect(frame[0, 3] == .space(.highlight) && frame[0, 5] == .space(.highlight))
  }

  @Test func clearBlanksEverythingAndHidesTheCursor() {
    var frame = Frame(rows: 2, columns: 2)
    frame.put("ab", row: 0, column: 0)
    frame.cursor = CursorPosition(row: 1, column: 1)
    frame.clear()
    #expect(frame == Frame(rows: 2, columns: 2))
  }

  @Test(
    "a pasted frame lands where it is put, styles and all, and an edge cuts a wide character to a space"
  )
  func pasteCopiesCellsAndClips() {
    var pane = Frame(rows: 2, columns: 4)
    // 文 does not fit the pane's 4 columns: the pane holds │, 中 and a space.
    pane.put("│中文", row: 0, column: 0, style: Style(dim: true))
    pane.put("ab", row: 1, column: 2)
    var frame = Frame(rows: 3, columns: 6)
    frame.put("xyz", row: 1, column: 0)
    frame.paste(pane, row: 1, column: 3)
    #expect(frame.text(row: 0) == "      ")
    // │ in column 3, 中 in 4–5; the pane's last column falls past the right edge.
    #expect(frame.text(row: 1) == "xyz│中")
    #expect(frame[1, 3].style.dim && frame[1, 4].width == 2 && frame[1, 5].isContinuation)
    // The pane's second row: a in column 5, b past the edge.
    #expect(frame.text(row: 2) == "     a")
    var left = Frame(rows: 1, columns: 4)
    left.put("xxxx", row: 0, column: 0)
    left.paste(pane, row: 0, column: -2)
    // │ and the left half of 中 are cut off: its right half, in column 0, is a space, and
    // so is the pane's last cell, in column 1; columns 2 and 3 are left as they were.
    #expect(left.text(row: 0) == "  xx")
    #expect(left[0, 0] == .space(Style(dim: true)) && left[0, 1] == .space(Style(dim: true)))
  }

  @Test("a cell gives back the style it was written in, every colour and attribute")
  func everyStyleIsKeptInACell() {
    let colors: [Color?] = [nil] + Color.allCases
    var frame = Frame(rows: 1, columns: 1)
    for flags in 0..<16 {
      for foreground in colors {
        for background in colors {
          let style = Style(
            bold: flags & 1 != 0, dim: flags & 2 != 0, underline: flags & 4 != 0,
            reverse: flags & 8 != 0, foreground: foreground, background: background)
          frame.put("x", row: 0, column: 0, style: style)
          if frame[0, 0].style != style {
            Issue.record("\(style) came back as \(frame[0, 0].style)")
            return
          }
        }
      }
    }
  }

  @Test("a pasted frame leaves the cells that putting its cells' text there one by one leaves")
  func pasteIsPuttingEachCell() {
    var random = SeededGenerator(seed: 47)
    for round in 0..<400 {
      var pane = Frame(
        rows: Int.random(in: 1...3, using: &random), columns: Int.random(in: 1...7, using: &random))
      FrameDiffTests.scribble(on: &pane, times: 6, using: &random)
      var frame = Frame(rows: 4, columns: 9)
      FrameDiffTests.scribble(on: &frame, times: 8, using: &random)
      let row = Int.random(in: -1...3, using: &random)
      // Mostly inside (the rows copied whole), sometimes across an edge.
      let column =
        round % 4 == 0
        ? Int.random(in: -3...9, using: &random)
        : Int.random(in: 0...(9 - pane.columns), using: &random)
      var expected = frame
      for y in 0..<pane.rows {
        for x in 0..<pane.columns where !pane[y, x].isContinuation {
          expected.put(pane[y, x].text, row: row + y, column: column + x, style: pane[y, x].style)
        }
      }
      frame.paste(pane, row: row, column: column)
      if frame != expected {
        Issue.record(
          "round \(round): at \(row), \(column): \((0..<4).map { frame.text(row: $0) }) is not \((0..<4).map { expected.text(row: $0) })"
        )
        return
      }
    }
  }

  @Test(
    "a grapheme of one, three or more scalars keeps its text in its cell, and the diff writes it whole"
  )
  func graphemesOfManyScalarsAreKept() {
    let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"  // man, woman, girl: 5 scalars
    let boys = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F466}"  // the same with a boy
    let accented = "e\u{301}\u{302}"  // three scalars, one cell
    var frame = Frame(rows: 1, columns: 8)
    frame.put(accented + family + "中", row: 0, column: 0)
    #expect(frame[0, 0].text == accented && frame[0, 0].width == 1)
    #expect(frame[0, 1].text == family && frame[0, 1].width == 2)
    #expect(frame[0, 3].text == "中")
    var other = frame
    other.put(boys, row: 0, column: 1)
    #expect(other[0, 1].text == boys && other[0, 1] != frame[0, 1])
    other.put(family, row: 0, column: 1)
    #expect(other == frame)
    let output = FrameDiff.output(from: nil, to: frame)
    #expect(output.hasSuffix(accented + family + "中"))
  }
}
