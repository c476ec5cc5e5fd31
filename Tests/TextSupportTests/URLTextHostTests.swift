import Foundation
import Testing

@testable import TextSupport

/// `URLText` puts an international host in its ASCII (xn--) form, in every printed URL and
/// in the URL requested, and leaves everything else as it encoded it before.
@Suite struct URLTextHostTests {
  @Test func aChineseDomainIsPunycodeNotPercentEncoded() {
    #expect(URLText.ascii("https://例子.测试/") == "https://xn--fsqu00a.xn--0zwm56d/")
    #expect(
      URLText.ascii("http://用户@例子。测试:8080/路径?q=广州#片段")
        == "http://%E7%94%A8%E6%88%B7@xn--fsqu00a.xn--0zwm56d:8080/"
        + "%E8%B7%AF%E5%BE%84?q=%E5%B9%BF%E5%B7%9E#%E7%89%87%E6%AE%B5")
    #expect(
      URLText.ascii("https://%E4%BE%8B%E5%AD%90.%E6%B5%8B%E8%AF%95/x")
        == "https://xn--fsqu00a.xn--0zwm56d/x")
  }

  @Test func asciiHostsAndIPLiteralsAreAsBefore() {
    let unchanged = [
      "https://zh.wikipedia.org/wiki/%E5%B9%BF%E5%B7%9E%E5%B8%82", "http://[::1]:8080/a",
      "http://127.0.0.1:99/", "HTTP://Example.COM/", "mailto:someone@例子.cn",
    ]
    for url in unchanged {
      #expect(URLText.ascii(url) == url.replacingOccurrences(of: "例子", with: "%E4%BE%8B%E5%AD%90"))
    }
    #expect(
      URLText.ascii("https://zh.wikipedia.org/wiki/广州市")
        == "https://zh.wikipedia.org/wiki/%E5%B9%BF%E5%B7%9E%E5%B8%82")
  }

  @Test func theRequestURLHasTheXNHost() throws {
    let url = try #require(URLText.requestURL("https://例子.测试/路径"))
    #expect(url.host == "xn--fsqu00a.xn--0zwm56d")
    #expect(url.absoluteString == "https://xn--fsqu00a.xn--0zwm56d/%E8%B7%AF%E5%BE%84")
    #expect(URLText.requestURL("http://[::1]:8080/")?.port == 8080)
  }

  @Test func theHostIsReadWithoutUserAndPortInLowerCase() {
    #expect(URLText.host("https://www.News.test/a") == "www.news.test")
    #expect(URLText.host("http://user@news.test:8080/a?b") == "news.test")
    #expect(URLText.host("http://[::1]:80/") == "[::1]")
    #expect(URLText.host("https://例子.测试/") == "例子.测试")
    #expect(URLText.host("/relative/path") == nil)
    #expect(URLText.host("mailto:someone@news.test") == nil)
    #expect(URLText.host("http:///x") == nil)
  }

  @Test func anUnconvertibleHostIsNoRequestURL() {
    #expect(URLText.requestURL("https://例子..测试/") == nil)
    #expect(URLText.requestURL("https://" + String(repeating: "例", count: 60) + ".cn/") == nil)
    #expect(URLText.requestURL("not a url") == nil)
    #expect(URLText.requestURL("http:///x") == nil)
    // Printed, such a host is percent-encoded as before: still printable ASCII.
    #expect(URLText.ascii("https://例子..测试/") == "https://%E4%BE%8B%E5%AD%90..%E6%B5%8B%E8%AF%95/")
  }
}
