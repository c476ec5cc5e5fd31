import Foundation
import Testing

@testable import TextSupport

/// The scalar-view trimming against Foundation's `trimmingCharacters(in:)`, scalar by scalar.
struct TrimmingTests {
  static let scalars: [Unicode.Scalar] =
    (0..<0x3100).compactMap(Unicode.Scalar.init)
    + [0xFEFF, 0x1_0000, 0x1_F600, 0xE_0020].compactMap(Unicode.Scalar.init)

  @Test func spacesAndTabsAreFoundationsWhitespaces() {
    for scalar in Self.scalars {
      let text = "\(scalar)\(scalar)a \(scalar)b\(scalar)"
      #expect(
        text.trimmingSpaces == text.trimmingCharacters(in: .whitespaces),
        "U+\(String(scalar.value, radix: 16))")
      #expect(scalar.isSpaceOrTab == CharacterSet.whitespaces.contains(scalar))
    }
  }

  @Test func whiteSpaceIsFoundationsWhitespacesAndNewlines() {
    for scalar in Self.scalars {
      let text = "\(scalar)a\(scalar)\(scalar)"
      #expect(
        text.trimmingWhiteSpace == text.trimmingCharacters(in: .whitespacesAndNewlines),
        "U+\(String(scalar.value, radix: 16))")
      #expect(scalar.isWhiteSpace == CharacterSet.whitespacesAndNewlines.contains(scalar))
    }
  }

  @Test func punctuationIsFoundationsPunctuationCharacters() {
    // Foundation's tables are older than Swift's: U+1B4E, U+1B4F and U+1B7F (Balinese, in
    // Unicode 14) are punctuation to Swift only. Only scalars both know are compared.
    for scalar in Self.scalars where (scalar.properties.age?.major ?? 99) < 14 {
      let text = "\(scalar)a\(scalar)\(scalar)"
      #expect(
        text.trimmed(where: \.isPunctuation) == text.trimmingCharacters(in: .punctuationCharacters),
        "U+\(String(scalar.value, radix: 16))")
      #expect(scalar.isPunctuation == CharacterSet.punctuationCharacters.contains(scalar))
    }
  }

  @Test func substringsAndEdgeCases() {
    let line = "[ \u{3000}广州\t ]"
    #expect(line.dropFirst().dropLast().trimmingSpaces == "广州")
    #expect("  \t ".trimmingSpaces == "")
    #expect("".trimmingWhiteSpace == "")
    #expect("\r\n x \u{2028}".trimmingWhiteSpace == "x")
    #expect("\"utf-8'".trimmed(where: { $0 == "\"" || $0 == "'" }) == "utf-8")
    #expect("e\u{301} ".trimmingSpaces == "e\u{301}")  // a combining mark stays with its letter
    #expect(" \u{301}x".trimmingSpaces == "\u{301}x")  // ... and a lone one is not a space
  }
}
