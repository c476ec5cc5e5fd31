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

  /// Two divisions with one code: a lookup by that code finds both, so --validate says so
  /// (issue 48, item 10), wherever the second is (a city or a county) and in either format.
  @Test func aCodeGivenTwiceIsReportedWhereTheSecondIs() throws {
    let xml =
      F.header + """
        <dict><key>甲省</key><array>
        <dict><key>name</key><string>乙市</string><key>url</key><string>https://a.example/</string>
        <key>code</key><string>990100</string></dict>
        <dict><key>name</key><string>丙市</string><key>url</key><string>https://b.example/</string>
        <key>code</key><integer>990100</integer><key>counties</key><array>
        <dict><key>name</key><string>丁县</string><key>url</key><string>https://c.example/</string>
        <key>code</key><string>990100</string></dict></array></dict>
        </array></dict></plist>
        """
    let result = F.load(xml, source: "d.plist")
    #expect(result.catalog?.provinces.first?.cities.count == 2)
    #expect(
      result.diagnostics.map(\.description) == [
        "d.plist:7: warning: duplicate code '990100': city '丙市' in '甲省' has the code of"
          + " city '乙市' in '甲省'; both are kept",
        "d.plist:9: warning: duplicate code '990100': county '丁县' in '丙市' in '甲省' has the"
          + " code of city '乙市' in '甲省'; both are kept",
      ])
    let json = F.load(
      "{\"甲省\": [{\"name\": \"乙市\", \"url\": \"https://a.example/\", \"code\": \"1\"},"
        + " {\"name\": \"丙市\", \"url\": \"https://b.example/\", \"code\": 1}]}",
      source: "d.json")
    #expect(json.diagnostics.map(\.location) == [.keyPath("甲省[1]")])
  }

  /// The first holder of a code may be a division not yet kept when the second is read:
  /// the city whose counties are being read, or an earlier county of that city. Each is
  /// named as a warning names it, and the catalog keeps every division.
  @Test func aCodeRepeatedUnderACityNamesTheFirstHolderWhereverItIs() throws {
    let json =
      "{\"甲省\": [{\"name\": \"乙市\", \"url\": \"https://a.example/\", \"code\": \"7\","
      + " \"counties\": [{\"name\": \"丁县\", \"url\": \"https://b.example/\", \"code\": \"1\"},"
      + " {\"name\": \"戊县\", \"url\": \"https://c.example/\", \"code\": \"7\"},"
      + " {\"name\": \"己县\", \"url\": \"https://d.example/\", \"code\": \"1\"}]}],"
      + " \"庚省\": [{\"name\": \"辛市\", \"url\": \"https://e.example/\", \"code\": \"8\","
      + " \"counties\": [{\"name\": \"壬县\", \"url\": \"https://f.example/\", \"code\": \"1\"}]},"
      + " {\"name\": \"癸市\", \"url\": \"https://g.example/\", \"code\": \"8\"}]}"
    let result = F.load(json, source: "d.json")
    #expect(
      result.diagnostics.map(\.message) == [
        "duplicate code '7': county '戊县' in '乙市' in '甲省' has the code of city '乙市' in '甲省';"
          + " both are kept",
        "duplicate code '1': county '己县' in '乙市' in '甲省' has the code of county '丁县' in"
          + " '乙市' in '甲省'; both are kept",
        "duplicate code '1': county '壬县' in '辛市' in '庚省' has the code of county '丁县' in"
          + " '乙市' in '甲省'; both are kept",
        "duplicate code '8': city '癸市' in '庚省' has the code of city '辛市' in '庚省';"
          + " both are kept",
      ])
    let catalog = try #require(result.catalog)
    #expect(catalog.provinces.map { $0.cities.map(\.name) } == [["乙市"], ["辛市", "癸市"]])
    #expect(catalog.provinces[0].cities[0].counties.map(\.name) == ["丁县", "戊县", "己县"])
  }

  /// Codes in ascending runs, out of order and repeated, some spelt differently but equal
  /// as strings (K and the Kelvin sign), some of one value but not equal (7, 07), more
  /// than the table was sized for: each repeat
  /// finds the first holder of its code, as a table keyed by the code finds it, and each
  /// new code is recorded.
  @Test func theCodeIndexFindsTheFirstHolderInAnyOrder() {
    typealias Holder = CodeHolderIndex.Holder
    let pool =
      (0..<600).map { String(format: "%04d", $0 * 7 % 600) } + [
        "K", "\u{212A}", "é", "e\u{301}", "7", "07", "007", "00000000000000007",
        String(repeating: "9", count: 18),
      ]
    var random = SeededGenerator(seed: 48)
    // Ascending runs that interleave (as a file listing its divisions twice over), then
    // random order, then one more ascending pass over everything.
    var codes = pool[..<300].sorted()
    codes += pool.shuffled(using: &random)[..<300].sorted()
    codes += pool.sorted()
    for _ in 0..<3000 { codes.append(pool.randomElement(using: &random) ?? "") }
    codes += pool.sorted()
    var index = CodeHolderIndex(expected: 8)
    var reference: [String: Holder] = [:]
    var codeOf: [Int32: String] = [:]
    var repeats = 0
    for (n, code) in codes.enumerated() {
      let here = Holder(province: 0, city: Int32(n), county: -1)
      let found = index.firstHolder(of: code, recording: here) { codeOf[$0.city] }
      #expect(found == reference[code], "\(n): \(code)")
      if found == nil {
        reference[code] = here
        codeOf[here.city] = code
      } else {
        repeats += 1
      }
    }
    #expect(
      reference.count == 607,
      "K and the Kelvin sign, é and e + U+0301 are one code each; 7 and 07 two")
    #expect(repeats == codes.count - 607)
  }

  /// More coded divisions than the file's size suggested: the table is regrown from the
  /// catalog being built (cities, counties, the city being read), and repeats are still
  /// found, after each regrowth.
  @Test func repeatsAreFoundPastTheCodeTablesFirstSize() {
    func city(_ name: String, _ code: String, county: String, _ countyCode: String) -> String {
      "{\"name\": \"\(name)\", \"url\": \"https://a.example/\", \"code\": \"\(code)\","
        + " \"counties\": [{\"name\": \"\(county)\", \"url\": \"https://b.example/\","
        + " \"code\": \"\(countyCode)\"}]}"
    }
    var cities = (0..<300).map { city("c\($0)", "\(1000 + $0)", county: "k\($0)", "\(5000 + $0)") }
    cities.append(city("last", "1000", county: "k", "5299"))
    cities.append(city("after", "x1", county: "k", "x1"))
    let json = "{\"甲省\": [" + cities.joined(separator: ", ") + "]}"
    let result = F.load(json, source: "many.json")
    #expect(result.catalog?.provinces.first?.cities.count == 302)
    #expect(
      result.diagnostics.map(\.message) == [
        "duplicate code '1000': city 'last' in '甲省' has the code of city 'c0' in '甲省'; both are"
          + " kept",
        "duplicate code '5299': county 'k' in 'last' in '甲省' has the code of county 'k299' in"
          + " 'c299' in '甲省'; both are kept",
        "duplicate code 'x1': county 'k' in 'after' in '甲省' has the code of city 'after' in"
          + " '甲省'; both are kept",
      ])
  }

  @Test func distinctCodesAndNoCodesAreNotReported() {
    let result = F.load(
      "{\"甲省\": [{\"name\": \"乙市\", \"url\": \"https://a.example/\", \"code\": \"1\"},"
        + " {\"name\": \"丙市\", \"url\": \"https://b.example/\", \"code\": \"2\"},"
        + " {\"name\": \"丁市\", \"url\": \"https://c.example/\"},"
        + " {\"name\": \"戊市\", \"url\": \"https://d.example/\"}]}",
      source: "d.json")
    #expect(result.diagnostics.isEmpty)
  }

  @Test func checkingABuiltCatalogReportsACodeGivenTwice() {
    let catalog = Catalog(provinces: [
      Province(
        name: "甲省",
        cities: [
          City(name: "乙市", url: "https://a.example/", code: "990100"),
          City(name: "丙市", url: "https://b.example/", code: "990100"),
        ])
    ])
    let found = CatalogCheck.diagnostics(of: catalog, source: "<built-in>")
    #expect(found.map(\.location) == [.keyPath("甲省[1]")])
    #expect(
      found.first?.message
        == "duplicate code '990100': city '丙市' in '甲省' has the code of city '乙市' in '甲省';"
        + " both are kept")
  }
}
