import Foundation
import TestFixtures
import Testing

@testable import PageReader
@testable import TextSupport

@Suite struct ReaderViewTests {
  private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  private func fixture(_ name: String) throws -> String {
    let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(name))
    return String(decoding: data, as: UTF8.self)
  }

  private func reader(_ html: String, width: Int = 80) -> RenderedPage {
    HTMLRenderer.layout(
      HTMLRenderer.parse(html, baseURL: URL(string: "https://news.test/a/1")), width: width,
      view: .reader)
  }

  /// The words of an HTML text (tags dropped, references for quotes decoded), lower case.
  private func words(_ text: String) -> [String] {
    let noTags = text.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
    let decoded = CharacterReferences.decode(noTags)
    return decoded.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
  }

  /// The share of `expected`'s words (with repeats) found in `shown`.
  private func recall(of expected: [String], in shown: [String]) -> Double {
    var counts: [String: Int] = [:]
    for word in shown { counts[word, default: 0] += 1 }
    var found = 0
    for word in expected where counts[word, default: 0] > 0 {
      counts[word, default: 0] -= 1
      found += 1
    }
    return Double(found) / Double(max(1, expected.count))
  }

  private static let newsPage = """
    <html lang="en"><head><title>Rain floods the delta - Daily Test</title>
    <meta property="og:title" content="Rain floods the delta">
    <meta name="author" content="Li Wei">
    <meta property="article:published_time" content="2024-06-02T08:30:00Z"></head>
    <body>
    <header class="site-header"><a href="/">Daily Test</a>
    <nav><ul><li><a href="/world">World</a><li><a href="/sport">Sport</a></ul></nav></header>
    <div class="breadcrumbs"><a href="/">Home</a> › <a href="/china">China</a></div>
    <main><article class="post">
    <h1>Rain floods the delta</h1>
    <div class="share-bar"><a href="https://share.test/x">Share on X</a></div>
    <p>Heavy rain fell across the Pearl River delta on Sunday, flooding streets in Guangzhou,
    Foshan and Dongguan, and the city's metro closed six stations for the afternoon.</p>
    <p>Forecasters said the storm, the third this month, would move north overnight, and warned
    of landslides in the hills of Qingyuan and Shaoguan, where the ground is already wet.</p>
    <h2>What comes next</h2>
    <p>Schools in the worst-hit districts will stay closed on Monday, the education bureau said,
    while buses run on shortened routes until the water drains from the underpasses.</p>
    <ul><li>Metro line 3 runs between Tiyu Xilu and Panyu Square only.</li>
    <li>Ferries across the river are suspended until Tuesday.</li></ul>
    </article>
    <aside class="sidebar"><h3>Most read</h3><ul><li><a href="/1">Stock markets rally</a>
    <li><a href="/2">New bridge opens</a></ul></aside>
    <section class="comments"><h3>Comments</h3><p>Reader One: stay safe, everyone, and keep off
    the roads in the evening, as the police asked.</p></section>
    </main>
    <footer><p>© Daily Test. <a href="/about">About us</a> · <a href="/jobs">Jobs</a></p></footer>
    </body></html>
    """

  @Test func theReaderViewShowsTheArticleWithoutTheSiteAroundIt() {
    let page = reader(Self.newsPage)
    #expect(page.view == .reader)
    let text = page.lines.joined(separator: "\n")
    for kept in ["Heavy rain fell", "third this month", "## What comes next", "Ferries across"] {
      #expect(text.contains(kept), "missing \(kept)")
    }
    for dropped in ["Sport", "Home", "Share on X", "Most read", "Reader One", "About us"] {
      #expect(!text.contains(dropped), "kept \(dropped)")
    }
    // The headline is the header's title; the article's own h1 repeating it is dropped.
    #expect(page.title == "Rain floods the delta")
    #expect(!text.contains("# Rain floods"))
    #expect(page.lines.first?.hasPrefix("Heavy rain") == true)
    #expect(page.byline == "Li Wei")
    #expect(page.published == "2024-06-02")
  }

  @Test func theFullPageViewKeepsEverythingInSourceOrder() {
    let page = HTMLRenderer.render(Self.newsPage, baseURL: nil, width: 80)
    #expect(page.view == .fullPage)
    let text = page.lines.joined(separator: "\n")
    let order = ["Daily Test", "Sport", "Heavy rain", "Most read", "Reader One", "About us"]
    let positions = order.compactMap { text.range(of: $0)?.lowerBound }
    #expect(positions.count == order.count)
    #expect(positions == positions.sorted())
    #expect(page.title == "Rain floods the delta - Daily Test")
  }

  @Test func aPageWithoutAnArticleIsShownWhole() {
    let html = """
      <title>Links</title><ul><li><a href="https://a.test/">A</a><li><a href="https://b.test/">B</a>
      </ul><p>Short note.</p>
      """
    let page = reader(html)
    #expect(page.view == .fullPage)
    #expect(page.lines == ["  * A[1]", "  * B[2]", "", "Short note."])
  }

  @Test func bylinesComeFromJSONLDOrFromTheMarkup() {
    let paragraphs = String(
      repeating: "<p>This paragraph has words enough, and commas too, to read as an article.</p>",
      count: 12)
    let jsonLD = reader(
      """
      <script type="application/ld+json">{"@context":"https://schema.org","@graph":[
      {"@type":"WebSite","name":"Site"},{"@type":"NewsArticle","headline":"The headline",
      "author":[{"@type":"Person","name":"Ann"},{"@type":"Person","name":"Bo"}],
      "datePublished":"2023-01-05"}]}</script><article>\(paragraphs)</article>
      """)
    #expect(jsonLD.title == "The headline")
    #expect(jsonLD.byline == "Ann, Bo")
    #expect(jsonLD.published == "2023-01-05")
    // Character references inside JSON-LD strings, as sites escape them, are read as text,
    // and the article's h1 that repeats the headline is then known for a repeat.
    let escaped = reader(
      """
      <script type="application/ld+json">{"@type":"NewsArticle",
      "headline":"Club pays &#163;71m &amp; signs keeper","author":{"name":"O&#39;Neil"}}
      </script><article><h1>Club pays £71m &amp; signs keeper</h1>\(paragraphs)</article>
      """)
    #expect(escaped.title == "Club pays £71m & signs keeper")
    #expect(escaped.byline == "O'Neil")
    #expect(!escaped.lines.contains { $0.contains("Club pays") })
    let markup = reader(
      """
      <article><div class="byline">By <span itemprop="name">Chen Jing</span>, staff</div>
      <time datetime="2022-03-04">March 4</time>\(paragraphs)</article>
      """)
    #expect(markup.byline == "Chen Jing")
    let named = reader(
      """
      <article><div class="author"><a class="author__photo"><img alt="Wang Fang"></a>
      <a class="author__name">Wang Fang</a><span>2 hours ago</span></div>\(paragraphs)</article>
      """)
    #expect(named.byline == "Wang Fang")
    #expect(markup.published == "2022-03-04")
    #expect(!markup.lines.contains { $0.contains("Chen Jing") })
  }

  @Test func aCommentersNameAndDateAreNotTheArticlesBylineAndDate() {
    let paragraphs = String(
      repeating: "<p>This paragraph has words enough, and commas too, to read as an article.</p>",
      count: 12)
    let comments = """
      <section id="comments"><div class="comment"><p class="author">user0</p>
      <time datetime="2024-05-06">May 6</time><p>First!</p></div></section>
      """
    let page = reader("<div class=\"post\">\(paragraphs)</div>\(comments)")
    #expect(page.byline == nil)
    #expect(page.published == nil)
    // The article's own, after the comments in the source, are still found.
    let own = reader(
      """
      \(comments)<div class="post"><span class="byline">Li Wei</span>
      <time datetime="2024-01-02">2 January</time>\(paragraphs)</div>
      """)
    #expect(own.byline == "Li Wei")
    #expect(own.published == "2024-01-02")
    // A byline inside a table is Readability's to keep whatever the class around it says.
    let table = reader(
      "<table><tr><td class=\"sidebar\"><span class=\"author\">Zhao Lei</span></td></tr></table>"
        + "<div>\(paragraphs)</div>")
    #expect(table.byline == "Zhao Lei")
  }

  @Test func metadataFollowsReadabilitysPreferences() {
    let document = HTMLRenderer.parse(
      """
      <title>Title element - Site</title>
      <meta property="og:title twitter:title" content="Open Graph title">
      <meta name="DC.title" content="Dublin Core name title">
      <meta property="x:title dc:title" content="Dublin Core property title">
      <meta name="author" content="Plain author"><meta property="dc:creator" content="DC author">
      <meta property="og:description"><meta name="description" content="Plain description">
      """, baseURL: nil)
    #expect(document.metadata.headline == "Dublin Core property title")
    #expect(document.metadata.byline == "DC author")
    #expect(document.metadata.description == "Plain description")
    #expect(document.metadata.title == "Title element - Site")
  }

  @Test func aBareTitleLosesTheSiteNameOnlyWhenAHeadlineIsLeft() {
    let paragraphs = String(
      repeating: "<p>This paragraph has words enough, and commas too, to read as an article.</p>",
      count: 12)
    func title(_ title: String, h1: String = "") -> String? {
      reader("<title>\(title)</title><article><h1>\(h1)</h1>\(paragraphs)</article>").title
    }
    #expect(
      title("Floods close six metro stations in Guangzhou | Daily Test")
        == "Floods close six metro stations in Guangzhou")
    #expect(title("Minecraft 1.8 - The Bountiful Update") == "Minecraft 1.8 - The Bountiful Update")
    #expect(title("广州市 - 维基百科，自由的百科全书", h1: "广州市") == "广州市")
    // A bare underscore separates only where the page's h1 says so.
    #expect(title("广州发展报告_新闻中心_某某网", h1: "广州发展报告") == "广州发展报告")
    #expect(title("广州发展报告_新闻中心_某某网") == "广州发展报告_新闻中心_某某网")
    #expect(title("snake_case explained", h1: "snake case") == "snake_case explained")
  }

  @Test func aRealBlogPostLosesItsNavigationAndKeepsItsText() throws {
    let page = reader(try fixture("daringfireball-1.html"))
    #expect(page.view == .reader)
    let expected = words(try fixture("daringfireball-1.expected.html"))
    // Our `[n]` link marks are not the page's words.
    let shown = page.lines.flatMap {
      words($0.replacingOccurrences(of: "\\[[0-9]+\\]", with: " ", options: .regularExpression))
    }
    #expect(recall(of: expected, in: shown) >= 0.97)
    // Readability's answer is the article alone: little of what is shown is anything else.
    #expect(recall(of: shown, in: expected) >= 0.9)
  }

  @Test func aWikipediaArticleKeepsItsInfoboxSectionsAndReferences() throws {
    let page = HTMLRenderer.layout(
      HTMLRenderer.parse(
        try fixture("wikipedia-guangzhou.html"),
        baseURL: URL(string: "https://zh.wikipedia.org/wiki/%E5%B9%BF%E5%B7%9E%E5%B8%82")),
      width: 80, view: .reader)
    #expect(page.view == .reader)
    #expect(page.title == "广州市")
    let text = page.lines.joined(separator: "\n")
    for kept in [
      "人口（2020）: 18,676,605", "简称穗", "国家中心城市之一。⁽¹⁾", "## 历史", "## 地理",
      "## 参考文献", "广东人民出版社",
    ] {
      #expect(text.contains(kept), "missing \(kept)")
    }
    for dropped in ["首页", "登录", "目录", "广东省行政区划", "分类", "最后修订", "自由的百科全书", "编辑"] {
      #expect(!text.contains(dropped), "kept \(dropped)")
    }
    #expect(
      page.links.filter(\.isInPage).map(\.fragment) == ["cite_note-1", "cite_note-2"])
    #expect(page.lines[page.anchors["cite_note-1"] ?? 0].contains("广州概况"))
  }

  @Test func paragraphsLooseInTheBodyAndInLayoutTablesAreTheArticle() throws {
    let page = reader(try fixture("table-style-attributes.html"))
    let expected = words(try fixture("table-style-attributes.expected.html"))
    #expect(recall(of: expected, in: page.lines.flatMap(words)) >= 0.97)
    // The layout tables' cells read as paragraphs, not as columns side by side.
    #expect(page.lines.contains { $0.hasPrefix("In December 2002, I tried to install") })
  }
}

@Suite struct ReaderViewRobustnessTests {
  @Test func thousandsOfNestedScoredBlocksStayQuick() {
    let level = "<div><p>Another paragraph, with commas, long enough to be scored as text here.</p>"
    let html = String(repeating: level, count: 5_000) + String(repeating: "</div>", count: 5_000)
    let started = Date()
    let page = HTMLRenderer.layout(
      HTMLRenderer.parse(html, baseURL: nil), width: 80, view: .reader)
    #expect(page.lines.filter { $0.hasPrefix("Another paragraph") }.count == 5_000)
    // Generous for a loaded machine: a bound on work, not a benchmark.
    #expect(Date().timeIntervalSince(started) < 20)
  }

  @Test func deepNestingDoesNotOverflowTheReaderView() {
    let paragraph = "<p>Words enough to count, and commas, for a paragraph of an article here.</p>"
    let html =
      String(repeating: "<div class=content>", count: 50_000)
      + String(repeating: paragraph, count: 10) + String(repeating: "</div>", count: 50_000)
    let page = HTMLRenderer.layout(
      HTMLRenderer.parse(html, baseURL: nil), width: 40, view: .reader)
    #expect(page.view == .reader)
    #expect(page.lines.first?.hasPrefix("Words enough to count") == true)
    #expect(page.lines.count >= 20)
  }
}
