import Foundation
import TestFixtures
import Testing

@testable import CatalogModel
@testable import TextSupport

/// A file that loads to nothing is bad data (exit 65), never an empty catalog.
@Suite struct LoaderNoUsableDataTests {
  typealias F = LoaderFixtures

  func expectFatal(_ result: LoadResult, _ message: String, _ comment: Comment? = nil) {
    #expect(result.catalog == nil, comment)
    #expect(result.isFatal, comment)
    #expect(result.diagnostics.last?.severity == .fatal, comment)
    #expect(result.diagnostics.last?.message == message, comment)
    #expect(result.diagnostics.last?.location == Diagnostic.Location.none, comment)
    #expect(result.diagnostics.filter { $0.severity == .fatal }.count == 1, comment)
  }

  @Test func aFileWithNoProvincesAtAllIsFatal() {
    expectFatal(F.load(F.header + "<dict/>\n</plist>\n"), "the file has no provinces")
    expectFatal(F.load("<plist><dict></dict></plist>"), "the file has no provinces")
    expectFatal(F.load("{}", source: "e.json"), "the file has no provinces")
    expectFatal(F.load(" { \n } \n", source: "e.json"), "the file has no provinces")
  }

  @Test func anEmptyBinaryPlistDictionaryIsFatal() {
    var plist = LoaderBinaryPlist()
    plist.top = plist.add(.dict([]))
    let result = CatalogLoader.load(plist.data(), source: "e.plist")
    expectFatal(result, "the file has no provinces")
  }

  @Test func aFileWhoseEveryURLIsBadIsFatalAfterItsWarnings() {
    let provinces = [
      ("广东省", [F.city("广州市", "gz.example"), F.city("深圳市", "ftp://sz.example/")]),
      ("北京市", [F.city("东城区", "/relative")]),
    ]
    let message = "no usable province: every entry was skipped"
    for (text, source) in [(F.json(provinces), "bad.json"), (F.xml(provinces), "bad.plist")] {
      let result = F.load(text, source: source)
      expectFatal(result, message, "\(source)")
      // Every skipped entry still says why, before the fatal line.
      #expect(F.warnings(result).count == 5, "\(source)")
    }
  }

  @Test func aFileWhoseEveryProvinceIsSkippedIsFatal() {
    let message = "no usable province: every entry was skipped"
    let notArrays = "{\"广东省\": \"x\", \"北京市\": {\"name\": \"a\"}}"
    expectFatal(F.load(notArrays, source: "n.json"), message)
    expectFatal(F.load(F.xml([("空省", []), ("", [F.city("a")])])), message)
  }

  @Test func oneUsableCityIsEnoughToLoad() {
    let text = F.json([("P", [F.city("a", "bad"), F.city("b", "https://b.example/")])])
    let result = F.load(text, source: "one.json")
    #expect(!result.isFatal)
    #expect(F.cityNames(result.catalog) == [["b"]])
  }

  @Test func theBuiltInCheckCallsACatalogWithNoProvincesFatal() {
    let found = CatalogCheck.diagnostics(of: Catalog(provinces: []), source: "<built-in>")
    #expect(found.map(\.severity) == [.fatal])
    #expect(found.map(\.message) == ["the file has no provinces"])
  }

  @Test func theBuiltInCheckCallsACatalogWithNoUsableProvinceFatal() {
    let catalog = Catalog(provinces: [
      Province(name: "空省", cities: []),
      Province(name: "坏省", cities: [City(name: "y", url: "/relative")]),
      Province(name: "", cities: [City(name: "z", url: "https://z.example/")]),
      Province(name: "重省", cities: [City(name: "", url: "https://e.example/")]),
    ])
    let found = CatalogCheck.diagnostics(of: catalog, source: "<built-in>")
    #expect(found.last?.severity == .fatal)
    #expect(found.last?.message == "no usable province: every entry was skipped")
    #expect(found.filter { $0.severity == .fatal }.count == 1)
  }

  @Test func theBuiltInCheckLetsACatalogWithOneUsableCityPass() {
    let catalog = Catalog(provinces: [
      Province(name: "空省", cities: []),
      Province(
        name: "好省",
        cities: [City(name: "y", url: "/relative"), City(name: "x", url: "https://x.example/")]),
    ])
    let found = CatalogCheck.diagnostics(of: catalog, source: "<built-in>")
    #expect(found.allSatisfy { $0.severity == .warning })
    #expect(found.count == 2)
  }
}
