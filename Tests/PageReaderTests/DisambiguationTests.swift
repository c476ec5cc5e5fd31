import Foundation
import Testing

@testable import PageReader

/// Telling a disambiguation page from an article, and which of its entries to follow.
@Suite struct DisambiguationTests {
  func document(_ name: String) throws -> PageDocument {
    HTMLRenderer.parse(
      try WikiReaderTests.fixture(name),
      baseURL: URL(string: "https://zh.wikipedia.org/wiki/%E6%9C%9D%E9%98%B3%E5%8C%BA"))
  }

  @Test func aPageMarkedOnlyByItsCategoriesIsADisambiguationPage() throws {
    let page = try #require(Disambiguation(try document("wiki-disambiguation-chaoyang.html")))
    #expect(page.title == "朝阳区")
    #expect(
      page.entries.map(\.title) == ["朝阳区 (北京市)", "朝阳区 (长春市)", "双塔区", "朝阳"])
    #expect(page.entries[1].line == "朝阳区 (长春市) ：吉林省长春市下辖的市辖区。")
  }

  @Test func anArticleWithALinkToADisambiguationPageIsNotOne() throws {
    // Its hatnote links to 朝阳区 with class mw-disambig.
    #expect(Disambiguation(try document("wiki-article-chaoyang.html")) == nil)
    #expect(Disambiguation(try document("wiki-redirect-chaoyang.html")) == nil)
  }

  @Test func theCatlinksBoxOrTheDisambiguationBoxAloneAlsoTellOne() {
    let base = URL(string: "https://zh.wikipedia.org/wiki/X")
    let body = #"<div class="mw-parser-output"><ul><li><a href="/wiki/A">A</a>，甲省</li></ul></div>"#
    let catlinks =
      body + #"<div id="catlinks"><ul><li><a href="/wiki/Category:X">全部消歧義頁面</a></li></ul></div>"#
    #expect(Disambiguation(HTMLRenderer.parse(catlinks, baseURL: base)) != nil)
    let box = #"<table id="disambigbox" class="dmbox"><tr><td>消歧义</td></tr></table>"# + body
    #expect(Disambiguation(HTMLRenderer.parse(box, baseURL: base)) != nil)
    let linkOnly = #"<p><a class="mw-disambig" href="/wiki/B">B</a></p>"# + body
    #expect(Disambiguation(HTMLRenderer.parse(linkOnly, baseURL: base)) == nil)
    let linking =
      body + #"<div id="catlinks"><a href="/wiki/Category:Y">含有消歧义链接的页面</a></div>"#
    #expect(Disambiguation(HTMLRenderer.parse(linking, baseURL: base)) == nil)
  }

  @Test func theEntryNamingTheParentIsChosenByTitleThenByLine() throws {
    let page = try #require(Disambiguation(try document("wiki-disambiguation-chaoyang.html")))
    #expect(page.entry(naming: [["北京市", "北京"]])?.title == "朝阳区 (北京市)")
    // The city before the province; a short name will do.
    #expect(page.entry(naming: [["长春市", "长春"], ["吉林省", "吉林"]])?.title == "朝阳区 (长春市)")
    #expect(page.entry(naming: [["长春"]])?.title == "朝阳区 (长春市)")
    // Only the line names 朝阳市; its short name 朝阳 is the page's own and tells nothing.
    #expect(page.entry(naming: [["朝阳市", "朝阳"], ["辽宁省", "辽宁"]])?.title == "双塔区")
    #expect(page.entry(naming: [["吉林省", "吉林"]])?.title == "朝阳区 (长春市)")
    #expect(page.entry(naming: [["广东省", "广东"]]) == nil)
    #expect(
      page.followedNote(try #require(page.entry(naming: [["北京市"]])))
        == "消歧义页「朝阳区」→ 朝阳区 (北京市)")
  }
}
