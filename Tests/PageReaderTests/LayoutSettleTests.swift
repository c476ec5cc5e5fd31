import Foundation
import Testing

@testable import PageReader
@testable import TextSupport

/// A whole layout settles its finished lines as it goes (`HTMLLayout.settleIfDue`): their
/// marks are taken out a batch at a time and they are held compactly, as references into
/// the document's text where they repeat it. None of that may change what the page is:
/// its lines, where its links and anchors land, where a window may start again.
@Suite struct LayoutSettleTests {
  @Test(
    "Settling every few lines lays a page out as settling once at the end does",
    arguments: LayoutWindowTests.pages + [
      "zh-portal-article.html", "zh-related-rail.html", "zhwiki-caocao-desktop.html",
    ],
    [PageView.reader, .fullPage])
  func settlingOftenChangesNothing(name: String, view: PageView) throws {
    let document = try FixtureDocuments.document(name)
    let once = HTMLRenderer.layout(
      document, width: 60, view: view, options: .standard, settleEvery: .max)
    let often = HTMLRenderer.layout(
      document, width: 60, view: view, options: .standard, settleEvery: 3)
    // The lines as the plain path (`--fetch`'s, which copies every line) makes them.
    var handed: [String] = []
    let rest = HTMLRenderer.layout(
      document, width: 60, view: view, options: .standard,
      spill: { _, lines in handed += lines }, spillEvery: 3)
    #expect(once.lines.count > 8)
    #expect(Array(often.lines) == handed + Array(rest.lines))
    #expect(often.lines == once.lines)
    #expect(often.placements == once.placements)
    #expect(often.anchors == once.anchors)
    #expect(often.restarts == once.restarts)
    #expect(often.links == once.links)
  }

  @Test func aPageOfParagraphsIsHeldMostlyAsReferencesToItsText() {
    // Paragraphs of Chinese and of English, as a news page or an article has them.
    var html = "<title>测试</title>"
    for index in 0..<400 {
      let chinese = String(repeating: "广州是广东省的省会，华南的中心城市。", count: 3 + index % 5)
      html +=
        "<p>\(chinese)</p>\n<p>Guangzhou is the capital of Guangdong, paragraph \(index).</p>\n"
    }
    let document = HTMLRenderer.parse(html, baseURL: nil)
    let page = HTMLRenderer.layout(document, width: 40, view: .fullPage)
    let text = page.lines.indices.reduce(0) { $0 + page.lines.utf8Count(line: $1) }
    // The document's text is the first buffer; any other holds copied lines.
    let copied = page.lines.chunks.dropFirst().reduce(0) { $0 + $1.count }
    #expect(page.lines.count > 2_000)
    #expect(text > 100_000)
    #expect(copied < text / 50)
  }

  @Test func aLineThatDiffersFromTheTextIsCopiedAndReadsAsLaidOut() {
    // Whitespace collapsed, a list marker, a link's [n]: not the document's bytes.
    let document = HTMLRenderer.parse(
      """
      <p>one
         two    three</p>
      <ul><li>列表的一项</li></ul>
      <p>见<a href="https://example.test/">广州</a>。</p>
      """, baseURL: nil)
    let page = HTMLRenderer.layout(document, width: 40, view: .fullPage)
    #expect(page.lines == ["one two three", "", "  * 列表的一项", "", "见广州[1]。"])
    #expect(page.lines.chunks.count > 1)
  }
}

extension LayoutSettleTests {
  @Test(
    "A heading that takes back an image's alt text keeps its blank line above, wherever the lines were settled",
    arguments: 1...6)
  func aHeadingAfterATakenBackBlockKeepsItsBlankLine(settleEvery: Int) {
    // The picture's alt text repeats the headline, so the heading takes its lines back;
    // with those lines the last not yet settled, the blank line above the heading was
    // lost (the settled lines above it were taken for none).
    let html = """
      <div>Intro line</div>
      <div><a href="/story"><img alt="The headline of the story, long enough to wrap"></a></div>
      <h2>The headline of the story, long enough to wrap</h2>
      <p>Body text.</p>
      """
    let document = HTMLRenderer.parse(html, baseURL: URL(string: "https://a.test/"))
    let once = HTMLRenderer.layout(
      document, width: 20, view: .fullPage, options: .standard, settleEvery: .max)
    let often = HTMLRenderer.layout(
      document, width: 20, view: .fullPage, options: .standard, settleEvery: settleEvery)
    #expect(Array(once.lines.prefix(3)) == ["Intro line", "", "## The headline of"])
    #expect(often.lines == once.lines)
  }

  @Test func anIdGivenTwiceLandsOnItsFirstElement() {
    // Forty ids, each given to two paragraphs far apart: `#dup-n` is the first, as in a
    // browser, however the layout happened to hold them.
    var html = ""
    for round in 0..<2 {
      for number in 0..<40 { html += "<p id=\"dup-\(number)\">round \(round) number \(number)</p>" }
    }
    let document = HTMLRenderer.parse(html, baseURL: nil)
    for settleEvery in [3, Int.max] {
      let page = HTMLRenderer.layout(
        document, width: 40, view: .fullPage, options: .standard, settleEvery: settleEvery)
      for number in 0..<40 {
        let line = page.anchors["dup-\(number)"]
        #expect(line.map { page.lines[$0] } == "round 0 number \(number)")
      }
    }
  }
}

extension LayoutSettleTests {
  @Test func preBlocksAfterAHeadingAreSettledAsTheyCome() {
    // The heading is the last block of text, but a `pre` after it cannot be taken back:
    // its lines must not wait for the end of the page (as they did, all 601 of them).
    let html = "<h1>Title</h1>" + (1...200).map { "<pre>code \($0)\nmore</pre>" }.joined()
    let document = HTMLRenderer.parse(html, baseURL: nil)
    var handed = 0
    let rest = HTMLRenderer.layout(
      document, width: 40, view: .fullPage, options: .standard,
      spill: { _, lines in handed += lines.count }, spillEvery: 16)
    #expect(handed > 500)
    #expect(handed + rest.lines.count > 600)
    let once = HTMLRenderer.layout(
      document, width: 40, view: .fullPage, options: .standard, settleEvery: .max)
    let often = HTMLRenderer.layout(
      document, width: 40, view: .fullPage, options: .standard, settleEvery: 16)
    #expect(often.lines == once.lines)
  }

  @Test func theWikiReadersLinesAreFoundInThePagesOwnText() throws {
    // The reader's plan is a copy of the page with its facts added: a line held as a
    // reference to the copy would keep a second page alive.
    let document = try FixtureDocuments.document("zhwiki-caocao-desktop.html")
    let page = HTMLRenderer.layout(document, width: 60, view: .reader)
    #expect(page.view == .reader && page.lines.count > 100)
    let source = try #require(page.lines.chunks.first)
    let same = source.withUnsafeBufferPointer { theirs in
      document.storage.withUnsafeBufferPointer { $0.baseAddress == theirs.baseAddress }
    }
    #expect(same)
  }

  @Test func theLastLinesOfASpilledPageKeepTheirLinks() {
    // `--fetch` returns its last batch with where its links are, counted from it.
    let html = (1...20).map { "<p>Para \($0) <a href=\"/l\($0)\">link \($0)</a></p>" }.joined()
    let document = HTMLRenderer.parse(html, baseURL: URL(string: "https://a.test/"))
    let rest = HTMLRenderer.layout(
      document, width: 40, view: .fullPage, options: .standard, spill: { _, _ in },
      spillEvery: 8)
    #expect(rest.lines.last == "Para 20 link 20[20]")
    #expect(rest.placements.contains { $0.number == 20 && $0.mark?.line == rest.lines.count - 1 })
  }
}
