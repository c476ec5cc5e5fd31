import Foundation
import Testing

@testable import PageReader

/// zh.wikipedia pages as the site served them: the desktop page of 曹操 (Vector,
/// MediaWiki 1.35) and one revision of 中國 from the mobile content service in zh-hans and
/// zh-hant, cut short in the middle (see `Fixtures/NOTICE.md`; CC BY-SA).
@Suite struct WikiServedPageTests {
  private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  private func lines(_ name: String, width: Int = 4000) throws -> [String] {
    let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(name))
    let page = HTMLRenderer.layout(
      HTMLRenderer.parse(
        String(decoding: data, as: UTF8.self), baseURL: URL(string: "https://zh.wikipedia.org/")),
      width: width, view: .reader)
    #expect(page.view == .reader)
    return Array(page.lines)
  }

  /// A line without its link marks (`[12]`) and note marks (`⁽¹⁾`), trimmed.
  private func plain(_ line: String) -> String {
    line.replacingOccurrences(of: "\\[[0-9]+\\]", with: "", options: .regularExpression)
      .replacingOccurrences(of: "⁽[^⁾]*⁾", with: "", options: .regularExpression)
      .trimmingCharacters(in: .whitespaces)
  }

  private func index(_ lines: [String], _ prefix: String) -> Int? {
    lines.firstIndex { plain($0).hasPrefix(prefix) }
  }

  @Test("the desktop page: the lead first, then both infoboxes as facts, then the sections")
  func desktopOrder() throws {
    let lines = try lines("zhwiki-caocao-desktop.html")
    let lead = try #require(index(lines, "曹操（155年－220年3月15日）"))
    let person = try #require(index(lines, "字: 孟德"))
    let pronunciation = try #require(
      lines.firstIndex { plain($0).contains("汉语拼音") && plain($0).contains("Cáo Cāo") })
    let firstSection = try #require(index(lines, "## 生平"))
    // Nothing but the hatnote before the lead.
    let shownBefore = lines[..<lead].filter { !plain($0).isEmpty }
    #expect(shownBefore.allSatisfy { $0.contains("曹操 (消歧义)") })
    #expect(lead < person && person < pronunciation && pronunciation < firstSection)
  }

  @Test("each infobox row is one 'label: value' line, a multi-value row's values kept apart")
  func desktopRows() throws {
    let shown = try lines("zhwiki-caocao-desktop.html").map(plain)
    #expect(shown.contains("父亲: 太皇帝曹嵩"))
    #expect(shown.contains("元配: 丁夫人（被废）"))
    #expect(shown.contains("继室: 武宣皇后"))
    #expect(shown.contains("侧室: 刘夫人、环夫人、杜夫人、秦夫人、尹夫人、王昭仪等共15位"))
    #expect(shown.contains("谥号: 武王／武皇帝"))
    #expect(!shown.contains { $0.contains("亲属、") || $0.contains("父亲、") })
  }

  @Test("nothing of the desktop skin: menus, languages, footer links")
  func desktopSkin() throws {
    let shown = try lines("zhwiki-caocao-desktop.html").map(plain).joined(separator: "\n")
    for skin in ["隐私政策", "关于维基百科", "手机版视图", "Português", "Tiếng Việt", "查看历史"] {
      #expect(!shown.contains(skin), "skin shown: \(skin)")
    }
  }

  @Test("the mobile page: the lead first, then the infobox as facts, no 'Quick facts' control")
  func mobileOrder() throws {
    let lines = try lines("zhwiki-zhongguo-mobile-zh-hans.html")
    let lead = try #require(index(lines, "“中国”是位于东亚的国家或地理区域"))
    let traditional = try #require(index(lines, "繁体字: 中國"))
    let simplified = try #require(index(lines, "简化字: 中国"))
    let firstSection = try #require(index(lines, "## 名称"))
    #expect(lead < traditional && traditional < simplified && simplified < firstSection)
    let shownBefore = lines[..<lead].filter { !plain($0).isEmpty }
    #expect(shownBefore.allSatisfy { $0.contains("请见") })
    let text = lines.joined(separator: "\n")
    #expect(!text.contains("Quick facts"))
    #expect(!lines.contains { plain($0) == "Close" })
  }

  @Test("the two scripts of one revision give the same lines in the same order")
  func scriptsAgree() throws {
    let simplified = try lines("zhwiki-zhongguo-mobile-zh-hans.html")
    let traditional = try lines("zhwiki-zhongguo-mobile-zh-hant.html")
    #expect(simplified.count == traditional.count)
    // Line by line: the same links (their marks in order), the same headings and blanks.
    func shape(_ line: String) -> String {
      let marks = line.matches(of: /\[[0-9]+\]/).map { String(line[$0.range]) }
      return (line.hasPrefix("#") ? "# " : line.isEmpty ? "_ " : "") + marks.joined()
    }
    let pairs = zip(simplified, traditional)
    let different = pairs.enumerated().filter { shape($0.element.0) != shape($0.element.1) }
    #expect(
      different.isEmpty, "first different line: \(different.first.map { "\($0.offset)" } ?? "")")
    #expect(simplified.first { plain($0).hasPrefix("“中国”是位于东亚") } != nil)
    #expect(traditional.first { plain($0).hasPrefix("「中國」是位於東亞") } != nil)
  }
}
