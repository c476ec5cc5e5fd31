import Foundation
import TestFixtures
import Testing

@testable import PageReader
@testable import TextSupport

@Suite struct HTMLRendererTests {
  private func lines(_ html: String, width: Int = 40) -> [String] {
    Array(HTMLRenderer.render(html, baseURL: nil, width: width).lines)
  }

  @Test func titleAndDescriptionAreOneSanitisedLineEach() {
    let page = HTMLRenderer.render(
      """
      <html><head><title>
        Guangzhou\t&ndash;  City \u{1B}[2J</title>
      <meta name="Description" content="  A &amp; B
       C  "></head><body><p>Text</p></body></html>
      """, baseURL: nil, width: 40)
    #expect(page.title == "Guangzhou – City \u{FFFD}[2J")
    #expect(page.description == "A & B C")
    #expect(page.lines == ["Text"])
  }

  @Test func theHeaderDescriptionIsLeftOutWhereTheTextIsShorterOrOpensWithIt() {
    let short = HTMLRenderer.render(
      "<meta name=description content='A page about testing things'><p>Test", baseURL: nil,
      width: 40)
    #expect(short.description == "A page about testing things")
    #expect(short.headerDescription == nil)
    let lead = HTMLRenderer.render(
      """
      <meta name=description content="The city grew by the river.">
      <p>The city <a href=/r>grew</a> by the river. Then it grew along the railway too.
      """, baseURL: nil, width: 30)
    #expect(lead.lines.count > 1)
    #expect(lead.headerDescription == nil)
    let summary = HTMLRenderer.render(
      """
      <meta name=description content="Where the river meets the sea.">
      <p>The city grew by the river. Then it grew along the railway too.
      """, baseURL: nil, width: 30)
    #expect(summary.headerDescription == "Where the river meets the sea.")
  }

  @Test func theCreditGivesTheDateOnlyWhereTheBylineDoesNot() {
    func credit(_ byline: String?, _ published: String?) -> String? {
      RenderedPage(
        title: nil, description: nil, lines: [], links: [], view: .reader, byline: byline,
        published: published
      ).credit
    }
    #expect(credit("Jane Doe", "2024-04-20") == "Jane Doe · 2024-04-20")
    #expect(
      credit("By JANE DOE March 11, 2015 3:46 PM", "2015-03-11")
        == "By JANE DOE March 11, 2015 3:46 PM")
    #expect(credit(nil, "2015-03-11") == "2015-03-11")
    #expect(credit("", "") == nil)
    #expect(credit("Jane Doe", nil) == "Jane Doe")
  }

  @Test func descriptionFallsBackToOpenGraphAndIsOtherwiseNil() {
    let og = HTMLRenderer.render(
      "<meta property=og:description content=Summary><p>x", baseURL: nil, width: 20)
    #expect(og.description == "Summary")
    #expect(og.title == nil)
    let none = HTMLRenderer.render("<title> </title><p>x", baseURL: nil, width: 20)
    #expect(none.description == nil)
    #expect(none.title == nil)
  }

  @Test func headingsAreMarkedWithHashesAndSetApartByBlankLines() {
    #expect(
      lines("<h1>Title</h1><p>Body text.</p><h2>Second  heading</h2><h3>Third</h3>after") == [
        "# Title", "", "Body text.", "", "## Second heading", "", "### Third", "", "after",
      ])
    #expect(lines("<h2>one two three</h2>", width: 10) == ["## one two", "   three"])
  }

  @Test func paragraphsCollapseWhitespaceAndWrap() {
    #expect(
      lines("<p>  The   quick\n brown\tfox </p><p>jumps over the lazy dog</p>", width: 12) == [
        "The quick", "brown fox", "", "jumps over", "the lazy dog",
      ])
  }

  @Test func nestedListsAreIndentedWithBullets() {
    let html = """
      <p>Fruit:</p><ul><li>Apple<li>Banana<ul><li>green<li>yellow</ul><li>Cherry</ul><p>Done.</p>
      """
    #expect(
      lines(html) == [
        "Fruit:", "", "  * Apple", "  * Banana", "      - green", "      - yellow", "  * Cherry",
        "", "Done.",
      ])
  }

  @Test func orderedListsCountFromStartAndValue() {
    #expect(
      lines("<ol start=\"9\"><li>nine<li>ten<li value=\"20\">twenty<li>next</ol>") == [
        "   9. nine", "  10. ten", "  20. twenty", "  21. next",
      ])
    #expect(
      lines("<ol><li>alpha beta gamma delta</ol>", width: 18) == [
        "   1. alpha beta", "      gamma delta",
      ])
  }

  @Test func listsNestInsideOrderedItems() {
    #expect(
      lines("<ol><li>one<ul><li>a</li></ul></li><li>two</li></ol>") == [
        "   1. one", "        - a", "   2. two",
      ])
  }

  @Test func preIsKeptVerbatimWithTabsExpanded() {
    let html = "<p>x</p><pre>\nline one\n\ta\tb\n  indented   spaces\n</pre><p>y</p>"
    #expect(
      lines(html, width: 10) == [
        "x", "", "line one", "        a       b", "  indented   spaces", "", "y",
      ])
    #expect(lines("<pre>a &lt;b&gt; <b>bold</b>\r\n\r\nend</pre>") == ["a <b> bold", "", "end"])
  }

  @Test func blockquotesAreIndented() {
    #expect(
      lines("<p>Intro</p><blockquote>Quoted words here</blockquote><p>After</p>", width: 14) == [
        "Intro", "", "    Quoted", "    words here", "", "After",
      ])
  }

  @Test func breaksAndRulesStartNewLines() {
    #expect(
      lines("<p>a<br>b<br><br>c</p><hr><p>d</p>", width: 10) == [
        "a", "b", "", "c", "", "----------", "", "d",
      ])
  }

  @Test func tablesAreAlignedInColumns() {
    let html = """
      <table><tr><th>City</th><th>Pop</th></tr><tr><td>广州</td><td>18M</td></tr>
      <tr><td>Shenzhen<td>17M</table>
      """
    #expect(lines(html) == ["City      Pop", "广州      18M", "Shenzhen  17M"])
  }

  // A data table now (its header row says so): a one-row table without headers is
  // a layout table, read as blocks.
  @Test func wideTablesWrapTheirWidestColumn() {
    let html = """
      <table><tr><th>k<th>v<tr><td>short</td><td>a long cell text that must wrap</td></tr></table>
      """
    #expect(
      lines(html, width: 20) == [
        "k      v", "short  a long cell", "       text that", "       must wrap",
      ])
  }

  @Test func columnsAreNeverNarrowerThanTheirLongestWordWhileTheWidthAllows() {
    let html = """
      <table><tr><th>Name<th>Note<tr><td>Internationalisation<td>a b c d e f g h i j k l m n
      </table>
      """
    let result = lines(html, width: 30)
    #expect(result.first == "Name                  Note")
    #expect(result.dropFirst().first?.hasPrefix("Internationalisation  a b c") == true)
    #expect(result.allSatisfy { TerminalText.width($0) <= 30 })
  }

  // Records replace the old `a | b | c` rows: a row of values without their headers
  // could not be read.
  @Test func tablesTooWideForColumnsBecomeHeaderValueRecords() {
    let html = """
      <table><tr><th>Name<th>Population<th>Area<th>Density
      <tr><td>Guangzhou<td>18,676,605<td>7,434 km²<td>2,512/km²
      <tr><td>Shenzhen<td>17,560,000<td>1,997 km²<td>8,793/km²</table>
      """
    #expect(
      lines(html, width: 30) == [
        "Name: Guangzhou", "Population: 18,676,605", "Area: 7,434 km²", "Density: 2,512/km²", "",
        "Name: Shenzhen", "Population: 17,560,000", "Area: 1,997 km²", "Density: 8,793/km²",
      ])
  }

  // The nested one-row table arranges its cell's content, so its cells read as lines
  // inside the outer (data) table's cell rather than run together.
  @Test func nestedTablesAndCaptionsReadAsText() {
    let html = """
      <table><caption>Cities</caption><tr><td>a<table><tr><td>x<td>y</table></td><td>b</table>
      """
    #expect(lines(html) == ["Cities", "a  b", "x", "y"])
  }

  @Test func scriptsStylesTemplatesCommentsAndHeadAreDropped() {
    let html = """
      <html><head><title>T</title><style>p { color: red }</style>
      <script>document.write("<p>no</p>")</script></head>
      <body><noscript>Enable JS</noscript><template><p>tmpl</p></template><!-- a comment -->
      <p>Visible</p><script>x</script><svg><title>icon</title><text>svg</text></svg></body></html>
      """
    let page = HTMLRenderer.render(html, baseURL: nil, width: 40)
    #expect(page.lines == ["Visible"])
    #expect(page.title == "T")
  }

  @Test func hiddenElementsAreDroppedWithAllTheirContent() {
    let html = """
      <p>one</p><div hidden><p>two</p><a href="https://x.org/">link</a></div>
      <p aria-hidden="TRUE">three</p><p aria-hidden="false">four</p><span hidden>five</span> six
      """
    let page = HTMLRenderer.render(html, baseURL: nil, width: 40)
    #expect(page.lines == ["one", "", "four", "", "six"])
    #expect(page.urls.isEmpty)
    #expect(lines("<p>a<br hidden>b</p><hr hidden><p>c", width: 10) == ["ab", "", "c"])
  }

  @Test func inlineDisplayNoneHidesToo() {
    #expect(
      lines(
        "<p>a<span style=\"color: red; DISPLAY : none\">b</span>c<span style=\"display:block\">d</span>"
      )
        == ["acd"])
  }

  @Test func characterReferencesAreDecodedInText() {
    #expect(
      lines("<p>&lt;tag&gt; &amp;amp; &copy 2024 &notit; &notin; &hellip &#128;&#x41;&#0;") == [
        "<tag> &amp; © 2024 ¬it; ∉ &hellip €A\u{FFFD}"
      ])
  }

  @Test func controlCharactersNeverReachTheLines() {
    #expect(
      lines("<p>red\u{1B}[31m text\u{202E}x &#27;&#x81;</p>") == [
        "red\u{FFFD}[31m textx \u{FFFD}\u{FFFD}"
      ])
    #expect(lines("<pre>a\u{1B}b\u{7}</pre>") == ["a\u{FFFD}b\u{FFFD}"])
  }

  @Test func malformedMarkupStillReads() {
    #expect(lines("<p>1 < 2 & 3 > 2</p>") == ["1 < 2 & 3 > 2"])
    #expect(lines("<div><p>one<p>two<ul><li>three") == ["one", "", "two", "", "  * three"])
    #expect(lines("</div></span><p>text</p></p>") == ["text"])
    #expect(lines("<p>before</p><!-- never closed <p>after</p>") == ["before"])
    #expect(lines("<!-->shown<!--->too<!-- a -- b --!>end") == ["showntooend"])
    #expect(lines("<p>text<a href=\"https://a.org") == ["text"])
    #expect(lines("<p>text</p><p class=x") == ["text"])
    #expect(
      lines("<P>Upper<BR>Case</P><b>bold <i>both</b> italic</i>") == [
        "Upper", "Case", "", "bold both italic",
      ])
  }

  @Test func deepNestingNeitherOverflowsNorIndentsPastHalfTheWidth() {
    let divs =
      String(repeating: "<div>", count: 100_000) + "deep"
      + String(repeating: "</div>", count: 100_000)
    #expect(lines(divs) == ["deep"])
    let quotes = String(repeating: "<blockquote>", count: 10_000) + "quoted"
    #expect(lines(quotes, width: 20) == ["          quoted"])
    let spans =
      String(repeating: "<i>", count: 50_000) + "x" + String(repeating: "</b>", count: 50_000)
    #expect(lines(spans) == ["x"])
  }

  @Test func aSourceLineBreakBetweenChineseCharactersIsNoSpace() {
    #expect(
      lines("<p>广州是\n  广东省的省会。\nGuangzhou\nis 中文 中文</p>", width: 60) == [
        "广州是广东省的省会。 Guangzhou is 中文 中文"
      ])
    // Data tables (a caption, header cells): a nested data table's cells run together
    // in the outer cell, and the line feed between two of them is still a space.
    #expect(
      lines("<table><caption>c</caption><tr><td>中<table><tr><th>文</th>\n<th>字</table></table>")
        == ["c", "中 文 字"])
  }

  @Test func definitionListsIndentTheirDefinitions() {
    #expect(
      lines("<p>x</p><dl><dt>Term<dd>Meaning of it<dt>Other<dd>More</dl><p>y") == [
        "x", "", "Term", "    Meaning of it", "Other", "    More", "", "y",
      ])
  }
}

@Suite struct HTMLNullCharacterTests {
  @Test func nullCharactersInTextAreIgnoredAsHTMLsTreeBuilderIgnoresThem() {
    let page = HTMLRenderer.render(
      "<p>a\u{0}b</p><p>\u{0}\u{0}\u{0}</p><p>c &#0; d</p>", baseURL: nil, width: 40)
    #expect(page.lines.contains("ab"))
    #expect(!page.lines.joined().contains("\u{FFFD}\u{FFFD}"))
    // A character reference to zero is not a NUL in the text: it stands for U+FFFD.
    #expect(page.lines.contains("c \u{FFFD} d"))
  }
}
