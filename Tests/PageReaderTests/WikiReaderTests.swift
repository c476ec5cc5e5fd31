import Foundation
import Testing

@testable import PageReader

/// The reader view of MediaWiki articles, on pages written in the markup zh.wikipedia
/// serves with Vector 2022 (Fixtures/wiki-*.html).
@Suite struct WikiReaderTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func fixture(_ name: String) throws -> String {
    String(decoding: try Data(contentsOf: fixtures.appendingPathComponent(name)), as: UTF8.self)
  }

  static func reader(_ name: String, width: Int = 80) throws -> RenderedPage {
    let url = URL(string: "https://zh.wikipedia.org/wiki/%E6%9C%9D%E9%98%B3%E5%8C%BA")
    return HTMLRenderer.layout(
      HTMLRenderer.parse(try fixture(name), baseURL: url), width: width, view: .reader)
  }

  private func line(_ page: RenderedPage, _ text: String) -> Int? {
    page.lines.firstIndex { $0.contains(text) }
  }

  @Test func theHatnoteThenTheLeadThenTheFactsThenTheSections() throws {
    let page = try Self.reader("wiki-article-chaoyang.html")
    #expect(page.view == .reader)
    #expect(page.title == "朝阳区 (北京市)")
    let order = ["重定向至此", "朝阳区是中华人民共和国", "因朝阳门", "国家: 中华人民共和国", "## 历史", "## 参考资料"]
      .map { line(page, $0) }
    #expect(order.allSatisfy { $0 != nil }, "\(order)")
    let found = order.compactMap { $0 }
    #expect(found == found.sorted())
    #expect(page.lines.filter { $0.contains("重定向至此") }.count == 1)
  }

  @Test func theInfoboxIsACompactFactsBlockWithoutImagesOrItsTitle() throws {
    let page = try Self.reader("wiki-article-chaoyang.html")
    let text = page.lines.joined(separator: "\n")
    for fact in [
      "直辖市: 北京市", "设立: 1958年5月29日", "下级行政区: 24个街道、19个地区",
      "面积 • 总计: 470.8 平方公里", "人口（2020） • 总计: 3,452,460",
      "网站: www.bjchy.gov.cn",
    ] {
      #expect(text.contains(fact), "missing \(fact)")
    }
    // The title repeated, the image's caption and the box's own headers are not facts.
    #expect(!page.lines.contains("朝阳区"))
    #expect(!page.lines.contains("北京商务中心区"))
    #expect(!page.lines.contains("概览"))
    // A citation mark in a fact is left out of the compact block.
    #expect(page.lines.contains { $0.hasPrefix("政府驻地: 朝外街道") && !$0.contains("⁽") })
  }

  @Test func noSkinMenusEditLinksNavboxesNoticesOrRepeatedCoordinates() throws {
    let page = try Self.reader("wiki-article-chaoyang.html")
    let text = page.lines.joined(separator: "\n")
    for dropped in [
      "跳转到内容", "主菜单", "首页", "52种语言", "English", "大陆简体", "臺灣正體", "工具", "链入页面",
      "编辑", "本页使用了标题或全文手工转换", "需要补充更多", "北京市行政区划", "西城区", "分类",
      "最后修订", "自由的百科全书", "取自",
    ] {
      #expect(!text.contains(dropped), "kept \(dropped)")
    }
    #expect(text.components(separatedBy: "39°55′17″N").count == 2, "coordinates once")
  }

  @Test func aCitationMarkIsOneLinkAndTheReferencesStayShortAtTheEnd() throws {
    let page = try Self.reader("wiki-article-chaoyang.html")
    let text = page.lines.joined(separator: "\n")
    #expect(text.contains("人口最多的城区之一。⁽¹⁾区内有"))
    #expect(!text.contains("⁽¹⁾["))
    let citation = try #require(page.links.firstIndex { $0.fragment == "cite_note-gov-1" })
    let placed = page.placements.filter { $0.number == citation + 1 }
    #expect(!placed.isEmpty)
    #expect(placed.allSatisfy { $0.mark == nil && !$0.text.isEmpty })
    // The references, without their `^ 1.0 1.1` back-links, are the last lines.
    let references = try #require(line(page, "## 参考资料"))
    #expect(page.lines[references...].contains { $0.hasPrefix("   1. 北京市朝阳区人民政府") })
    #expect(!page.links.contains { $0.fragment?.hasPrefix("cite_ref") == true })
    #expect(page.lines.last { !$0.isEmpty }?.contains("人口普查公报") == true)
    #expect(page.anchors["cite_note-census-2"] != nil)
  }

  @Test func theConfigurationScriptGivesCategoriesAndTitles() throws {
    let article = HTMLRenderer.parse(try Self.fixture("wiki-article-chaoyang.html"), baseURL: nil)
    let config = try #require(article.metadata.wiki)
    #expect(config.pageName == "朝阳区_(北京市)")
    #expect(config.categories.contains("北京市市辖区"))
    #expect(config.categories.last == "全部有坐標的条目")
    #expect(config.redirectedFrom == nil)
    let redirect = HTMLRenderer.parse(try Self.fixture("wiki-redirect-chaoyang.html"), baseURL: nil)
    #expect(redirect.metadata.wiki?.redirectedFrom == "朝阳区_(北京)")
    #expect(
      HTMLRenderer.parse("<script>var a = 1;</script><p>x</p>", baseURL: nil).metadata.wiki == nil)
  }

  @Test func aBrokenConfigurationScriptIsReadAsFarAsItGoes() {
    let cut = WikiConfig.parse(#"RLCONF={"wgPageName":"A_b","wgCategories":["x","y\u00"#)
    #expect(cut?.pageName == "A_b")
    #expect(cut?.categories == ["x"])
    #expect(WikiConfig.parse(#"RLCONF={"wgTitle":"\ud83d\ude00 ok"}"#)?.title == "😀 ok")
  }

  @Test func aPageWithoutMediaWikisArticleBodyKeepsTheGeneralReader() throws {
    let html =
      "<html><body><article><p>" + String(repeating: "Plain text, with commas. ", count: 40)
      + "</p></article></body></html>"
    let page = HTMLRenderer.layout(HTMLRenderer.parse(html, baseURL: nil), width: 80, view: .reader)
    #expect(page.view == .reader)
    #expect(WikiArticle(document: HTMLRenderer.parse(html, baseURL: nil)).plan() == nil)
  }
}
