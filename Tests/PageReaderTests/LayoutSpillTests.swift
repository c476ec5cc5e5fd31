import Foundation
import Testing

@testable import PageReader

/// A page written once (`browse --fetch`) is laid out handing its lines over as it goes
/// (`HTMLRenderer.layout(_:width:view:spill:)`): what it hands over, then the lines it
/// returns, are the lines of the ordinary layout, in both views, whatever the page holds
/// (tables, lists, headings beside an image's alt text, blank lines at the cut).
@Suite struct LayoutSpillTests {
  private func document(_ name: String) throws -> PageDocument {
    try FixtureDocuments.document(name)
  }

  @Test(
    "Lines handed over as the layout goes, then the rest, are the page's lines",
    arguments: LayoutWindowTests.pages + ["zh-portal-article.html", "zh-related-rail.html"],
    [PageView.reader, .fullPage])
  func spilledLinesAreThePagesLines(name: String, view: PageView) throws {
    let document = try document(name)
    let whole = HTMLRenderer.layout(document, width: 72, view: view)
    var handed: [String] = []
    var heads: [String?] = []
    let rest = HTMLRenderer.layout(
      document, width: 72, view: view, options: .standard,
      spill: { page, lines in
        handed += lines
        heads.append(page.title)
      }, spillEvery: 8)
    // A page of more than twice the hand-over size is handed over in part at least.
    if whole.lines.count > 16 { #expect(!handed.isEmpty && !heads.isEmpty) }
    #expect(handed + rest.lines == whole.lines)
    #expect(heads.allSatisfy { $0 == whole.title })
    #expect(rest.links == whole.links)
  }

  @Test("A page shorter than the hand-over size is returned whole, nothing handed over")
  func aShortPageIsNotHandedOver() {
    let document = HTMLRenderer.parse("<p>一段。</p><p>两段。</p>", baseURL: nil)
    var calls = 0
    let page = HTMLRenderer.layout(document, width: 40, view: .fullPage) { _, _ in calls += 1 }
    #expect(calls == 0)
    #expect(page.lines == ["一段。", "", "两段。"])
  }
}
