import Foundation
import Testing

@testable import FetchModel
@testable import PageReader
@testable import ProvinceCore

/// `browse --fetch` reads its page once (`FetchReport.report(readingOnce:…)`): the page is
/// taken out of the outcome, and a long page's lines are written as they are laid out.
/// What it writes, then its report, is what the ordinary report says.
@Suite struct FetchReportOnceTests {
  /// A page of `paragraphs` paragraphs with a heading, a list, a link and a description
  /// that says more than the text, long enough for many hand-overs at width 40.
  static func page(paragraphs: Int, cut: Bool = false) -> FetchedPage {
    var html =
      "<title>大页</title><meta name=description content='一个很长的页面，用来试验逐段写出。'>"
      + "<h1>大页</h1><ul><li>一</li><li>二</li></ul><p>见<a href='/x'>这里</a>。</p>"
    for number in 1...paragraphs {
      if number % 500 == 0 { html += "<h2>第\(number)节</h2>" }
      html += "<p>第\(number)段：广州市是广东省的省会，位于珠江三角洲北缘。</p>"
    }
    return FetchedPage(
      requestedURL: URL(string: "https://a.test/p")!, finalURL: URL(string: "https://a.test/p")!,
      status: 200, reason: "OK", headers: ["Content-Type": "text/html; charset=utf-8"],
      body: Data(html.utf8), truncated: cut)
  }

  @Test(
    "What a page read once writes, then its report, is the ordinary report",
    arguments: [PageView.reader, .fullPage], [false, true])
  func readingOnceWritesTheOrdinaryReport(view: PageView, cut: Bool) {
    let page = Self.page(paragraphs: 3_000, cut: cut)
    let ordinary = FetchReport.report(.success(LoadedPage(page: page)), width: 40, view: view)
    var outcome: Result<LoadedPage, FetchError> = .success(LoadedPage(page: page))
    var written: [String] = []
    let once = FetchReport.report(readingOnce: &outcome, width: 40, view: view) {
      written.append($0)
    }
    #expect(written.count > 8_000, "lines were written as they were laid out")
    #expect((written + once.output).joined() == ordinary.output.joined())
    #expect(once.messages == ordinary.messages)
    #expect(once.exitCode == ordinary.exitCode)
    // The page was taken out: the outcome holds it no more.
    if case .success = outcome { Issue.record("the outcome still holds the page") }
  }

  @Test("A failure read once is the ordinary failure, nothing written")
  func aFailureIsTheOrdinaryOne() {
    var outcome: Result<LoadedPage, FetchError> = .failure(.timedOut)
    var written: [String] = []
    let once = FetchReport.report(readingOnce: &outcome, width: 40) { written.append($0) }
    #expect(written.isEmpty)
    #expect(once == FetchReport.report(.failure(.timedOut), width: 40))
    #expect(once.exitCode == .unavailable)
  }
}
