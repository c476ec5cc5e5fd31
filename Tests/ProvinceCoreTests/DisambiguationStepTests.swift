import Foundation
import Testing

@testable import FetchModel
@testable import PageReader
@testable import ProvinceCore

/// The decision on a fetched page: follow an entry, offer the entries, or nothing.
@Suite struct DisambiguationStepTests {
  func page(_ html: String, status: Int = 200) throws -> FetchedPage {
    let url = try #require(URL(string: "https://zh.wikipedia.org/wiki/X"))
    return FetchedPage(
      requestedURL: url, finalURL: url, status: status, reason: "OK",
      headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(html.utf8))
  }

  let dab =
    #"<script>RLCONF={"wgCategories":["全部消歧義頁面"],"wgTitle":"朝阳区"};</script>"#
    + #"<div class="mw-parser-output"><ul><li><a href="/wiki/A_(B)">朝阳区 (北京市)</a>，北京市</li>"#
    + #"<li><a href="/wiki/C">双塔区</a>，辽宁省朝阳市</li></ul></div>"#

  @Test func anEntryNamingTheParentIsFollowedAndNoneIsOffered() throws {
    #expect(
      DisambiguationStep.decide(try page(dab), parents: [["辽宁省", "辽宁"]])
        == .follow(url: "https://zh.wikipedia.org/wiki/C", note: "消歧义页「朝阳区」→ C"))
    guard
      case .offer(let note, let entries) = DisambiguationStep.decide(
        try page(dab), parents: [["广东省", "广东"]])
    else { return #expect(Bool(false)) }
    #expect(note == "消歧义页「朝阳区」: no entry names 广东省")
    #expect(DisambiguationStep.numbered(entries) == ["  1. 朝阳区 (北京市) ，北京市", "  2. 双塔区 ，辽宁省朝阳市"])
  }

  @Test func anArticleAnErrorPageOrAPageWithoutMarkersIsLeftAlone() throws {
    #expect(DisambiguationStep.decide(try page(dab, status: 404), parents: []) == nil)
    #expect(DisambiguationStep.decide(try page("<p>广州市</p>"), parents: []) == nil)
    #expect(!DisambiguationStep.mayBeDisambiguation(Data("<p>广州市</p>".utf8)))
    #expect(DisambiguationStep.mayBeDisambiguation(Data(dab.utf8)))
  }
}
