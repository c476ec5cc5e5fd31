import FetchModel
import Foundation
import TerminalUI
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

/// The MediaWiki reader view keeps its place across a resize (it once lost it): its
/// infobox's facts are items appended to the document and shown between the lead and the
/// sections, so the layout's restart points are not in item order, and a resize must find
/// the top line's point by its item, not by bisection over items.
@Suite struct WikiResizeTests {
  let navigator = Navigator(
    catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
  let guangzhou = "https://zh.wikipedia.org/wiki/广州市"

  /// A MediaWiki article: a lead, an infobox of 12 rows, then 30 sections of paragraphs
  /// of every length, so that each width wraps them differently.
  static let html: String = {
    let rows = (1...12).map { "<tr><th>项目\($0)</th><td>内容\($0)的说明文字</td></tr>" }.joined()
    let sections = (1...30).map { number in
      "<h2>第\(number)节</h2><p>第\(number)段"
        + String(repeating: "城市的历史与文化。", count: 1 + (number * 7) % 23) + "</p>"
    }.joined()
    return
      "<html><head><title>广州市 - 维基百科</title></head><body><h1 id=\"firstHeading\">广州市</h1>"
      + "<div class=\"mw-body-content\"><div class=\"mw-parser-output\">"
      + "<p>广州市是广东省的省会。" + String(repeating: "这是导言的文字。", count: 20) + "</p>"
      + "<table class=\"infobox\"><tbody>\(rows)</tbody></table>"
      + sections + "</div></div></body></html>"
  }()

  func onPage(columns: Int) -> NavigationState {
    var state = navigator.start(
      viewport: Viewport(columns: columns, rows: 20), policy: .fullScreen)
    for command in [NavigationCommand.move(1), .choose, .choose] {
      _ = navigator.update(&state, command)
    }
    let address = URL(string: URLText.ascii(guangzhou)) ?? URL(fileURLWithPath: "/")
    let page = FetchedPage(
      requestedURL: address, finalURL: address, status: 200, reason: "OK",
      headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(Self.html.utf8))
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, PageContent(page, width: columns)))
    return state
  }

  func topLine(_ state: NavigationState) -> String {
    navigator.pageSections(state).line(state.top.scroll)
  }

  @Test(arguments: ["第3段", "项目5", "第20段"])
  func aResizeThereAndBackKeepsTheTopLine(_ text: String) throws {
    var state = onPage(columns: 100)
    let sections = navigator.pageSections(state)
    #expect(sections.scrolled.contains { $0.contains("项目1") }, "the facts block is shown")
    let line = try #require((0..<sections.count).first { sections.line($0).contains(text) })
    state.top.scroll = line
    let before = topLine(state)
    _ = navigator.update(&state, .resize(Viewport(columns: 60, rows: 20)))
    let narrow = topLine(state)
    #expect(narrow.contains(text) || narrow.hasPrefix(String(before.prefix(4))), "\(narrow)")
    _ = navigator.update(&state, .resize(Viewport(columns: 100, rows: 20)))
    #expect(topLine(state) == before, "\(topLine(state)) ≠ \(before)")
  }
}
