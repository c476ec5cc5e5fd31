import Testing
import TextSupport

@testable import PageReader

/// `HTMLReader.oneLine` (link texts, titles, bylines) against the rule it stands for: the
/// sanitised text's words, split at spaces and joined with one space.
struct OneLineTests {
  static func reference(_ text: String) -> String? {
    let words = TerminalText.sanitize(text).split(whereSeparator: { $0 == " " })
    return words.isEmpty ? nil : words.joined(separator: " ")
  }

  @Test func examples() {
    #expect(HTMLReader.oneLine("  广州\t\n 天河  ") == "广州 天河")
    #expect(HTMLReader.oneLine("Guangzhou") == "Guangzhou")
    #expect(HTMLReader.oneLine(" \t\n ") == nil)
    #expect(HTMLReader.oneLine("") == nil)
    #expect(HTMLReader.oneLine("a\u{1B}[31mb") == "a\u{FFFD}[31mb")  // ESC shown, not obeyed
    #expect(HTMLReader.oneLine("x\u{202E}  y") == "x y")
  }

  @Test func agreesWithSplittingIntoWords() {
    let pieces = [
      "a", "广", " ", "  ", "\t", "\n", "\r\n", "\u{1B}", "é", "e\u{301}", "\u{200B}", "😀",
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<3000 {
      var text = ""
      state = state &* 6_364_136_223_846_793_005 &+ 1
      for _ in 0..<Int(state >> 60) {
        state = state &* 6_364_136_223_846_793_005 &+ 1
        text += pieces[Int(state >> 33) % pieces.count]
      }
      #expect(HTMLReader.oneLine(text) == Self.reference(text), "\(text.debugDescription)")
    }
  }
}
