import Foundation
import TestFixtures
import Testing

@testable import CatalogModel
@testable import TextSupport

/// A division code is a string wherever it ends up (`jq 'select(.code|startswith("44"))'`),
/// whichever way the file wrote it.
@Suite struct LoaderCodeTests {
  typealias F = LoaderFixtures

  static func xmlCity(code: String) -> String {
    F.header + """
      <dict><key>广东省</key><array><dict>
      <key>name</key><string>广州市</string>
      <key>url</key><string>https://gz.example/</string>
      <key>code</key>\(code)
      </dict></array></dict></plist>
      """
  }

  static func jsonCity(code: String) -> String {
    "{\"广东省\": [{\"name\": \"广州市\", \"url\": \"https://gz.example/\", \"code\": \(code)}]}"
  }

  func onlyCity(_ result: LoadResult) -> City? {
    result.catalog?.provinces.first?.cities.first
  }

  @Test func anIntegerCodeInAnXMLPlistBecomesItsDecimalString() throws {
    let result = F.load(Self.xmlCity(code: "<integer>440100</integer>"))
    #expect(result.diagnostics.isEmpty)
    let city = try #require(onlyCity(result))
    #expect(city.code == "440100")
    #expect(city.extra.isEmpty)
  }

  @Test func anIntegerCodeInJSONBecomesItsDecimalString() throws {
    let result = F.load(Self.jsonCity(code: "440100"), source: "c.json")
    #expect(result.diagnostics.isEmpty)
    let city = try #require(onlyCity(result))
    #expect(city.code == "440100")
    #expect(city.extra.isEmpty)
  }

  @Test func anIntegerCodeInABinaryPlistBecomesItsDecimalString() throws {
    var plist = LoaderBinaryPlist()
    let root = plist.add(.dict([]))
    let city = plist.add(
      .dict([
        (plist.add(.string("name")), plist.add(.string("广州市"))),
        (plist.add(.string("url")), plist.add(.string("https://gz.example/"))),
        (plist.add(.string("code")), plist.add(.int(440100))),
      ]))
    plist.objects[root] = .dict([(plist.add(.string("广东省")), plist.add(.array([city])))])
    plist.top = root
    let result = CatalogLoader.load(plist.data(), source: "b.plist")
    #expect(result.diagnostics.isEmpty)
    #expect(onlyCity(result)?.code == "440100")
    #expect(onlyCity(result)?.extra.isEmpty == true)
  }

  @Test func aCodeThatIsNeitherStringNorIntegerIsDroppedWithAWarning() throws {
    let cases = [
      (
        Self.xmlCity(code: "<real>440100.5</real>"), "r.plist", "a real number",
        Diagnostic.Location.line(7)
      ),
      (Self.xmlCity(code: "<true/>"), "t.plist", "a boolean", .line(7)),
      (Self.jsonCity(code: "4.4e5"), "r.json", "a real number", .keyPath("广东省[0].code")),
      (Self.jsonCity(code: "false"), "b.json", "a boolean", .keyPath("广东省[0].code")),
      (Self.jsonCity(code: "[44]"), "a.json", "an array", .keyPath("广东省[0].code")),
      (Self.jsonCity(code: "{\"v\": 44}"), "d.json", "a dictionary", .keyPath("广东省[0].code")),
    ]
    for (text, source, kind, location) in cases {
      let result = F.load(text, source: source)
      let city = try #require(onlyCity(result), "\(source)")
      #expect(city.code == nil, "\(source)")
      #expect(city.extra.isEmpty, "\(source): a non-string code never reaches the output")
      #expect(
        F.warnings(result) == [
          "city 0 in '广东省' has a 'code' that is not a string or an integer (found \(kind)); dropped"
        ], "\(source)")
      #expect(result.diagnostics.first?.location == location, "\(source)")
    }
  }

  @Test func aNegativeOrHugeIntegerCodeIsStillItsDecimalString() {
    #expect(onlyCity(F.load(Self.jsonCity(code: "-7"), source: "n.json"))?.code == "-7")
    let big = "9223372036854775807"
    #expect(onlyCity(F.load(Self.jsonCity(code: big), source: "h.json"))?.code == big)
  }
}
