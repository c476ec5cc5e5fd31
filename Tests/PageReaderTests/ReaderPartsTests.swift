import Foundation
import Testing

@testable import PageReader

/// The three parts of the reader view stand apart: the HTML reader builds the document and
/// asks the hints what to notice, site plans are entries of a table chosen by the page's
/// markup, and the general reader takes its numbers from its options.
@Suite struct ReaderPartsTests {
  /// A MediaWiki article body: an `[edit]` link beside a heading, a citation, the lead.
  static let wikiPage = """
    <html><head><title>Page - Wiki</title></head><body>
    <div class="mw-parser-output">
    <p>The lead paragraph of the article, long enough to be read as one.<sup class="reference"><a href="#cite_note-1">[1]</a></sup></p>
    <h2>History<span class="mw-editsection">[edit]</span></h2>
    <p>A section of the article that follows its heading.</p>
    </div></body></html>
    """

  private func text(_ document: PageDocument) -> String {
    document.items.compactMap { item -> String? in
      if case .text(let range) = item { return document.text(range) }
      return nil
    }.joined(separator: " ")
  }

  @Test("with no hints the HTML reader keeps MediaWiki's edit link as the text it is")
  func noHintsKeepTheEditLink() {
    let plain = HTMLRenderer.parse(Self.wikiPage, baseURL: nil, hints: .none)
    #expect(text(plain).contains("[edit]"))
    let hinted = HTMLRenderer.parse(Self.wikiPage, baseURL: nil, hints: .standard)
    #expect(!text(hinted).contains("[edit]"))
  }

  @Test("a citation's mark is set as superscript only when the hints say it is a citation")
  func citationsComeFromTheHints() {
    let url = URL(string: "http://wiki.test/wiki/Page")
    let plain = HTMLRenderer.parse(Self.wikiPage, baseURL: url, hints: .none)
    let document = plain
    #expect(text(document).contains("[1]"))
    #expect(document.links.allSatisfy { !$0.isCitation })
    let hinted = HTMLRenderer.parse(Self.wikiPage, baseURL: url, hints: .standard)
    #expect(hinted.links.contains { $0.isCitation })
  }

  @Test("a page with MediaWiki's article body is read by the MediaWiki plan, whatever its address")
  func theWikiPlanIsChosenByMarkup() {
    let document = HTMLRenderer.parse(Self.wikiPage, baseURL: URL(string: "http://example.test/a"))
    #expect(SitePlan.all.first?.name == "MediaWiki")
    #expect(SitePlan.mediaWiki.recognises(document))
    let reading = SitePlan.reading(of: document)
    #expect(reading?.title == "Page")
  }

  @Test("a page from a wiki's address without MediaWiki's markup goes to the general reader")
  func anAddressAloneChoosesNoPlan() {
    let html =
      "<html><body><div><p>Some text of a page that is not a wiki's.</p></div></body></html>"
    let document = HTMLRenderer.parse(
      html, baseURL: URL(string: "https://zh.wikipedia.org/wiki/X"))
    #expect(!SitePlan.mediaWiki.recognises(document))
    #expect(SitePlan.reading(of: document) == nil)
  }

  @Test("the general reader's bar for an article is its options' charThreshold")
  func theReaderReadsItsOptions() {
    // Four paragraphs of some 200 characters that are not spaces: an article at
    // Readability's 500, not at 5000.
    let paragraph = String(repeating: "Words of the story, ", count: 12) + "and its end."
    let html =
      "<html><body><div><h1>Title</h1>"
      + String(repeating: "<p>\(paragraph)</p>", count: 4)
      + "</div><ul><li><a href=/a>Home</a></li></ul></body></html>"
    let document = HTMLRenderer.parse(html, baseURL: URL(string: "http://news.test/story"))
    let standard = ArticleFinder(document: document).find()
    #expect(standard != nil)
    #expect((standard?.length ?? 0) >= ReaderOptions.standard.charThreshold)
    var strict = ReaderOptions.standard
    strict.charThreshold = 5000
    strict.minContentLength = 5000
    strict.rules.remove(.markedArticle)
    #expect(ArticleFinder(document: document, options: strict).find() == nil)
  }
}
