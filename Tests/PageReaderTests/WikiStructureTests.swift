import Foundation
import Testing

@testable import PageReader

/// MediaWiki's structures that are not prose, in the reader view: a taxobox's geological
/// timeline and its rows of pictures, editors' controls (an `编辑` link to the edit form, a
/// navbox's `查 论 编`, the mobile site's prompt to add a description) and a history
/// timeline whose cells span rows. The pages are written here in the markup MediaWiki's
/// templates and the mobile content service produce (`{{Taxobox}}` with `{{Fossil range}}`,
/// `{{Navbar}}`, `page/mobile-html`), with text of our own.
@Suite struct WikiStructureTests {
  private func lines(_ html: String) -> [String] {
    let page = HTMLRenderer.layout(
      HTMLRenderer.parse(html, baseURL: URL(string: "https://zh.wikipedia.org/wiki/X")),
      width: 80, view: .reader)
    #expect(page.view == .reader)
    return Array(page.lines)
  }

  /// A line without its link marks (`[12]`), trimmed.
  private func plain(_ line: String) -> String {
    line.replacingOccurrences(of: "\\[[0-9]+\\]", with: "", options: .regularExpression)
      .trimmingCharacters(in: .whitespaces)
  }

  private func desktop(_ body: String, title: String = "三叶虫") -> String {
    """
    <!DOCTYPE html><html lang="zh"><head><title>\(title) - 维基百科，自由的百科全书</title></head>
    <body><h1 id="firstHeading" class="firstHeading">\(title)</h1>
    <div id="mw-content-text"><div class="mw-parser-output">\(body)</div></div></body></html>
    """
  }

  /// `{{Fossil range}}`'s bar: one positioned `div` per period, its symbol the text.
  private static let fossilBar: String = {
    let periods = ["Є", "O", "S", "D", "C", "P", "T", "J", "K", "Pg", "N"]
    let cells = periods.enumerated().map { offset, symbol in
      """
      <div style="position:absolute; height:100%; text-align:center; left:\(28 + offset * 17)px; \
      width:17px;"><a href="/wiki/P\(offset)" title="P\(offset)">\(symbol)</a></div>
      """
    }.joined(separator: "\n")
    return """
      <div id="Timeline-row" style="margin: 4px auto 0; clear:both; width:220px; height:18px; \
      position:relative; font-size:13px;">
      <div style="position:absolute; height:100%; left:0px; width:207px; padding-left:5px;">Pre\
      <span style="display:inline-block; margin-left:-0.2em">Є</span></div>
      \(cells)
      </div>
      <div id="Timeline-row" style="margin: 0 auto; width:220px; height:8px; position:relative;">\
      <div style="position:absolute; height:100%; background-color:#360; left:28px; width:120px;">\
      </div></div>
      """
  }()

  private static let taxobox = """
    <table class="infobox biota" style="text-align: left; width: 200px; font-size: 100%">
    <tbody>
    <tr><th colspan="2" style="text-align: center; background-color: rgb(235,235,210)">三叶虫</th></tr>
    <tr><td colspan="2" style="text-align: center; font-size: 88%;">化石时期：寒武纪早期至二叠纪晚期
    \(fossilBar)</td></tr>
    <tr><td colspan="2" style="text-align: center"><a href="/wiki/File:Kainops.jpg" class="image">\
    <img alt="" src="//upload.wikimedia.org/k.jpg" width="250" height="200"></a></td></tr>
    <tr><th colspan="2" style="text-align: center; background-color: rgb(235,235,210)">\
    <a href="/wiki/%E7%94%9F%E7%89%A9%E5%88%86%E7%B1%BB%E6%B3%95" title="生物分类法">科学分类</a>\
    <span class="plainlinks" style="font-size:smaller; float:right; padding-right:0.4em;">\
    <a class="external text" href="https://zh.wikipedia.org/w/index.php?title=Template:Taxonomy/Trilobita&amp;action=edit">编辑</a>\
    </span></th></tr>
    <tr><td>界：</td><td><a href="/wiki/A" title="动物界">动物界</a> Animalia</td></tr>
    <tr><td>门：</td><td><a href="/wiki/B" title="节肢动物门">节肢动物门</a> Arthropoda</td></tr>
    <tr><th colspan="2" style="text-align: center">目</th></tr>
    <tr><td colspan="2" style="text-align: center">\
    <a href="/wiki/File:A.jpg" class="image"><img alt="" src="//u/a.png" width="30" height="30"></a> \
    <a href="/wiki/File:B.jpg" class="image"><img alt="" src="//u/b.png" width="30" height="30"></a> \
    <a href="/wiki/File:C.jpg" class="image"><img alt="" src="//u/c.png" width="30" height="30"></a> \
    <a href="/wiki/File:D.jpg" class="image"><img alt="" src="//u/d.png" width="30" height="30"></a>\
    </td></tr>
    <tr><td colspan="2"><ul><li><a href="/wiki/C1">球接子目</a> Agnostida</li>\
    <li><a href="/wiki/C2">莱德利基虫目</a> Redlichiida</li></ul></td></tr>
    </tbody></table>
    """

  private static let lead = """
    <p><b>三叶虫</b>是节肢动物的一类，出现于寒武纪，在古生代的海洋中繁盛，于二叠纪末期灭绝。</p>
    """

  @Test("a taxobox's geological timeline is left out, its range one line, no symbol a line")
  func taxoboxTimeline() {
    let shown = lines(desktop(Self.taxobox + Self.lead)).map(plain)
    #expect(shown.contains { $0.hasPrefix("化石时期：寒武纪早期至二叠纪晚期") })
    for symbol in ["PreЄ", "Pg", "Є", "O", "S", "N"] {
      #expect(!shown.contains { $0.contains(symbol) }, "timeline symbol shown: \(symbol)")
    }
    // A taxobox's label ends in its own colon (`界：`): one colon, not two.
    #expect(shown.contains("界: 动物界 Animalia"))
  }

  @Test("a row of pictures in a taxobox, and a thumbnail's links, leave no bare link marks")
  func imageOnlyLinks() {
    let thumb = """
      <h2><span class="mw-headline" id="形态">形态</span></h2>
      <div class="thumb tright"><div class="thumbinner" style="width:222px;">\
      <a href="/wiki/File:T.jpg" class="image"><img alt="" src="//u/t.jpg" width="220" height="160" \
      class="thumbimage"></a><div class="thumbcaption"><div class="magnify">\
      <a href="/wiki/File:T.jpg" class="internal" title="放大"></a></div>头甲的化石</div></div></div>
      <p>三叶虫的身体分为头甲、胸甲和尾甲三部分，背甲由几丁质与碳酸钙构成。</p>
      """
    let all = lines(desktop(Self.taxobox + Self.lead + thumb))
    let bare = all.filter { !$0.isEmpty && plain($0).isEmpty }
    #expect(bare.isEmpty, "lines of link marks only: \(bare)")
    #expect(all.map(plain).contains("头甲的化石"))
  }

  @Test("an edit link beside a box's header and a navbar's 查 论 编 are never shown")
  func editLinks() {
    let shown = lines(desktop(Self.taxobox + Self.lead + Self.timeline)).map(plain)
    #expect(!shown.contains { $0.contains("编辑") })
    for control in ["查", "论", "编"] {
      #expect(!shown.contains { $0 == control || $0.hasSuffix(" " + control) })
    }
    #expect(!shown.joined().contains("查论编"))
  }

  @Test("a red link (to a page not yet written) is the article's text, though it opens the editor")
  func redLinkStays() {
    let body = """
      <p>曹操曾任<a href="/w/index.php?title=%E7%99%BC%E5%B9%B2&amp;action=edit&amp;redlink=1" \
      class="new" title="发干（页面不存在）">发干</a>县令，后转任议郎，在洛阳任职多年，声名渐起。</p>
      """
    let shown = lines(desktop(Self.lead + body)).map(plain).joined()
    #expect(shown.contains("曹操曾任发干县令"))
  }

  @Test("the mobile site's prompt to add a description is never shown")
  func addDescriptionPrompt() {
    // The page content service's lead section, its header inside it (`pcs-section-id-0`).
    let page = """
      <!DOCTYPE html><html><head><title>三叶虫</title></head><body class="content">
      <section data-mw-section-id="0" id="pcs-section-id-0">
      <header><div class="pcs-edit-section-header v2"><h1 class="pcs-edit-section-title" \
      data-id="0">三叶虫</h1><span class="pcs-edit-section-link-container"><a \
      href="/w/index.php?title=%E4%B8%89%E5%8F%B6%E8%99%AB&amp;action=edit&amp;section=0" \
      data-id="0" data-action="edit_section" class="pcs-edit-section-link"></a></span></div>
      <a id="pcs-edit-section-add-title-description" data-action="add_title_description" \
      href="#">增加條目描述</a><hr id="pcs-edit-section-divider"></header>
      \(Self.lead)
      <p>三叶虫的身体分为头甲、胸甲和尾甲三部分，背甲由几丁质与碳酸钙构成，每一节都有一对附肢。</p>
      </section>
      <section data-mw-section-id="1" id="pcs-section-id-1">
      <div class="pcs-edit-section-header v2"><h2 id="形态" class="pcs-edit-section-title">形态</h2>\
      </div><p>头甲的两侧各有一只复眼，由方解石的晶体构成，是已知最早的复杂眼睛之一。</p></section>
      </body></html>
      """
    let shown = lines(page).map(plain).joined(separator: "\n")
    #expect(!shown.contains("增加條目描述"))
    #expect(shown.contains("三叶虫是节肢动物的一类"))
  }

  /// A history timeline as a country's article has it beside its history: the era's name
  /// written down its cell, a dynasty's cell spanning the rows of its periods, a navbar.
  private static let timeline = """
    <h2><span class="mw-headline" id="历史">历史</span></h2>
    <table class="floatright" cellspacing="1.5px" style="font-size: small; text-align: center;" align="right">
    <tbody>
    <tr><th colspan="10"><a href="/wiki/H"><img alt="" src="//u/h.png" width="240" height="128"></a>\
    <br><b><a href="/wiki/H" title="历史">历史</a>系列条目</b></th></tr>
    <tr><td colspan="3" rowspan="4"><a href="/wiki/Pre"><b>史<br>前<br>时<br>代</b></a></td>\
    <td colspan="7"><a href="/wiki/P1">旧石器时代</a></td></tr>
    <tr><td colspan="7"><a href="/wiki/P2">中石器时代</a></td></tr>
    <tr><td colspan="5"><a href="/wiki/P3">新石器时代</a></td>\
    <td colspan="1" rowspan="2"><a href="/wiki/R1">黄河<br>文明</a></td>\
    <td colspan="1" rowspan="2"><a href="/wiki/R2">长江<br>文明</a></td></tr>
    <tr><td colspan="5"><a href="/wiki/P4">青铜器时代</a></td></tr>
    <tr><td colspan="10"><a href="/wiki/X"><b>夏</b><br><font style="color:#888">\
    <small>前21世纪–前17世纪</small></font></a></td></tr>
    <tr><td colspan="3" rowspan="3"><a href="/wiki/Z"><b>周</b><br><font style="color:#888">\
    <small>前11世纪<br>|<br>前256</small></font></a></td>\
    <td colspan="7"><a href="/wiki/Z1">西周 <small>前11世纪–前771</small></a></td></tr>
    <tr><td colspan="3" rowspan="2"><a href="/wiki/Z2">东周<br>前770–前256</a></td>\
    <td colspan="4"><a href="/wiki/Z3">春秋 前770–前403</a></td></tr>
    <tr><td colspan="4"><a href="/wiki/Z4">战国 前402–前221</a></td></tr>
    <tr><td colspan="10"><div class="plainlinks hlist navbar mini"><ul>\
    <li class="nv-view"><a href="/wiki/Template:H" title="Template:H"><abbr title="查看该模板">查</abbr></a></li>\
    <li class="nv-talk"><a href="/wiki/Template_talk:H"><abbr title="讨论该模板">论</abbr></a></li>\
    <li class="nv-edit"><a class="external text" \
    href="//zh.wikipedia.org/w/index.php?title=Template:H&amp;action=edit"><abbr>编</abbr></a></li>\
    </ul></div></td></tr>
    </tbody></table>
    <p>夏朝是中国史书中记载的第一个世袭制朝代，一般认为夏朝始于约公元前21世纪。</p>
    """

  @Test("a timeline whose cells span rows reads as nested lists, an era's name on one line")
  func rowSpanTimeline() throws {
    let all = lines(desktop(Self.lead + Self.timeline, title: "历史"))
    let shown = all.map(plain)
    // No character a line: the vertical era name and the two-line river names joined.
    let single = shown.filter { $0.count == 1 || ($0.count == 3 && $0.dropFirst().first == " ") }
    #expect(single.isEmpty, "one character a line: \(single)")
    func indent(_ text: String) throws -> Int {
      let line = try #require(all.first { plain($0).hasSuffix(text) }, "missing \(text) in \(all)")
      return line.prefix(while: { $0 == " " }).count
    }
    let era = try indent("史前时代")
    #expect(try indent("旧石器时代") > era)
    #expect(try indent("青铜器时代") > era)
    #expect(try indent("黄河文明") > era)
    #expect(try indent("夏 前21世纪–前17世纪") == era)
    let zhou = try indent("周 前11世纪 | 前256")
    #expect(zhou == era)
    #expect(try indent("西周 前11世纪–前771") > zhou)
    let east = try indent("东周 前770–前256")
    #expect(east > zhou)
    #expect(try indent("春秋 前770–前403") > east)
    #expect(try indent("战国 前402–前221") > east)
    // In the table's order, after the section's heading.
    let heading = try #require(shown.firstIndex(of: "## 历史"))
    let first = try #require(shown.firstIndex { $0.hasSuffix("史前时代") })
    let last = try #require(shown.firstIndex { $0.hasSuffix("战国 前402–前221") })
    #expect(heading < first && first < last)
  }

  @Test("a table of data with row spans and column headings stays a table")
  func dataTableStays() {
    let table = """
      <h2><span class="mw-headline" id="人口">人口</span></h2>
      <table class="wikitable"><tbody>
      <tr><th>地区</th><th>年份</th><th>人口</th></tr>
      <tr><td rowspan="2">东区</td><td>2000</td><td>1200</td></tr>
      <tr><td>2010</td><td>1350</td></tr>
      </tbody></table>
      """
    let shown = lines(desktop(Self.lead + table)).map(plain)
    #expect(shown.contains { $0.contains("地区") && $0.contains("年份") && $0.contains("人口") })
  }
}
