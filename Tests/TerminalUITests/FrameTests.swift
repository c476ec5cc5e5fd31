import TerminalUI
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
}
