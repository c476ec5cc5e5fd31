import Foundation
import TestFixtures
import Testing

@testable import PageReader
@testable import TextSupport

@Suite struct HTMLLinkTests {
  @Test(arguments: [
    "http://a.test", "https://a.test/", "https://zh.wikipedia.org/wiki/%E5%B9%BF%E5%B7%9E",
    "https://a.test/x?q=1&r=2#frag", "http://A.Test/Path/", "https://a-b.c.test/~u/(x)/;p=1",
    "https://a.test/a/./b", "https://a.test/a/../b", "https://a.test//double",
    "https://a.test:8080/",
    "https://user@a.test/", "https://[::1]/", "HTTPS://a.test/", "https://a.test/%zz",
    "https://a.test/a#b#c", "https://a.test?q", "https://.a.test/", "ftp://a.test/",
  ])
  func theAbsoluteURLShortcutAgreesWithFoundation(href: String) {
    let plain = [
      "http://a.test", "https://a.test/", "https://zh.wikipedia.org/wiki/%E5%B9%BF%E5%B7%9E",
      "https://a.test/x?q=1&r=2#frag", "http://A.Test/Path/", "https://a-b.c.test/~u/(x)/;p=1",
    ]
    #expect(HTMLLinkList.isPlainAbsoluteURL(href) == plain.contains(href))
    let base = URL(string: "https://page.test/dir/page.html")
    let foundation = URL(string: href, relativeTo: base)?.absoluteURL.absoluteString
    if HTMLLinkList.isPlainAbsoluteURL(href) {
      #expect(
        foundation == href, "the shortcut keeps \(href) but Foundation gives \(foundation ?? "nil")"
      )
    }
    var links = HTMLLinkList(documentURL: base)
    let resolved = links.resolve(href)
    let scheme = URL(string: href)?.scheme?.lowercased()
    if scheme == "http" || scheme == "https", URL(string: href)?.host != nil {
      #expect(resolved == foundation.map { TerminalText.sanitize($0) })
    }
  }

  @Test func linksAreNumberedAfterTheirTextAndListedAbsolute() {
    let html = """
      <p>See <a href="/wiki/Guangdong">Guangdong</a>, <a href="Shenzhen">Shenzhen</a> and \
      <a href="//en.wikipedia.org/wiki/X">X</a>.</p>
      """
    let page = HTMLRenderer.render(
      html, baseURL: URL(string: "https://zh.wikipedia.org/wiki/Guangzhou"), width: 80)
    #expect(page.lines == ["See Guangdong[1], Shenzhen[2] and X[3]."])
    #expect(
      page.urls == [
        "https://zh.wikipedia.org/wiki/Guangdong", "https://zh.wikipedia.org/wiki/Shenzhen",
        "https://en.wikipedia.org/wiki/X",
      ])
  }

  @Test func anInPageLinkIsNamedByItsFragmentAndALinkElsewhereIsNot() {
    let html = """
      <p>See <a href="#s%C3%A9ction">below</a>, <a href="#x%1B[2J">odd</a>, \
      <a href="https://a.test/page#top">top</a> and <a href="/other#top">other</a>.</p>
      """
    let page = HTMLRenderer.render(html, baseURL: URL(string: "https://a.test/page"), width: 80)
    // The escape of a control character stays an escape: nothing reaches the terminal.
    #expect(page.links.map(\.inPageTarget) == ["#séction", "#x%1B[2J", "#top", nil])
  }

  @Test func baseHrefResolvesLinksAndTheSameURLKeepsItsNumber() {
    let html = """
      <head><base href="https://example.org/docs/"></head>
      <p>See <a href="guide.html">the guide</a>, <a href="../about">about</a>, \
      <a href="guide.html">guide again</a>, <a href="javascript:alert(1)">js</a>, \
      <a href="mailto:x@y.z">mail</a>, <a href=" https://other.net/x?a=1&amp;b=2 ">other</a>, \
      <a href="ftp://f.org/">ftp</a>, <a>anchor</a>.</p>
      """
    let page = HTMLRenderer.render(
      html, baseURL: URL(string: "https://ignored.example/page"), width: 80)
    #expect(
      page.lines == [
        "See the guide[1], about[2], guide again[1], js, mail, other[3], ftp, anchor."
      ])
    #expect(
      page.urls == [
        "https://example.org/docs/guide.html", "https://example.org/about",
        "https://other.net/x?a=1&b=2",
      ])
  }

  @Test func relativeLinksWithoutABaseAreNotNumbered() {
    let page = HTMLRenderer.render(
      "<a href=\"/x\">rel</a> <a href=\"http://a.org/\">abs</a>", baseURL: nil, width: 40)
    #expect(page.lines == ["rel abs[1]"])
    #expect(page.urls == ["http://a.org/"])
  }

  @Test func aLinkNumberStaysWithChineseTextWhenWrapping() {
    let page = HTMLRenderer.render(
      "<p>省会是<a href=\"/wiki/广州\">广州</a>。</p>",
      baseURL: URL(string: "https://zh.wikipedia.org/wiki/"), width: 12)
    #expect(page.lines == ["省会是广", "州[1]。"])
    #expect(page.urls == ["https://zh.wikipedia.org/wiki/%E5%B9%BF%E5%B7%9E"])
  }

  @Test func unquotedAttributesAndUnclosedLinksStillLink() {
    let page = HTMLRenderer.render(
      "<a href=https://a.org/x?y=1&copy=2 class=link>go</a> <p><a href=https://b.org/>open",
      baseURL: nil, width: 40)
    #expect(page.lines == ["go[1]", "", "open[2]"])
    #expect(page.urls == ["https://a.org/x?y=1&copy=2", "https://b.org/"])
  }

  @Test func anImageInALinkNamesItByItsAltText() {
    let page = HTMLRenderer.render(
      "<img alt=decoration><a href=\"https://a.org/\"><img src=logo.png alt=\"Home page\"></a>",
      baseURL: nil, width: 40)
    #expect(page.lines == ["Home page[1]"])
  }

  @Test func aLinkAroundBlocksIsNumberedAfterItsFirstText() {
    let page = HTMLRenderer.render(
      """
      <a href="https://a.org/"><div>Card title</div><div>Subtitle</div></a>
      <a href="https://b.org/"><p>Unclosed</a><p>next</p>
      """, baseURL: nil, width: 40)
    #expect(page.lines == ["Card title[1]", "Subtitle", "", "Unclosed[2]", "", "next"])
  }
}
