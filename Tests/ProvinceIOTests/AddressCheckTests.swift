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
