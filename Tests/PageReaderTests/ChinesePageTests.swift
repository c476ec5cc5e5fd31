import Foundation
import Testing

@testable import PageReader

/// The kinds of Chinese page a reader made on English pages fails on, each a page
/// written for the purpose in the markup of Chinese portals (2011–12): text without spaces,
/// full-width punctuation, class names in pinyin, the furniture labelled in Chinese.
@Suite struct ChinesePageTests {
  private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  private func bytes(_ name: String) throws -> Data {
    try Data(contentsOf: Self.fixtures.appendingPathComponent(name))
  }

  /// The reader view of a fixture, decoded as a browser would decode it when the response
  /// says only `text/html`.
  private func reader(_ name: String) throws -> RenderedPage {
    let html = CharsetDecoder.decode(try bytes(name), contentType: "text/html")
    return HTMLRenderer.layout(
      HTMLRenderer.parse(html, baseURL: URL(string: "http://news.test/a/1.html")), width: 100,
      view: .reader)
  }

  private func shown(_ page: RenderedPage) -> String {
    page.lines.joined(separator: "\n")
  }

  private func expectArticle(
    _ page: RenderedPage, has article: [String], lacks furniture: [String]
  ) {
    #expect(page.view == .reader)
    let text = shown(page)
    for phrase in article {
      #expect(text.contains(phrase), "article text missing: \(phrase)")
    }
    for phrase in furniture {
      #expect(!text.contains(phrase), "furniture shown: \(phrase)")
    }
  }

  @Test("a portal's article page loses its navigation, editor line, share bar and related links")
  func portalArticle() throws {
    let page = try reader("zh-portal-article.html")
    expectArticle(
      page, has: ["本报讯", "全长三十一公里", "中英文双语标识", "超过二百公里"],
      lacks: [
        "生活频道", "您现在的位置", "责任编辑", "分享到", "上一篇", "下一篇", "相关新闻",
        "地铁十二号线完成试运行", "热门推荐", "新闻排行", "关于我们", "版权所有",
      ])
    // The article comes first: nothing of the site above its first paragraph.
    let first = page.lines.firstIndex { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    #expect(first.map { page.lines[$0].contains("本报讯") } == true)
  }

  @Test("a table-layout page: the text in one cell, paragraphs only <br>, no class, no <p>")
  func layoutTablePage() throws {
    let page = try reader("zh-layout-table.html")
    expectArticle(
      page, has: ["本报讯", "防汛形势不容", "限期整改", "绝不能麻痹大意", "防汛抢险演练"],
      lacks: [
        "设为首页", "栏目导航", "热点新闻", "高考今日开考", "您现在的位置", "打印本页", "相关新闻",
        "汛前准备工作会议", "关于我们", "版权所有",
      ])
    // Its paragraphs stay apart: each opens a line of its own.
    #expect(page.lines.contains { $0.hasPrefix("会议指出") })
  }

  @Test("a table-layout page whose article is one cell of the page's row, its columns beside it")
  func layoutRowPage() throws {
    let page = try reader("zh-layout-row.html")
    expectArticle(
      page, has: ["本报讯", "防汛形势不容", "限期整改", "绝不能麻痹大意", "防汛抢险演练"],
      lacks: [
        "设为首页", "栏目导航", "热点新闻", "高考今日开考", "打印本页", "相关新闻",
        "汛前准备工作会议", "关于我们", "版权所有",
      ])
  }

  @Test("a short article is shown without the readers' comments below it, however many")
  func commentBox() throws {
    let page = try reader("zh-comment-box.html")
    expectArticle(
      page, has: ["十万零三千人次", "临时加开了四趟列车", "携带大件行李"],
      lacks: ["网友评论", "这条线路盼了好多年", "站厅里的无障碍电梯", "发表评论", "支持(", "查看全部评论"])
  }

  @Test("a rail of related and recommended stories inside the article's box is left out")
  func relatedRail() throws {
    let page = try reader("zh-related-rail.html")
    expectArticle(
      page, has: ["港鐵公司今日宣佈", "每四分鐘一班", "詳情會在下星期公佈"],
      lacks: ["延伸閱讀", "港鐵新線完成測試", "相關新聞", "巴士公司計劃", "熱門推薦", "恒指"])
  }

  @Test("a paginated article's first page is read without its pager, editor and share bar")
  func paginatedArticle() throws {
    let page = try reader("zh-paginated.html")
    expectArticle(
      page, has: ["老城区改造工程进入第二阶段", "赵大爷", "重新评估"],
      lacks: ["本文共3页", "上一页", "下一页", "编辑：周丽", "分享到", "热点新闻", "返回首页"])
  }

  @Test("a Big5 page whose response and markup name no charset is read as Big5")
  func big5WithoutCharset() throws {
    let choice = CharsetDecoder.choose(
      try bytes("zh-big5-no-charset.html"), contentType: "text/html")
    #expect(choice.name == "big5")
    let page = try reader("zh-big5-no-charset.html")
    expectArticle(page, has: ["港鐵公司今日宣佈", "每四分鐘一班"], lacks: ["相關新聞", "熱門推薦"])
  }

  @Test("a GBK page whose response and markup name no charset is read as GBK")
  func gbkWithoutCharset() throws {
    let choice = CharsetDecoder.choose(
      try bytes("zh-gbk-no-charset.html"), contentType: "text/html")
    #expect(choice.name == "gb18030")
    let page = try reader("zh-gbk-no-charset.html")
    expectArticle(page, has: ["老城区改造工程进入第二阶段", "重新评估"], lacks: ["本文共3页", "热点新闻"])
  }
}
