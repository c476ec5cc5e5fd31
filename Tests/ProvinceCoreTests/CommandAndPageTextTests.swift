import FetchModel
import Foundation
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

@Suite struct NavigationCommandParsingTests {
  @Test func wordsNumbersAndSearchesAreRecognised() {
    #expect(NavigationCommand.parse("12") == .select(12))
    #expect(NavigationCommand.parse("  3 ") == .select(3))
    #expect(NavigationCommand.parse("") == .enter)
    #expect(NavigationCommand.parse("   ") == .enter)
    #expect(NavigationCommand.parse("b") == .back)
    #expect(NavigationCommand.parse("..") == .back)
    #expect(NavigationCommand.parse("BACK") == .back)
    #expect(NavigationCommand.parse("top") == .top)
    #expect(NavigationCommand.parse("n") == .nextPage)
    #expect(NavigationCommand.parse("p") == .previousPage)
    #expect(NavigationCommand.parse("?") == .help)
    #expect(NavigationCommand.parse("h") == .help)
    #expect(NavigationCommand.parse("q") == .quit)
    #expect(NavigationCommand.parse("quit") == .quit)
    #expect(NavigationCommand.parse("/zhou") == .search("zhou"))
    #expect(NavigationCommand.parse("/ 广 ") == .search("广"))
    #expect(NavigationCommand.parse("广东") == .filter("广东"))
    #expect(NavigationCommand.parse("gd") == .filter("gd"))
  }

  @Test func nonsenseGetsAReasonNotACrash() {
    #expect(NavigationCommand.parse("/") == .invalid("type a search after '/', as in /zhou"))
    #expect(
      NavigationCommand.parse("99999999999999999999999") == .outOfRange("99999999999999999999999"))
    #expect(
      NavigationCommand.parse("a\u{1B}[2Jb") == .invalid("that line has control characters in it"))
  }

  @Test func fullWidthDigitsAreNumbersAsASCIIDigitsAre() {
    #expect(NavigationCommand.parse("１２") == .select(12))
    #expect(NavigationCommand.parse(" １9 ") == .select(19))
    #expect(NavigationCommand.parse("１二") == .filter("１二"))
  }
}

@Suite struct BrowserCommandTests {
  @Test func aBrowserVariableIsTheWholeChoiceNeverReplacedByXdgOpen() {
    let commands = BrowserCommand.candidates(
      url: "https://a.test/", environment: ["BROWSER": "firefox --new-tab:lynx %s"])
    #expect(
      commands == [["firefox", "--new-tab", "https://a.test/"], ["lynx", "https://a.test/"]])
  }

  @Test func textBrowsersAndAnyBrowserWithoutADesktopNeedTheTerminal() {
    #expect(BrowserCommand.needsTerminal("/usr/bin/w3m", environment: ["DISPLAY": ":0"]))
    #expect(BrowserCommand.needsTerminal("lynx", environment: [:]))
    #expect(BrowserCommand.needsTerminal("/usr/bin/xdg-open", environment: [:]))
    #expect(!BrowserCommand.needsTerminal("/usr/bin/xdg-open", environment: ["DISPLAY": ":0"]))
    #expect(!BrowserCommand.needsTerminal("firefox", environment: ["WAYLAND_DISPLAY": "wayland-0"]))
  }

  @Test func withoutBrowserXdgOpenIsTried() {
    #expect(BrowserCommand.candidates(url: "u", environment: [:]).first == ["xdg-open", "u"])
  }

  @Test func programsAreFoundOnThePath() {
    let found = BrowserCommand.resolve("xdg-open", path: "/nope:/usr/bin") {
      $0 == "/usr/bin/xdg-open"
    }
    #expect(found == "/usr/bin/xdg-open")
    #expect(BrowserCommand.resolve("xdg-open", path: "/nope") { _ in false } == nil)
    #expect(BrowserCommand.resolve("/opt/b", path: "") { $0 == "/opt/b" } == "/opt/b")
  }
}

@Suite struct PageTextTests {
  func content(
    _ html: String, type: String = "text/html", truncated: Bool = false, final: String? = nil
  )
    -> PageContent
  {
    let page = FetchedPage(
      requestedURL: URL(string: "https://a.test/p")!,
      finalURL: URL(string: final ?? "https://a.test/p")!,
      status: 200, reason: "OK", headers: ["Content-Type": type], body: Data(html.utf8),
      truncated: truncated,
      elapsed: 0.25)
    return PageContent(page, width: 60)
  }

  @Test func theBodyHasTitleDescriptionTextAndReferences() {
    let page = content(
      "<title>广州</title><meta name=description content='省会'><p>见<a href='/x'>这里</a>。</p>")
    #expect(
      PageText.body(page) == [
        "广州", "省会", "", "见这里[1]。", "", "References", "", "  [1] 这里 — https://a.test/x",
      ])
  }

  @Test func theSummaryGivesStatusTypeCharsetSizeTimeAndWhereRedirectsLed() {
    let page = content("<p>x</p>", final: "https://b.test/q")
    #expect(
      PageText.summary(page) == ["200 OK · text/html · utf-8 · 8 B · 0.25 s", "→ https://b.test/q"])
  }

  @Test func aTruncatedPageSaysSo() {
    #expect(
      PageText.body(content("<p>x</p>", truncated: true)).contains {
        $0.contains("cut at the size limit")
      })
    #expect(
      PageText.summary(content("<p>x</p>", truncated: true))[0].contains("(cut at the size limit)"))
  }

  @Test func aPageCutAtTheTimeoutSaysThatAndNotTheSizeLimit() {
    var page = content("<p>x</p>", truncated: true)
    page.cutAtTimeout = true
    #expect(PageText.summary(page)[0].contains("8 B (cut at the timeout)"))
    let body = PageText.body(page)
    #expect(body.last == "[The page was still arriving at the timeout; this is as far as it came.]")
    #expect(!body.contains { $0.contains("size limit") })
  }

  @Test func otherTypesAreDescribedByTypeAndSize() {
    #expect(
      PageText.body(content("{\"a\":1}", type: "application/json")) == [
        "(application/json, 7 B: not a page to show as text)"
      ])
  }

  @Test func byteCountsReadNaturally() {
    #expect(PageText.byteCount(999) == "999 B")
    #expect(PageText.byteCount(120_400) == "120.4 kB")
    #expect(PageText.byteCount(5_000_000) == "5.0 MB")
  }
}
