import FetchModel
import Foundation
import TestFixtures
import Testing

@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

@Suite struct PageContentTests {
  private func content(
    _ body: String, type: String = "text/html; charset=utf-8", width: Int = 40,
    view: PageView = .reader
  ) -> PageContent {
    let url = URL(string: "https://a.test/wiki/page")!
    let page = FetchedPage(
      requestedURL: url, finalURL: url, status: 200, reason: "OK",
      headers: ["Content-Type": type], body: Data(body.utf8))
    return PageContent(page, width: width, view: view)
  }

  private static let article =
    "<title>A rather long title for a page about the city of Guangzhou - Site</title>"
    + "<meta name=author content='Li Wei'><nav><a href='/home'>Home</a></nav><article>"
    + String(
      repeating: "<p>Guangzhou, the capital of Guangdong, is a port city, and old, with a long"
        + " history of trade on the Pearl River.</p>", count: 6)
    + "<p>See <a href='/wiki/历史'>历史</a>.</p></article>"

  /// An article of `paragraphs` numbered paragraphs, some 160 bytes each.
  private static func long(paragraphs: Int) -> String {
    "<title>长页</title><article>"
      + (1...paragraphs).map { "<p>第\($0)段：广州市是广东省的省会，位于珠江三角洲北缘，历史悠久，商贸发达。</p>" }
      .joined() + "</article>"
  }

  @Test("A page under the limit keeps its bytes; released, it weighs them only and is read again")
  func aSmallPageKeepsItsBytesToBeReadAgain() throws {
    let html = Self.long(paragraphs: 40)
    #expect(html.utf8.count < PageContent.keptBytesLimit)
    let page = content(html)
    #expect(page.source?.body == Data(html.utf8))
    let released = page.released()
    #expect(!released.isLaidOut)
    #expect(released.document == nil && released.rendered == nil)
    #expect(released.source == page.source)
    let again = released.layout(width: 40, view: .reader)
    #expect(again.isLaidOut)
    #expect(again.rendered == page.rendered)
  }

  @Test("A page of the limit or more lets its bytes go; released, it keeps its document")
  func aLargePageKeepsItsDocumentNotItsBytes() throws {
    let html = Self.long(paragraphs: 9_000)
    #expect(html.utf8.count >= PageContent.keptBytesLimit)
    // The whole page, not the reader's: the article search would only slow the test.
    let page = content(html, view: .fullPage)
    #expect(page.source?.body.count == nil)
    #expect(page.size == html.utf8.count)
    let lines = try #require(page.rendered?.lines)
    #expect(lines.contains { $0.hasPrefix("第9000段") })
    // The page's text is held once: the model's lines are the layout's, buffers and places,
    // and nearly every line is the document's own bytes, not a copy of them.
    #expect(page.model.text.sharesPlaces(with: lines))
    let copied = lines.chunks.dropFirst().reduce(0) { $0 + $1.count }
    #expect(copied < html.utf8.count / 50)
    let released = page.released()
    #expect(!released.isLaidOut)
    #expect(released.rendered == nil && released.model == PageModel.empty)
    let keptDocument = released.document != nil && released.document == page.document
    #expect(keptDocument)
    // Laid out again from the document, at the width it had or another.
    let again = released.layout(width: 40, view: .fullPage)
    let sameLines = again.rendered?.lines == lines
    #expect(sameLines)
    let narrow = released.layout(width: 30, view: .fullPage)
    #expect(narrow.isLaidOut && narrow.width == 30)
    #expect(narrow.rendered?.lines.allSatisfy { TerminalText.width($0) <= 30 } == true)
  }

  @Test func aResizeLaysTheKeptDocumentOutAgain() {
    let wide = content(Self.article, width: 80)
    #expect(wide.document != nil)
    let narrow = wide.relaidOut(width: 30)
    #expect(narrow.rendered == content(Self.article, width: 30).rendered)
    #expect(narrow.rendered?.lines.allSatisfy { TerminalText.width($0) <= 30 } == true)
    #expect(narrow.document == wide.document)
  }

  @Test func theViewIsChosenAndCanBeChangedWithoutFetching() {
    let reader = content(Self.article)
    #expect(reader.rendered?.view == .reader)
    // The response's facts say nothing of the view: the page screen's View line does.
    #expect(!PageText.summary(reader)[0].contains("reader view"))
    #expect(reader.rendered?.lines.contains("Home[1]") == false)
    let full = reader.relaidOut(width: 40, view: .fullPage)
    #expect(full.rendered?.view == .fullPage)
    #expect(full.rendered?.lines.first == "Home[1]")
    #expect(!PageText.summary(full)[0].contains("reader view"))
  }

  @Test func theHeaderIsWrappedToTheWidthWithBylineInTheReaderView() {
    let body = PageText.body(content(Self.article, width: 30))
    #expect(
      Array(body.prefix(4)) == [
        "A rather long title for a page", "about the city of Guangzhou", "Li Wei", "",
      ])
  }

  @Test func theReferenceListShowsEachLinksTextAndWhereItGoes() {
    let page = content(Self.article, width: 60)
    #expect(
      PageText.links(page) == [
        "  [1] 历史 — https://a.test/wiki/历史", "      https://a.test/wiki/%E5%8E%86%E5%8F%B2",
      ])
    let long = content(
      "<p><a href='https://b.test/x'>a link whose text is far too long for one line</a></p>",
      width: 30)
    #expect(
      PageText.links(long) == [
        "  [1] a link whose text is far", "      too long for one line", "      https://b.test/x",
      ])
  }

  @Test func aReferenceLineThatJustFitsStaysOneLine() {
    // "  [1] 广州 — https://c.test/x" is 6 + 4 + 3 + 16 = 29 cells.
    let html = "<p><a href='https://c.test/x'>广州</a></p>"
    #expect(PageText.links(content(html, width: 29)) == ["  [1] 广州 — https://c.test/x"])
    #expect(
      PageText.links(content(html, width: 28)) == ["  [1] 广州", "      https://c.test/x"])
  }

  @Test func plainTextIsShownAsTextAndOtherTypesAreDescribed() {
    let text = content("hello\u{1B}[2J world\nsecond line\n", type: "text/plain; charset=utf-8")
    #expect(PageText.body(text) == ["hello\u{FFFD}[2J world", "second line"])
    let json = content("{\"a\":1}", type: "application/json")
    #expect(json.document == nil)
    #expect(PageText.body(json) == ["(application/json, 7 B: not a page to show as text)"])
  }
}
