import Foundation
import Testing

@testable import PageReader
@testable import TextSupport

/// A block whose text runs past `HTMLLayout.longInline` is laid out a piece at a time as
/// its text comes (issue 48, item 5: a page of one long word or one `pre` line held its
/// text several times over): its lines are those of the whole text wrapped at once, links
/// and all; a `pre` line that long is broken where a piece ends, and nothing is lost.
@Suite struct LayoutLongBlockTests {
  /// Words of differing lengths, `bytes` long or a little more.
  private func words(_ bytes: Int, seed: Int) -> String {
    var text = ""
    var index = seed
    while text.utf8.count < bytes {
      text += "w" + String(repeating: "x", count: index % 13) + "\(index) "
      index += 1
    }
    return String(text.dropLast())
  }

  @Test func aLongParagraphIsWrappedAsItsWholeTextIsLinkIncluded() {
    let before = words(700_000, seed: 1)
    let after = words(500_000, seed: 7)
    let html = "<p>\(before) <a href=\"http://example.test/\">链接文字</a> \(after)</p>"
    #expect(html.utf8.count > 4 * HTMLLayout.longInline)
    let page = HTMLRenderer.layout(
      HTMLRenderer.parse(html, baseURL: nil), width: 60, view: .fullPage)
    let expected = TextWrapper.wrap("\(before) 链接文字[1] \(after)", width: 60)
    #expect(page.links.count == 1)
    #expect(Array(page.lines) == expected)
  }

  @Test func oneWordLongerThanAPieceIsCutIntoLinesOfTheWidth() {
    let word = String(repeating: "a", count: 3 * HTMLLayout.longInline + 17)
    let page = HTMLRenderer.layout(
      HTMLRenderer.parse("<p>\(word)</p>", baseURL: nil), width: 80, view: .fullPage)
    let lines = Array(page.lines)
    #expect(lines.count == (word.count + 79) / 80)
    #expect(lines.dropLast().allSatisfy { $0.count == 80 })
    #expect(lines.joined() == word)
  }

  @Test func aPreLineLongerThanAPieceKeepsAllItsText() {
    let line = words(3 * HTMLLayout.longInline, seed: 3)
    let html = "<pre>first line\n\(line)\nlast line</pre>"
    let page = HTMLRenderer.layout(
      HTMLRenderer.parse(html, baseURL: nil), width: 80, view: .fullPage)
    let lines = Array(page.lines)
    #expect(lines.first == "first line")
    #expect(lines.last == "last line")
    let middle = lines.dropFirst().dropLast()
    #expect(middle.count > 1)
    #expect(middle.allSatisfy { $0.utf8.count <= HTMLLayout.longInline })
    // Broken only where a piece ends: the text is all there, in order (the spaces a
    // break fell at are the only ones that may be gone).
    #expect(middle.joined().filter { $0 != " " } == line.filter { $0 != " " })
  }
}
