import FetchModel
import Foundation
import TestFixtures
import TestSupport
import Testing

@testable import CatalogModel
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

/// Which city addresses `--validate` and the loader accept: ports within 0…65535, IPv6
/// literals, and international host names only when they convert to ASCII.
@Suite struct AddressCheckTests {
  typealias F = LoaderFixtures

  @Test(arguments: [
    "http://127.0.0.1:99999/", "http://h:65536/", "https://h:4294967297/",
    "http://[::1]:100000/", "http://h:000000000000000000070000/",
  ])
  func aPortAbove65535IsNotAWebAddress(url: String) {
    #expect(!HTTPURLCheck.isAbsoluteHTTP(url))
  }

  @Test(arguments: ["http://h:65535/", "http://h:0/", "http://[::1]:8080/", "http://h:/"])
  func aPortUpTo65535Is(url: String) {
    #expect(HTTPURLCheck.isAbsoluteHTTP(url))
  }

  @Test func theLoaderSkipsACityWhosePortIsTooBigAndSaysWhere() {
    let result = F.load(
      F.xml([("测试省", [F.city("甲市", "http://127.0.0.1:99999/"), F.city("乙市", "http://a/")])]))
    #expect(F.cityNames(result.catalog) == [["乙市"]])
    let warnings = result.diagnostics.filter { $0.severity == .warning }
    #expect(warnings.count == 1)
    #expect(warnings.first?.description.contains("test.plist:") == true)
    #expect(warnings.first?.message.contains("99999") == true)
  }

  @Test(arguments: ["https://例子..测试/", "https://例子.测试。。/", "http://例 子.cn/"])
  func anInternationalHostWithoutAnASCIIFormIsNotAWebAddress(url: String) {
    #expect(!HTTPURLCheck.isAbsoluteHTTP(url))
  }

  @Test(arguments: ["https://例子.测试/", "https://例子。测试/路径", "https://例子.测试.:8443/"])
  func anInternationalHostWithAnASCIIFormIs(url: String) {
    #expect(HTTPURLCheck.isAbsoluteHTTP(url))
  }
}

/// `--check` requests what `URLText.requestURL` makes of an address.
@Suite struct LinkCheckAddressTests {
  @Test func anInternationalHostThatCannotBeConvertedIsInvalidWithoutARequest() async {
    let checker = LinkChecker(fetcher: PageFetcher(limits: FetchLimits(timeout: 1)), wait: { _ in })
    let result = await checker.check(
      LinkCheck.Target(province: "p", city: "c", url: "https://例子..测试/"))
    #expect(result.outcome == .failed(.invalidURL("https://例子..测试/")))
    #expect(result.attempts == 0)
  }
}

/// `--validate`, the fetcher and `--check` decide with one notion of a valid URL
/// (`WebHost`, the WHATWG host parser): what one takes, the others fetch.
@Suite(.timeLimit(.minutes(2))) struct OneURLValidityTests {
  /// The loopback server's address in forms curl and browsers fetch.
  static func forms(port: UInt16) -> [String] {
    [
      "http://127.1:\(port)/ok", "http://2130706433:\(port)/ok",
      "http://127.0.0.01:\(port)/ok", "http://0x7f.0.0.1:\(port)/ok",
    ]
  }

  @Test("127.1, 2130706433, 127.0.0.01 and 0x7f.0.0.1 pass --validate and are fetched")
  func otherIPv4FormsAreValidAndFetched() async throws {
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    server.route("/ok") { _ in .html("<p>loopback</p>") }
    for address in Self.forms(port: server.port) {
      #expect(HTTPURLCheck.isAbsoluteHTTP(address), "\(address)")
      let url = try #require(URL(string: address))
      let page = try await PageFetcher(limits: .init(timeout: 20)).fetch(url)
      #expect(page.text() == "<p>loopback</p>", "\(address)")
      let checked = await LinkChecker(fetcher: PageFetcher(), wait: { _ in }).check(
        LinkCheck.Target(province: "p", city: "c", url: address))
      #expect(checked.outcome == .status(200), "\(address)")
    }
  }

  @Test("An IPv4-mapped IPv6 literal passes --validate and is fetched when ::1 can listen")
  func anIPv4MappedLiteralIsValid() async throws {
    #expect(HTTPURLCheck.isAbsoluteHTTP("http://[0::ffff:127.0.0.1]:80/"))
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    server.route("/ok") { _ in .html("<p>mapped</p>") }
    // A dual-stack socket would be needed to reach 127.0.0.1 through ::ffff:…; the
    // request must at least not be refused as an invalid address.
    let url = try #require(URL(string: "http://[0::ffff:127.0.0.1]:\(server.port)/ok"))
    do {
      _ = try await PageFetcher(limits: .init(timeout: 20)).fetch(url)
    } catch {
      if case .invalidURL = error { Issue.record("refused as invalid: \(error.message)") }
    }
  }

  @Test(
    "What the standard refuses fails --validate and --check alike, without a request",
    arguments: ["http://1.2.3.256/", "http://1.2.3.4.5/", "http://a<b/", "http://[1::2::3]/"])
  func refusedEverywhere(address: String) async {
    #expect(!HTTPURLCheck.isAbsoluteHTTP(address))
    let checked = await LinkChecker(fetcher: PageFetcher(), wait: { _ in }).check(
      LinkCheck.Target(province: "p", city: "c", url: address))
    #expect(checked.outcome == .failed(.invalidURL(address)))
    #expect(checked.attempts == 0)
  }
}
