import Foundation
import TestFixtures
import Testing

@testable import CatalogModel

/// A city's `counties`: read from XML and JSON in the city's shape, bad counties skipped
/// alone with their place, files without counties unchanged, and `--validate`'s check of a
/// catalog not read from a file.
@Suite struct LoaderCountyTests {
  static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
      <key>江苏省</key>
      <array>
        <dict><key>name</key><string>苏州市</string><key>url</key><string>https://sz.example/</string>
          <key>counties</key>
          <array>
            <dict><key>name</key><string>昆山市</string><key>url</key><string>https://ks.example/</string>
              <key>code</key><integer>320583</integer><key>pinyin</key><string>kun shan shi</string>
              <key>area</key><real>931.5</real></dict>
            <dict><key>name</key><string>太仓市</string><key>url</key><string>/relative</string></dict>
            <dict><key>name</key><string>昆山市</string><key>url</key><string>https://ks2.example/</string></dict>
            <string>not a county</string>
          </array>
        </dict>
        <dict><key>name</key><string>南京市</string><key>url</key><string>https://nj.example/</string></dict>
      </array>
    </dict>
    </plist>
    """

  @Test func xmlCountiesAreReadInTheCitysShape() throws {
    let result = LoaderFixtures.load(Self.xml, source: "c.plist")
    let catalog = try #require(result.catalog)
    let suzhou = catalog.provinces[0].cities[0]
    #expect(suzhou.counties.map(\.name) == ["昆山市"])
    let kunshan = try #require(suzhou.counties.first)
    #expect(kunshan.url == "https://ks.example/")
    #expect(kunshan.code == "320583")
    #expect(kunshan.pinyin == "kun shan shi")
    #expect(kunshan.extra == [ExtraField(key: "area", value: .real(931.5))])
    #expect(suzhou.extra.isEmpty)
    #expect(catalog.provinces[0].cities[1].counties.isEmpty)
  }

  @Test func aBadCountyIsSkippedAloneWithItsLine() {
    let result = LoaderFixtures.load(Self.xml, source: "c.plist")
    #expect(result.diagnostics.map(\.location) == [.line(12), .line(13), .line(14)])
    let messages = result.diagnostics.map(\.message)
    #expect(messages.count == 3)
    guard messages.count == 3 else { return }
    #expect(messages[0].hasPrefix("county '太仓市' in '苏州市' in '江苏省' has an invalid url '/relative'"))
    #expect(messages[1] == "duplicate county '昆山市' in '苏州市' in '江苏省'; the first one is kept")
    #expect(
      messages[2] == "county 3 in '苏州市' in '江苏省' is not a dictionary (found a string); skipped")
  }

  @Test func jsonCountiesAreReadAndPlacedByKeyPath() throws {
    let json = """
      {"广东省": [{"name": "广州市", "url": "https://gz.example/",
        "counties": [{"name": "天河区", "url": "https://th.example/", "code": "440106"},
                     {"name": "越秀区"}]},
        {"name": "东莞市", "url": "https://dg.example/", "counties": "none"}]}
      """
    let result = LoaderFixtures.load(json, source: "c.json")
    let catalog = try #require(result.catalog)
    #expect(catalog.provinces[0].cities[0].counties.map(\.name) == ["天河区"])
    #expect(catalog.provinces[0].cities[0].counties.first?.code == "440106")
    #expect(
      result.diagnostics.map(\.location) == [
        .keyPath("广东省[0].counties[1]"), .keyPath("广东省[1].counties"),
      ])
    #expect(result.diagnostics.last?.message.contains("'counties' that is not an array") == true)
  }

  @Test func aCountysOwnCountiesAreKeptAsAnExtraField() throws {
    let json = """
      {"p": [{"name": "c", "url": "https://c.example/",
        "counties": [{"name": "k", "url": "https://k.example/", "counties": [1]}]}]}
      """
    let county = try #require(
      LoaderFixtures.load(json).catalog?.provinces[0].cities[0].counties.first)
    #expect(county.counties.isEmpty)
    #expect(county.extra == [ExtraField(key: "counties", value: .array([.integer(1)]))])
  }

  @Test func checkingABuiltCatalogReportsBadCountiesWithTheirPaths() {
    let catalog = Catalog(provinces: [
      Province(
        name: "江苏省",
        cities: [
          City(
            name: "苏州市", url: "https://sz.example/",
            counties: [
              City(name: "昆山市", url: "https://ks.example/"),
              City(name: "昆山市", url: "https://ks.example/"),
              City(name: "", url: "nope"),
            ])
        ])
    ])
    let found = CatalogCheck.diagnostics(of: catalog, source: "<built-in>")
    #expect(
      found.map(\.location) == [
        .keyPath("江苏省[0].counties[1]"), .keyPath("江苏省[0].counties[2]"),
        .keyPath("江苏省[0].counties[2]"),
      ])
    #expect(found.first?.message == "county '昆山市' appears twice in '苏州市'")
  }
}
