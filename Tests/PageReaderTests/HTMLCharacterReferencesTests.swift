import TestFixtures
import Testing

@testable import PageReader
@testable import TextSupport

@Suite struct HTMLCharacterReferencesTests {
  private func attribute(_ text: String) -> String {
    let bytes = Array(text.utf8)
    return CharacterReferences.decode(bytes, in: 0..<bytes.count, inAttribute: true)
  }

  @Test func theGeneratedTableHoldsEveryHTML5Name() {
    #expect(CharacterReferences.named.count == 2231)
    #expect(CharacterReferences.named["amp;"] == "&")
    #expect(CharacterReferences.named["amp"] == "&")
    #expect(CharacterReferences.named["hellip"] == nil)
  }

  @Test func namedReferencesDecode() {
    #expect(CharacterReferences.decode("caf&eacute; &lt;b&gt; &quot;x&quot;") == "café <b> \"x\"")
    #expect(CharacterReferences.decode("&CounterClockwiseContourIntegral;") == "\u{2233}")
    #expect(CharacterReferences.decode("&NotNestedGreaterGreater;") == "\u{2AA2}\u{338}")
    #expect(CharacterReferences.decode("&fjlig; &nbsp;") == "fj \u{A0}")
  }

  @Test func legacyNamesWorkWithoutASemicolonInText() {
    #expect(CharacterReferences.decode("&copy 2024 &amp &ampx") == "© 2024 & &x")
    #expect(CharacterReferences.decode("&notit; &notin;") == "¬it; ∉")
  }

  @Test func otherNamesNeedTheirSemicolon() {
    #expect(CharacterReferences.decode("&hellip &hellip;") == "&hellip …")
    #expect(CharacterReferences.decode("&nosuch; & &; &#; &#x;") == "&nosuch; & &; &#; &#x;")
  }

  @Test func attributesKeepLegacyNamesFollowedByEqualsOrAlphanumerics() {
    #expect(attribute("?a=1&copy=2&ampx=3") == "?a=1&copy=2&ampx=3")
    #expect(attribute("&copy 2024 &amp;x &amp") == "© 2024 &x &")
  }

  @Test func numericReferencesDecode() {
    #expect(CharacterReferences.decode("&#65;&#x42;&#X43&#x5e7f;") == "ABC广")
  }

  @Test func invalidCodePointsBecomeTheReplacementCharacter() {
    #expect(CharacterReferences.decode("&#0;") == "\u{FFFD}")
    #expect(CharacterReferences.decode("&#xD800;&#xDFFF;") == "\u{FFFD}\u{FFFD}")
    #expect(CharacterReferences.decode("&#x110000;&#99999999999999999999;") == "\u{FFFD}\u{FFFD}")
  }

  @Test func c1ReferencesMeanTheirWindows1252Characters() {
    #expect(CharacterReferences.decode("&#128;&#150;&#x99;&#159;") == "€–™Ÿ")
    #expect(CharacterReferences.decode("&#129;") == "\u{81}")
  }
}
