import Testing

@testable import TextSupport

/// IDNA ToASCII of whole host names: label by label, full-width dots, folding, bounds.
@Suite struct HostNameTests {
  @Test func aChineseNameBecomesXNLabels() {
    #expect(HostName.ascii("例子.测试") == "xn--fsqu00a.xn--0zwm56d")
    #expect(HostName.ascii("维基百科.中国") == "xn--3js032e7ich4g.xn--fiqs8s")
  }

  @Test func ideographicAndFullWidthFullStopsSeparateLabels() {
    for name in ["例子。测试", "例子．测试", "例子｡测试"] {
      #expect(HostName.ascii(name) == "xn--fsqu00a.xn--0zwm56d", "\(name)")
    }
  }

  @Test func asciiLabelsAmongThemAreLowerCasedAndKept() {
    #expect(HostName.ascii("WWW.例子.Test") == "www.xn--fsqu00a.test")
    #expect(HostName.ascii("ＷＷＷ.例子.com") == "www.xn--fsqu00a.com")  // full-width letters
    #expect(HostName.ascii("Bücher.DE") == "xn--bcher-kva.de")
    #expect(HostName.ascii("例子.测试.") == "xn--fsqu00a.xn--0zwm56d.")  // the root
  }

  @Test func aHostThatIsASCIIAlreadyIsUntouched() {
    for host in ["zh.wikipedia.org", "Example.COM", "127.0.0.1", "[::1]", "a..b", "xn--fsqu00a"] {
      #expect(HostName.ascii(host) == host)
    }
  }

  @Test func badLabelsAreRefused() {
    #expect(HostName.ascii("例子..测试") == nil)  // an empty label
    #expect(HostName.ascii(".例子") == nil)
    #expect(HostName.ascii("例子。。") == nil)
    // 60 of one character: "xn--fsq" and 59 more letters, 66 bytes.
    #expect(HostName.ascii(String(repeating: "例", count: 60) + ".cn") == nil)
    let long = Array(repeating: "例子", count: 22).joined(separator: ".")
    #expect(HostName.ascii(long) == nil)  // name > 253
    #expect(HostName.ascii("例 子.cn") == nil)  // a space
    #expect(HostName.ascii("例\u{202E}子.cn") == nil)  // a bidi override
    #expect(HostName.ascii("例子.c/n") == nil)
  }
}
