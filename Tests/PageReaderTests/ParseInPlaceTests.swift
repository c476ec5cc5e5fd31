import Foundation
import TestFixtures
import Testing

@testable import PageReader

/// A UTF-8 page is read from its bytes with its text written over the bytes already read
/// (`HTMLRenderer.parse(utf8:baseURL:)`, commit a7bb801: the page held once, not as its text
/// and the document's copy of it). The document is the one read from a String, whatever
/// the page holds: references whose text is longer than they are, an image's alt text
/// standing in for a link, markup only, or text only.
@Suite struct ParseInPlaceTests {
  private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")
  private static let base = URL(string: "https://zh.wikipedia.org/wiki/x")

  /// The page read both ways: from a String, and in place from its bytes.
  private func bothWays(_ bytes: [UInt8]) -> (fromText: PageDocument, inPlace: PageDocument) {
    let fromText = HTMLRenderer.parse(
      String(decoding: bytes, as: UTF8.self), baseURL: Self.base)
    return (fromText, HTMLRenderer.parse(utf8: bytes, baseURL: Self.base))
  }

  @Test(
    "Each UTF-8 fixture reads to the same document in place as from its text",
    arguments: LayoutWindowTests.pages + [
      "zh-portal-article.html", "zh-related-rail.html", "zh-comment-box.html",
      "zh-paginated.html", "zhwiki-caocao-desktop.html", "zhwiki-zhongguo-mobile-zh-hans.html",
      "zhwiki-zhongguo-mobile-zh-hant.html", "wiki-redirect-chaoyang.html",
    ])
  func fixturesReadTheSameInPlace(name: String) throws {
    let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(name))
    let (fromText, inPlace) = bothWays(Array(data))
    #expect(!fromText.items.isEmpty)
    #expect(inPlace == fromText)
    #expect(
      HTMLRenderer.layout(inPlace, width: 72, view: .reader).lines
        == HTMLRenderer.layout(fromText, width: 72, view: .reader).lines)
  }

  @Test(
    "A GBK or Big5 page read in place from iconv's bytes is the document its decoded text gives",
    arguments: ["zh-gbk-no-charset.html", "zh-big5-no-charset.html"])
  func legacyCharsetsReadTheSameInPlace(name: String) throws {
    let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(name))
    let choice = CharsetDecoder.choose(data, contentType: "text/html")
    #expect(choice.name == (name.contains("gbk") ? "gb18030" : "big5"))
    let bytes = try #require(CharsetDecoder.utf8Bytes(data, as: choice))
    let fromText = HTMLRenderer.parse(
      CharsetDecoder.decode(data, as: choice), baseURL: Self.base)
    #expect(!fromText.items.isEmpty)
    #expect(HTMLRenderer.parse(utf8: bytes, baseURL: Self.base) == fromText)
  }

  /// A large body, valid UTF-8 behind a byte-order mark: 3 MiB and a little, so that it is
  /// copied in several pieces with a part of one left over.
  private static func largeBody() -> Data {
    var body = Data([0xEF, 0xBB, 0xBF])
    let paragraph = Data("<p>广州市是广东省的省会。Guangzhou.</p>\n".utf8)
    while body.count < 3 * CharsetDecoder.releasePiece + 12_345 { body.append(paragraph) }
    return body
  }

  @Test func aTakenBodyIsCopiedWholeAndLeftEmpty() throws {
    let expected = Array(Self.largeBody().dropFirst(3))
    var body = Self.largeBody()
    let choice = CharsetDecoder.choose(body, contentType: nil)
    #expect(choice.source == .byteOrderMark)
    let bytes = try #require(CharsetDecoder.utf8Bytes(taking: &body, as: choice))
    #expect(bytes == expected)
    #expect(body.isEmpty)
  }

  @Test func aBodyHeldElsewhereTooIsCopiedNotGivenBack() throws {
    // The bytes given back read as zeros after: a body someone else still holds (the
    // cache's copy, a page kept) must be left as it was.
    let kept = Self.largeBody()
    var body = kept
    let bytes = try #require(
      CharsetDecoder.utf8Bytes(taking: &body, as: .init(name: "utf-8", source: .byteOrderMark)))
    #expect(bytes.count == kept.count - 3)
    #expect(kept == Self.largeBody())
    #expect(!kept.contains(0))
  }

  @Test func anInvalidTakenBodyIsLeftAsItWas() {
    var body = Self.largeBody()
    body[body.count / 2] = 0xFF
    let before = body
    #expect(
      CharsetDecoder.utf8Bytes(taking: &body, as: .init(name: "utf-8", source: .byteOrderMark))
        == nil)
    #expect(body == before)
  }

  @Test("Bytes that are not valid UTF-8 are not read in place: the String repairs them")
  func invalidUTF8IsLeftToTheString() {
    let body = Data([0x3C, 0x70, 0x3E, 0xE5, 0xB9, 0x3C, 0x2F, 0x70, 0x3E])  // <p>\xE5\xB9</p>
    #expect(
      CharsetDecoder.utf8Bytes(body, as: .init(name: "utf-8", source: .header)) == nil)
    #expect(
      CharsetDecoder.utf8Bytes(Data("<p>好</p>".utf8), as: .init(name: "utf-8", source: .header))
        == Array("<p>好</p>".utf8))
    // Unlabelled bytes that are neither UTF-8 nor GB18030 nor Big5 (0xFF begins nothing in
    // any of them) are read as UTF-8 by default, and repaired, not read in place.
    let stray = Data([0x3C, 0x70, 0x3E, 0xFF, 0xFF, 0x3C, 0x2F, 0x70, 0x3E])
    let choice = CharsetDecoder.choose(stray, contentType: nil)
    #expect(choice.name == "utf-8" && choice.source == .byDefault)
    #expect(CharsetDecoder.utf8Bytes(stray, as: choice) == nil)
  }

  @Test(
    "A plain-text page read in place is the document its text gives",
    arguments: [
      "", "\n\n", "一行\n两行\n", "a\r\nb\r\n\r\nc", "x\r\r\ny\n\u{3000}\n \t\n",
      "控制\u{1B}[2J字符\u{07}\n\u{202E}反\u{200B}向\n\n\n末行", "\u{FEFF}\u{7F}\u{85}\n" + "长" + "\n",
      String(repeating: "广州市是广东省的省会。\n\n", count: 300) + "  \n\u{3000}\n",
    ])
  func plainTextReadsTheSameInPlace(text: String) {
    #expect(PageDocument.plainText(utf8: Array(text.utf8)) == PageDocument.plainText(text))
  }

  @Test("Text longer than the bytes read so far goes to storage of its own, unchanged")
  func textThatOutgrowsTheBytesReadIsCopiedOut() {
    // `&nGt;` is five bytes and its text (U+226B U+20D2) six: right after `<p>`, the
    // paragraph's text cannot fit in the bytes read.
    let html = "<p>" + String(repeating: "&nGt;", count: 40) + "</p><p>其后一段。</p>"
    var bytes = Array(html.utf8)
    let stillOverwriting = bytes.withUnsafeMutableBufferPointer { buffer in
      var reader = HTMLReader(overwriting: buffer, baseURL: nil, hints: .standard)
      _ = reader.read()
      return reader.isOverwriting
    }
    #expect(!stillOverwriting)
    let (fromText, inPlace) = bothWays(Array(html.utf8))
    #expect(inPlace == fromText)
    #expect(
      inPlace.text(inPlace.storage.indices)
        == String(repeating: "\u{226B}\u{20D2}", count: 40) + "其后一段。")
  }

  @Test("A linked image's alt text at the top of the page reads as it does from text")
  func altTextBeforeAnyTextReadsTheSame() {
    let html =
      "<a href=/a><img alt=\"一张很长很长的图片的替代文字\"></a><p>正文&amp;注释</p>"
      + "<p>" + String(repeating: "短句。", count: 10) + "</p>"
    let (fromText, inPlace) = bothWays(Array(html.utf8))
    #expect(inPlace == fromText)
    #expect(
      inPlace.text(inPlace.storage.indices) == "一张很长很长的图片的替代文字正文&注释"
        + String(repeating: "短句。", count: 10))
  }

  @Test("A page that is all text keeps its text where the page was, in the same order")
  func allTextStaysInPlace() {
    let paragraph = String(repeating: "广州市是广东省的省会。", count: 30)
    let html = (1...50).map { "<p>第\($0)段：\(paragraph)</p>\n" }.joined()
    var bytes = Array(html.utf8)
    let (stillOverwriting, written) = bytes.withUnsafeMutableBufferPointer { buffer in
      var reader = HTMLReader(overwriting: buffer, baseURL: nil, hints: .standard)
      _ = reader.read()
      return (reader.isOverwriting, reader.written)
    }
    #expect(stillOverwriting)
    let (fromText, inPlace) = bothWays(Array(html.utf8))
    #expect(inPlace == fromText)
    #expect(written == fromText.storage.count)
    #expect(inPlace.text(inPlace.storage.indices).hasPrefix("第1段：广州市是广东省的省会。"))
  }

  @Test("Pages of mixed markup, references, alt text, scripts and titles read the same")
  func mixedPagesReadTheSame() {
    let pieces = [
      "<p>", "</p>", "<div class=content>", "</div>", "<a href=\"/w\">", "</a>",
      "<img alt=\"替代 &lt;文字&gt;\">", "&nGt;", "&amp;", "&#x1F600;", "&nbsp;", "中文", "text ",
      "<sup class=reference>[1]</sup>", "<script>var a = '<p>';</script>", "<title>题&amp;目</title>",
      "<br>", "<h2>标题</h2>", "<li>项", "<table><tr><td>格</td></tr></table>", "\u{01}",
      "<textarea>x</textarea>", "<!-- 注 -->", "<pre>  代码\n  行</pre>", "&", "<", "\r\n",
    ]
    var generator = SeededGenerator(seed: 38, algorithm: .xorshift64)
    for _ in 0..<200 {
      let count = Int(generator.next() % 60) + 1
      let html = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
        .joined()
      let (fromText, inPlace) = bothWays(Array(html.utf8))
      #expect(inPlace == fromText, "\(html)")
    }
  }
}
