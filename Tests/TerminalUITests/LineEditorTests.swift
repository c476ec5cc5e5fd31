import TerminalUI
import Testing

@Suite struct LineEditorTests {
  func editor(typing keys: [Key], into text: String = "") -> LineEditor {
    var editor = LineEditor(text: text)
    for key in keys { editor.handle(key) }
    return editor
  }

  @Test func typedCharactersAreInsertedAtTheCursor() {
    let editor = self.editor(
      typing: KeyDecoding.characters("广州") + [.left] + KeyDecoding.characters("x"))
    #expect(editor.text == "广x州")
    #expect(editor.cursor == 2)
    #expect(editor.cursorColumn == 3)
  }

  @Test func backspaceDeletesAWholeChineseCharacterOrAccentedLetter() {
    #expect(editor(typing: [.backspace], into: "广州").text == "广")
    #expect(editor(typing: [.backspace], into: "cafe\u{301}").text == "caf")
    #expect(editor(typing: [.backspace, .backspace, .backspace], into: "a").text == "")
  }

  @Test func deleteRemovesTheCharacterAfterTheCursor() {
    #expect(editor(typing: [.home, .delete], into: "深圳").text == "圳")
    #expect(editor(typing: [.delete], into: "深圳").text == "深圳")
  }

  @Test func homeEndAndArrowsMoveWithinTheText() {
    var editor = LineEditor(text: "abc")
    editor.handle(.home)
    #expect(editor.cursor == 0)
    editor.handle(.left)
    #expect(editor.cursor == 0)
    editor.handle(.right)
    editor.handle(.control("e"))
    #expect(editor.cursor == 3)
    editor.handle(.right)
    #expect(editor.cursor == 3)
    editor.handle(.control("a"))
    editor.handle(.control("f"))
    #expect(editor.cursor == 1)
  }

  @Test func controlUClearsTheLine() {
    #expect(editor(typing: [.left, .control("u")], into: "广州 abc") == LineEditor())
  }

  @Test func controlWDeletesTheWordBeforeTheCursor() {
    #expect(editor(typing: [.control("w")], into: "guang zhou  ").text == "guang ")
    #expect(editor(typing: [.control("w"), .control("w")], into: "广东 广州").text == "")
    var editor = LineEditor(text: "one two three")
    for _ in 0..<5 { editor.handle(.left) }
    editor.handle(.control("w"))
    #expect(editor.text == "one three")
    #expect(editor.cursor == 4)
  }

  @Test func controlKDeletesToTheEnd() {
    #expect(editor(typing: [.home, .right, .control("k")], into: "广州市").text == "广")
  }

  @Test func pastesAreInsertedWithoutControls() {
    #expect(editor(typing: [.paste("a\u{1B}b\nc")], into: "x").text == "xab c")
    var editor = LineEditor()
    editor.insert("\u{7}bell\u{9B}")
    #expect(editor.text == "bell")
  }

  @Test func keysThatDoNotEditAreLeftToTheCaller() {
    var editor = LineEditor(text: "a")
    let handled = [Key.enter, .escape, .up, .control("c"), .backspace].map { editor.handle($0) }
    #expect(handled == [false, false, false, false, true])
    #expect(editor.text == "")
  }

  @Test func aLongLineScrollsSoTheCursorStaysVisible() {
    let editor = LineEditor(text: "广州市深圳市")
    let shown = editor.visible(width: 7)
    #expect(shown.text == "圳市" || shown.text == "深圳市")
    #expect(shown.cursorColumn <= 6)
    #expect(shown.cursorColumn == shown.text.count * 2)
    var start = editor
    start.handle(.home)
    let fromStart = start.visible(width: 7)
    #expect(fromStart.text == "广州市" && fromStart.cursorColumn == 0)
    let short = LineEditor(text: "abc").visible(width: 10)
    #expect(short.text == "abc" && short.cursorColumn == 3)
  }
}
