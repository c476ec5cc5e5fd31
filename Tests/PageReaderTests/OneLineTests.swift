import TestFixtures
import Testing
import TextSupport

@testable import PageReader

/// `HTMLReader.oneLine` (link texts, titles, bylines) against the rule it stands for: the
/// sanitised text's words, split at spaces and joined with one space; and
/// `sanitizedKeepingWhitespace` against its rule: each run between tabs and line ends
/// sanitised, the tabs and line ends kept.
struct OneLineTests {
  static func reference(_ text: String) -> String? {
    let words = TerminalText.sanitize(text).split(whereSeparator: { $0 == " " })
    return words.isEmpty ? nil : words.joined(separator: " ")
  }

  /// 3,000 texts of up to 15 pieces each, the same on every run.
  static func texts(of pieces: [String], seed: UInt64) -> [String] {
    var random = SeededGenerator(seed: seed, algorithm: .xorshift64)
    return (0..<3000).map { _ in
      (0..<Int.random(in: 0..<16, using: &random)).map { _ in
        pieces.randomElement(using: &random)!
      }.joined()
    }
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
    for text in Self.texts(of: pieces, seed: 1) {
      #expect(HTMLReader.oneLine(text) == Self.reference(text), "\(text.debugDescription)")
    }
  }

  static func keepingWhitespaceReference(_ text: String) -> String {
    var out = ""
    var piece = ""
    for scalar in text.unicodeScalars {
      if scalar == "\t" || scalar == "\n" || scalar == "\r" {
        out += TerminalText.sanitize(piece)
        out.unicodeScalars.append(scalar)
        piece = ""
      } else {
        piece.unicodeScalars.append(scalar)
      }
    }
    return out + TerminalText.sanitize(piece)
  }

  @Test func whitespaceIsKeptAndTheRestSanitisedAsBefore() {
    let pieces = [
      "a", "广", " ", "\t", "\n", "\r", "\u{1B}", "\u{7F}", "\u{85}", "é", "\u{202E}", "\u{200B}",
      "\u{FEFF}", "😀", "\u{0}",
    ]
    for text in Self.texts(of: pieces, seed: 7) {
      #expect(
        HTMLReader.sanitizedKeepingWhitespace(text) == Self.keepingWhitespaceReference(text),
        "\(text.debugDescription)")
    }
  }
}
