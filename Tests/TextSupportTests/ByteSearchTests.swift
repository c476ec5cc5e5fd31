import Foundation
import Testing

@testable import TextSupport

/// `ByteSearch` answers as Foundation's `contains` does for the text it is used on: lines
/// checked for fixed phrases, and a page's bytes checked for a marker.
@Suite struct ByteSearchTests {
  @Test(arguments: [
    ("share this article", "this", true), ("share this article", "article", true),
    ("share this article", "share this article", true), ("share this article", "articles", false),
    ("aab", "ab", true), ("aaa", "aab", false), ("", "a", false), ("abc", "", true),
    ("朝阳区可以指：", "可以指", true), ("消歧義", "消歧义", false), ("photo: ap", "photo:", true),
  ])
  func findsWhatFoundationFinds(text: String, pattern: String, expected: Bool) {
    #expect(text.containsBytes(pattern) == expected)
    #expect(ByteSearch.contains(Array(text.utf8), pattern) == expected)
    let skipping = Array(text.utf8).withUnsafeBufferPointer { text in
      Array(pattern.utf8).withUnsafeBufferPointer { ByteSearch.containsSkipping(text, $0) }
    }
    #expect(skipping == expected)
    // The same answer as Foundation's on these (no combining marks in play).
    if !pattern.isEmpty { #expect(text.contains(pattern) == expected) }
  }

  @Test func aSubstringIsSearchedWithinItsBoundsOnly() {
    let line = "caption credit: getty images"
    let tail = line.suffix(12)
    #expect(tail.containsBytes("getty"))
    #expect(!tail.containsBytes("credit"))
  }

  @Test func aMatchAtTheVeryEndOfALongTextIsFound() {
    var bytes = [UInt8](repeating: 0x61, count: 1_000_000)
    bytes += Array("dmbox".utf8)
    #expect(ByteSearch.contains(bytes, "dmbox"))
    #expect(!ByteSearch.contains(Array(bytes.dropLast()), "dmbox"))
  }

  @Test("The skipping search finds a pattern at the start, the end and among its own bytes")
  func skippingFindsEveryPlace() {
    func skipping(_ text: String, _ pattern: String) -> Bool {
      Array(text.utf8).withUnsafeBufferPointer { text in
        Array(pattern.utf8).withUnsafeBufferPointer { ByteSearch.containsSkipping(text, $0) }
      }
    }
    let page = String(repeating: "安定门街道消歧", count: 20_000)
    #expect(skipping("消歧义" + page, "消歧义"))
    #expect(skipping(page + "消歧义", "消歧义"))
    #expect(!skipping(page, "消歧义"))
    #expect(skipping("abababac", "ababac"))
    #expect(!skipping("abababab", "ababac"))
    #expect(skipping("xdmbox", "dmbox"))
    #expect(!skipping("dmbo", "dmbox"))
  }
}
