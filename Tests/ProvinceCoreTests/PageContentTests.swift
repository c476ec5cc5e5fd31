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
      body.prefix(4) == [
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
