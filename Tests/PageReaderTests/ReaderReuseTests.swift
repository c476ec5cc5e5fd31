import Foundation
import Testing

@testable import PageReader

/// A page laid out again (another width, the other view) reuses the article its reader
/// found instead of looking again, and comes out as a fresh layout would.
@Suite struct ReaderReuseTests {
  private func document(_ name: String) throws -> PageDocument {
    try FixtureDocuments.document(name, baseURL: URL(string: "https://news.test/a/1"))
  }

  @Test(arguments: ["daringfireball-1.html", "table-style-attributes.html"])
  func aNewWidthOrViewLaysOutTheSameArticleWithoutLookingAgain(_ name: String) throws {
    let document = try document(name)
    let first = HTMLRenderer.layout(document, width: 80, view: .reader)
    let found = try #require(first.reader)
    let narrow = HTMLRenderer.layout(document, width: 40, view: .reader, reusing: first)
    #expect(narrow == HTMLRenderer.layout(document, width: 40, view: .reader))
    #expect(narrow.reader == found)
    // The whole page keeps what the reader found, for the way back to the reader view.
    let whole = HTMLRenderer.layout(document, width: 40, view: .fullPage, reusing: narrow)
    #expect(whole.reader == found)
    let back = HTMLRenderer.layout(document, width: 60, view: .reader, reusing: whole)
    #expect(back == HTMLRenderer.layout(document, width: 60, view: .reader))
  }

  /// A MediaWiki article is laid out by its own plan (lead, facts, sections), with no
  /// article search to keep: laid out again, it comes out as a fresh layout would.
  @Test func aMediaWikiArticleLaidOutAgainIsAFreshLayout() throws {
    let document = try document("wikipedia-guangzhou.html")
    let first = HTMLRenderer.layout(document, width: 80, view: .reader)
    #expect(first.reader == nil)
    #expect(first.lines.first?.hasPrefix("广州市，简称穗") == true)
    let narrow = HTMLRenderer.layout(document, width: 40, view: .reader, reusing: first)
    #expect(narrow == HTMLRenderer.layout(document, width: 40, view: .reader))
  }

  @Test func aWholePageLaidOutFirstLetsTheReaderLookLater() throws {
    let document = try document("daringfireball-1.html")
    let whole = HTMLRenderer.layout(document, width: 60, view: .fullPage)
    #expect(whole.reader == nil)
    let reader = HTMLRenderer.layout(document, width: 60, view: .reader, reusing: whole)
    #expect(reader == HTMLRenderer.layout(document, width: 60, view: .reader))
  }
}
