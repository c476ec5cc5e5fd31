import Foundation
import TestFixtures
import Testing

@testable import PageReader
@testable import TextSupport

@Suite struct PageDocumentTests {
  private let base = URL(string: "https://zh.wikipedia.org/wiki/广州")

  private func lines(_ html: String, width: Int = 40) -> [String] {
    Array(HTMLRenderer.render(html, baseURL: base, width: width).lines)
  }

  @Test func oneDocumentLaysOutAtAnyWidthWithoutParsingAgain() {
    let document = HTMLRenderer.parse(
      "<h1>广州</h1><p>广州是广东省的省会，也是华南地区的经济中心。 Guangzhou is the capital.</p>",
      baseURL: base)
    let narrow = HTMLRenderer.layout(document, width: 12, view: .fullPage)
    let wide = HTMLRenderer.layout(document, width: 80, view: .fullPage)
    #expect(narrow.lines.allSatisfy { TerminalText.width($0) <= 12 })
    #expect(narrow.lines.count > wide.lines.count)
    #expect(wide.lines == ["# 广州", "", "广州是广东省的省会，也是华南地区的经济中心。 Guangzhou is the capital."])
    #expect(document.metadata.title == nil)
  }

  @Test func theDocumentKeepsLinksWithTheirTextAndWhetherTheyStayInThePage() {
    let document = HTMLRenderer.parse(
      """
      <p><a href="/wiki/历史">历史</a> <a href="#cite-1">[1]</a>
      <a href="https://zh.wikipedia.org/wiki/广州#地理">地理 <b>section</b></a>
      <a href="javascript:void(0)">none</a></p>
      """, baseURL: base)
    #expect(document.links.map(\.text) == ["历史", "[1]", "地理 section"])
    #expect(document.links.map(\.isInPage) == [false, true, true])
    #expect(document.links.map(\.fragment) == [nil, "cite-1", "地理"])
    #expect(document.links[0].url == "https://zh.wikipedia.org/wiki/%E5%8E%86%E5%8F%B2")
    #expect(document.links[0].readableURL == "https://zh.wikipedia.org/wiki/历史")
  }

  @Test func imagesKeepTheirAltTextInTheDocumentButNotInTheText() {
    let html = "<p>Before <img src=m.png alt=' A  map of Guangzhou '> after.</p>"
    let document = HTMLRenderer.parse(html, baseURL: base)
    #expect(document.items.contains(.image(alt: "A map of Guangzhou")))
    #expect(HTMLRenderer.layout(document, width: 40, view: .fullPage).lines == ["Before after."])
  }

  @Test func readableURLsDecodeOnlyWhatIsSafeToShow() {
    func readable(_ url: String) -> String { PageLink(url: url, text: "").readableURL }
    #expect(readable("https://a.test/%E5%B9%BF%E5%B7%9E?q=a%20b") == "https://a.test/广州?q=a%20b")
    // A bidi override, a C1 control, a broken sequence and an encoded slash stay encoded.
    #expect(
      readable("https://a.test/%E2%80%AEx%C2%85%E5%B9/%2F")
        == "https://a.test/%E2%80%AEx%C2%85%E5%B9/%2F")
  }

  @Test func linkPlacementsGiveTheLineAndCellsOfTextAndMark() {
    let page = HTMLRenderer.render(
      "<p>省会是<a href=\"/wiki/广州\">广州市区</a>。 See <a href=\"/x\">the map</a> too.</p>",
      baseURL: base, width: 12)
    #expect(page.lines == ["省会是广州市", "区[1]。 See", "the map[2]", "too."])
    #expect(page.placements.count == 2)
    let first = page.placements[0]
    #expect(first.number == 1)
    #expect(
      first.text == [
        LineSpan(line: 0, columns: 6..<12), LineSpan(line: 1, columns: 0..<2),
      ])
    #expect(first.mark == LineSpan(line: 1, columns: 2..<5))
    #expect(page.placements[1].text == [LineSpan(line: 2, columns: 0..<7)])
    #expect(page.placements[1].mark == LineSpan(line: 2, columns: 7..<10))
  }

  @Test func linksInTablesArePlacedInTheirColumn() {
    let page = HTMLRenderer.render(
      "<table><tr><th>市<th>省<tr><td>广州<td><a href=\"/gd\">广东</a></table>", baseURL: base,
      width: 40)
    #expect(page.lines == ["市    省", "广州  广东[1]"])
    #expect(page.placements.first?.text == [LineSpan(line: 1, columns: 6..<10)])
    #expect(page.placements.first?.mark == LineSpan(line: 1, columns: 10..<13))
  }

  @Test func aHeadingsPermalinkToItselfIsNoLink() {
    let page = HTMLRenderer.render(
      """
      <h2 id="usage"><a class="header" href="#usage">Usage</a></h2><p>See <a href="#usage">usage</a>.
      <section id="s1"><h3>Setup<a class="headerlink" href="#s1">¶</a></h3></section>
      """, baseURL: base, width: 40)
    #expect(page.lines == ["## Usage", "", "See usage[1].", "", "### Setup¶"])
    #expect(page.links.map(\.fragment) == ["usage"])
    // rustdoc's ids hold escapes, and so do its permalinks.
    let escaped = HTMLRenderer.render(
      "<section id=\"impl-Vec%3CT%3E\"><a href=\"#impl-Vec%3CT%3E\">§</a>impl Vec</section>",
      baseURL: base, width: 40)
    #expect(escaped.lines == ["§impl Vec"])
  }

  @Test func anchorsLandOnTheLineOfTheirElement() {
    let page = HTMLRenderer.render(
      """
      <p id="top">First paragraph.</p><h2 id="geo">Geography</h2><p>Text with an
      <a name="inline">inline</a> anchor that wraps onto more lines.</p>
      """, baseURL: base, width: 20)
    #expect(page.lines[page.anchors["top"] ?? -1] == "First paragraph.")
    #expect(page.lines[page.anchors["geo"] ?? -1] == "## Geography")
    #expect(page.lines[page.anchors["inline"] ?? -1].contains("inline"))
    let jumps = HTMLRenderer.render(
      "<p><a href=\"#地理\">go</a> <a href=\"#a%25b\">odd</a></p><h2 id=\"地理\">地理</h2><p id=\"a%25b\">x",
      baseURL: base, width: 40)
    #expect(jumps.links.map { jumps.anchorLine(for: $0) } == [2, 4])
  }

  @Test func orderedListsFollowTypeStartReversedAndValue() {
    #expect(lines("<ol type=a start=3><li>c<li>d</ol>") == ["   c. c", "   d. d"])
    #expect(
      lines("<ol type=I><li>one<li>two<li>three<li>four</ol>") == [
        "    I. one", "   II. two", "  III. three", "   IV. four",
      ])
    #expect(
      lines("<ol reversed><li>three<li>two<li value=10>ten<li>nine</ol>") == [
        "   4. three", "   3. two", "  10. ten", "   9. nine",
      ])
    #expect(lines("<ol type=i reversed start=2><li>ii<li>i</ol>") == ["  ii. ii", "   i. i"])
  }

  @Test func formulasShowTheirTeXWhereTheMarkupHidesThem() {
    // Wikipedia: MathML hidden by style, then a fallback image that is aria-hidden.
    let wikipedia = """
      <p>The area is <span class="mwe-math-element"><span style="display: none;"><math
      alttext="{\\displaystyle \\pi r^{2}}"><mi>π</mi></math></span><img
      class="mwe-math-fallback-image-inline" aria-hidden="true" src="x.svg"
      alt="{\\displaystyle \\pi r^{2}}"></span>, then more.</p>
      """
    #expect(lines(wikipedia, width: 60) == ["The area is \\pi r^{2}, then more."])
    let annotated = """
      <p>Denoted by <math><semantics><msup><mi>x</mi><mn>2</mn></msup>
      <annotation encoding="application/x-tex">x^2</annotation></semantics></math>, then…</p>
      """
    #expect(lines(annotated) == ["Denoted by x^2, then…"])
    #expect(lines("<p>So <math alttext=\"a+b\"><mi>a</mi></math>.</p>") == ["So a+b."])
    // Other hidden content stays hidden.
    #expect(
      lines("<p>a<span aria-hidden=true>junk</span><img aria-hidden=true alt=icon>b") == ["ab"])
  }

  @Test func citationMarksBecomeSuperscriptAndAreTheirOwnLinkWithoutANumber() {
    let page = HTMLRenderer.render(
      """
      <p>Canton<sup class="reference"><a href="#cite_note-3">[3]</a></sup> is old.</p>
      """, baseURL: base, width: 40)
    #expect(page.lines == ["Canton⁽³⁾ is old."])
    #expect(page.placements.first?.mark == nil)
    #expect(page.placements.first?.text.first?.columns == 6..<9)
    #expect(page.links.first?.text == "⁽³⁾")
    #expect(page.links.first?.isInPage == true)
  }

  @Test func mediaWikiEditLinksAreNotPartOfHeadings() {
    let html = """
      <h2><span class="mw-headline" id="历史">历史</span><span class="mw-editsection">\
      <span class="mw-editsection-bracket">[</span><a href="/w/index.php?action=edit">编辑</a>\
      <span class="mw-editsection-bracket">]</span></span></h2><p>广州建城于公元前214年。</p>
      """
    let page = HTMLRenderer.render(html, baseURL: base, width: 40)
    #expect(page.lines == ["## 历史", "", "广州建城于公元前214年。"])
    #expect(page.links.isEmpty)
    #expect(page.anchors["历史"] == 0)
  }

  @Test func textFieldsShowAPlaceholderNotTheirContent() {
    #expect(
      lines("<p>Comment: <textarea>line one\nline two\n<p>not markup</textarea> ok</p>") == [
        "Comment: [text field] ok"
      ])
  }

  @Test func aRefreshPageSaysWhereItPoints() {
    let page = HTMLRenderer.render(
      "<meta http-equiv=Refresh content=\"0; URL='/wiki/广州市'\"><p>Redirecting…</p>",
      baseURL: base, width: 80)
    #expect(page.lines.first == "This page sends you on to https://zh.wikipedia.org/wiki/广州市[1]")
    #expect(page.urls == ["https://zh.wikipedia.org/wiki/%E5%B9%BF%E5%B7%9E%E5%B8%82"])
    #expect(page.lines.last == "Redirecting…")
  }

  @Test func anImageAltRepeatingTheHeadlineBesideItIsDropped() {
    let html = """
      <a href="/story"><img src="p.jpg" alt="Floods close the metro"></a>
      <h2><a href="/story">Floods close the metro</a></h2><p>Body.</p>
      <a href="/b"><img src="IMG_3886.jpg" alt="IMG_3886.jpg"></a><p>After.</p>
      """
    #expect(lines(html) == ["## Floods close the metro[1]", "", "Body.", "", "[2]", "", "After."])
  }

  @Test func plainTextIsWrappedAndSanitised() {
    let document = PageDocument.plainText("first line that is long\n\n\u{1B}[31mred\tx\n")
    let page = HTMLRenderer.layout(document, width: 12, view: .reader)
    #expect(page.lines == ["first line", "that is long", "", "\u{FFFD}[31mred x"])
    #expect(page.view == .fullPage)
  }
}
