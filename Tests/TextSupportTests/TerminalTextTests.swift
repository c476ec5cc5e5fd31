import Testing

@testable import TextSupport

@Suite struct TerminalTextTests {
  @Test func sanitizeRemovesEscapeSequencesAndControls() {
    #expect(TerminalText.sanitize("a\u{1B}[31mb") == "a\u{FFFD}[31mb")
    #expect(TerminalText.sanitize("x\u{9B}y\u{7F}") == "x\u{FFFD}y\u{FFFD}")
    #expect(TerminalText.sanitize("tab\there\nnext") == "tab here next")
  }

  @Test func sanitizeDropsBidiOverridesAndZeroWidthSpaces() {
    #expect(TerminalText.sanitize("广\u{202E}州\u{2066}\u{200B}市\u{FEFF}") == "广州市")
  }

  @Test func sanitizeCanKeepLineFeeds() {
    #expect(TerminalText.sanitize("a\nb\rc", keepingNewlines: true) == "a\nb c")
  }

  @Test func sanitizeLeavesPlainTextAlone() {
    #expect(TerminalText.sanitize("广州市 Guangzhou ①") == "广州市 Guangzhou ①")
  }

  @Test func widthCountsCJKAsTwoCellsAndCombiningMarksAsNone() {
    #expect(TerminalText.width("广州") == 4)
    #expect(TerminalText.width("abc") == 3)
    #expect(TerminalText.width("ｇｄ") == 4)
    #expect(TerminalText.width("e\u{301}") == 1)
    #expect(TerminalText.width("，。") == 4)
  }

  @Test func truncateCutsAtCellBoundariesWithAnEllipsis() {
    #expect(TerminalText.truncate("广州市天河区", toWidth: 6) == "广州…")
    #expect(TerminalText.truncate("abc", toWidth: 3) == "abc")
    #expect(TerminalText.truncate("abcd", toWidth: 0) == "")
  }

  @Test func padFillsToTheGivenWidth() {
    #expect(TerminalText.pad("广", toWidth: 4) == "广  ")
    #expect(TerminalText.pad("toolong", toWidth: 3) == "toolong")
  }
}
