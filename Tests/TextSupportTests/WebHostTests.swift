import Testing

@testable import TextSupport

/// The one notion of a valid host (`WebHost`) against the WHATWG URL standard's host
/// parser: the answers below are the standard's (and a browser's address bar's).
@Suite struct WebHostTests {
  @Test(
    "IPv4 addresses in the standard's other forms are written dotted-decimal",
    arguments: [
      ("127.1", "127.0.0.1"), ("2130706433", "127.0.0.1"), ("127.0.0.01", "127.0.0.1"),
      ("0x7f.0.0.1", "127.0.0.1"), ("0177.0.0.1", "127.0.0.1"), ("127.0.1", "127.0.0.1"),
      ("1.2.3.4.", "1.2.3.4"), ("0x", "0.0.0.0"), ("0xFFFFFFFF", "255.255.255.255"),
    ])
  func otherIPv4FormsAreCanonicalised(host: String, expected: String) {
    #expect(WebHost.canonical(host) == expected)
  }

  @Test(
    "IPv6 literals are taken and compressed, an IPv4-mapped one with its dotted tail",
    arguments: [
      ("[0::ffff:127.0.0.1]", "[::ffff:127.0.0.1]"), ("[::1]", "[::1]"),
      ("[0:0:0:0:0:0:0:1]", "[::1]"), ("[2001:DB8:0:0:1:0:0:1]", "[2001:db8::1:0:0:1]"),
      ("[1::]", "[1::]"), ("[::]", "[::]"),
    ])
  func ipv6LiteralsAreCanonicalised(host: String, expected: String) {
    #expect(WebHost.canonical(host) == expected)
  }

  @Test(
    "Domains are lower-cased; international ones take their IDNA form",
    arguments: [
      ("Example.COM", "example.com"), ("例子.测试", "xn--fsqu00a.xn--0zwm56d"),
      ("a_b.example", "a_b.example"), ("%65xample.com", "example.com"),
    ])
  func domainsAreCanonicalised(host: String, expected: String) {
    #expect(WebHost.canonical(host) == expected)
  }

  @Test(
    "What the standard refuses is refused",
    arguments: [
      "", "1.2.3.256", "1.2.3.4.5", "4294967296", "0x100000000", "256.0.0.1",
      "a<b", "a b", "a^b", "a|b", "a%b", "a%20b", "[1::2::3]", "[1:2:3:4:5:6:7:8:9]",
      "[::1%25eth0]", "[::ffff:127.0.0.01]", "[]", "[::1", "foo.09", "例子..测试",
    ])
  func refusedHosts(host: String) {
    #expect(WebHost.canonical(host) == nil)
  }
}
