import Foundation
import TestFixtures
import Testing

@testable import BuiltInCatalog
@testable import CatalogModel
@testable import TextSupport

@Suite struct LoaderFormatTests {
  typealias F = LoaderFixtures

  @Test func seedShapedXMLLoadsWithNameAndURLOnly() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>北京市</key>
      \t<array>
      \t\t<dict>
      \t\t\t<key>name</key>
      \t\t\t<string>北京</string>
      \t\t\t<key>url</key>
      \t\t\t<string>http://www.beijing.gov.cn/</string>
      \t\t</dict>
      \t</array>
      \t<key>广东省</key>
      \t<array>
      \t\t<dict>
      \t\t\t<key>name</key>
      \t\t\t<string>广州市</string>
      \t\t\t<key>url</key>
      \t\t\t<string>https://www.gz.gov.cn/</string>
      \t\t</dict>
      \t\t<dict>
      \t\t\t<key>name</key>
      \t\t\t<string>深圳市</string>
      \t\t\t<key>url</key>
      \t\t\t<string>https://www.sz.gov.cn/</string>
      \t\t</dict>
      \t</array>
      </dict>
      </plist>
      """
    let result = F.load(text)
    #expect(result.diagnostics.isEmpty)
    let catalog = try #require(result.catalog)
    #expect(
      catalog.provinces == [
        Province(name: "北京市", cities: [City(name: "北京", url: "http://www.beijing.gov.cn/")]),
        Province(
          name: "广东省",
          cities: [
            City(name: "广州市", url: "https://www.gz.gov.cn/"),
            City(name: "深圳市", url: "https://www.sz.gov.cn/"),
          ]),
      ])
  }

  @Test func xmlKeepsTheFileOrderOfProvincesAndCities() {
    let result = F.load(F.xml(F.unordered))
    #expect(result.diagnostics.isEmpty)
    #expect(F.names(result.catalog) == ["浙江省", "北京市", "广东省", "安徽省", "上海市"])
    #expect(F.cityNames(result.catalog)[2] == ["深圳市", "广州市", "珠海市", "佛山市"])
  }

  @Test func jsonKeepsTheFileOrderOfProvincesAndCities() {
    let result = F.load(F.json(F.unordered), source: "test.json")
    #expect(result.diagnostics.isEmpty)
    #expect(F.names(result.catalog) == ["浙江省", "北京市", "广东省", "安徽省", "上海市"])
    #expect(F.cityNames(result.catalog)[0] == ["温州市", "杭州市", "宁波市"])
  }

  @Test func utf16XMLWithAndWithoutByteOrderMarkLoads() throws {
    let text = F.xml(F.unordered)
    let expected = F.load(text).catalog
    var inputs: [Data] = []
    inputs.append(try #require(text.data(using: .utf16BigEndian)))
    inputs.append(try #require(text.data(using: .utf16LittleEndian)))
    inputs.append(Data([0xFE, 0xFF]) + (try #require(text.data(using: .utf16BigEndian))))
    inputs.append(Data([0xFF, 0xFE]) + (try #require(text.data(using: .utf16LittleEndian))))
    for data in inputs {
      let result = CatalogLoader.load(data, source: "utf16.plist")
      #expect(result.diagnostics.isEmpty)
      #expect(result.catalog != nil)
      #expect(result.catalog == expected)
    }
  }

  @Test func utf8ByteOrderMarkIsIgnored() {
    let data = Data([0xEF, 0xBB, 0xBF]) + Data(F.xml(F.unordered).utf8)
    let result = CatalogLoader.load(data, source: "bom.plist")
    #expect(F.names(result.catalog).count == 5)
  }

  @Test func binaryPlistFromFoundationLoadsWithTheOrderItsBytesHave() throws {
    let root: [String: Any] = [
      "广东省": [
        ["name": "深圳市", "url": "https://sz.example/"],
        ["name": "广州市", "url": "https://gz.example/", "code": "440100", "pinyin": "guangzhou"],
      ],
      "北京市": [["name": "北京", "url": "http://bj.example/"]],
    ]
    let data = try PropertyListSerialization.data(
      fromPropertyList: root, format: .binary, options: 0)
    #expect(data.starts(with: Array("bplist00".utf8)))
    let result = CatalogLoader.load(data, source: "b.plist")
    #expect(result.diagnostics.isEmpty)
    let catalog = try #require(result.catalog)
    // Foundation picks the dictionary order; the loader must keep whatever the bytes say.
    let rootOrder = try Self.binaryRootKeyOrder(data)
    #expect(catalog.provinces.map(\.name) == rootOrder)
    let guangdong = try #require(catalog.provinces.first { $0.name == "广东省" })
    #expect(guangdong.cities.map(\.name) == ["深圳市", "广州市"])
    #expect(guangdong.cities[1].code == "440100")
    #expect(guangdong.cities[1].pinyin == "guangzhou")
  }

  @Test func handAssembledBinaryPlistKeepsItsOrder() throws {
    let data = LoaderBinaryPlist.seedShaped([
      ("湖南省", [("长沙市", "https://cs.example/"), ("岳阳市", "https://yy.example/")]),
      ("Anhui", [("Hefei", "https://hf.example/")]),
      ("北京市", [("北京", "https://bj.example/")]),
    ])
    let result = CatalogLoader.load(data, source: "hand.plist")
    #expect(result.diagnostics.isEmpty)
    #expect(F.names(result.catalog) == ["湖南省", "Anhui", "北京市"])
    #expect(F.cityNames(result.catalog) == [["长沙市", "岳阳市"], ["Hefei"], ["北京"]])
  }

  @Test func binaryUTF16StringsDecodeSurrogatePairsAndReplaceLoneHalves() throws {
    var plist = LoaderBinaryPlist()
    let root = plist.add(.dict([]))
    let name = plist.add(.string("name"))
    let url = plist.add(.string("url"))
    let emoji = plist.add(.string("😀市é"))
    let lone = plist.add(.raw([0x62, 0xD8, 0x3D, 0x00, 0x41]))
    let link = plist.add(.string("https://例子.cn/"))
    let first = plist.add(.dict([(name, emoji), (url, link)]))
    let second = plist.add(.dict([(name, lone), (url, link)]))
    plist.objects[root] = .dict([(plist.add(.string("省")), plist.add(.array([first, second])))])
    let result = CatalogLoader.load(plist.data(), source: "u.plist")
    #expect(result.diagnostics.isEmpty)
    #expect(F.cityNames(result.catalog) == [["😀市é", "\u{FFFD}A"]])
    #expect(result.catalog?.provinces.first?.cities.first?.url == "https://例子.cn/")
  }

  @Test func xmlValuesAgreeWithFoundationApartFromDictionaryOrder() throws {
    var provinces: [(String, [[F.Entry]])] = []
    var rng = SeededGenerator(seed: 7)
    let letters = Array("东南西北中山水江河湖<&>\"' ab")
    for p in 0..<12 {
      var cities: [[F.Entry]] = []
      for c in 0..<Int(rng.next() % 9 + 1) {
        let name = String((0..<6).map { _ in letters[Int(rng.next() % UInt64(letters.count))] })
        cities.append(F.city("\(name)\(c)", "https://h\(p).example/\(c)") + [("k\(c)", name)])
      }
      provinces.append(("省\(p)\(letters[p])", cities))
    }
    let text = F.xml(provinces)
    let ours = try #require(F.load(text).catalog)
    let theirs = try #require(
      try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil)
        as? [String: [[String: String]]])
    #expect(Set(ours.provinces.map(\.name)) == Set(theirs.keys))
    #expect(ours.provinces.map(\.name) == provinces.map(\.0))
    for province in ours.provinces {
      let expected = try #require(theirs[province.name])
      let got = province.cities.map { city in
        var fields = ["name": city.name, "url": city.url]
        for field in city.extra {
          if case .string(let value) = field.value { fields[field.key] = value }
        }
        return fields
      }
      #expect(got == expected)
    }
  }

  @Test func extraKeysAreKeptInFileOrderAndCodeAndPinyinGoToTheirFields() throws {
    let text =
      F.header + """
        <dict>
          <key>广东省</key>
          <array>
            <dict>
              <key>zeta</key><integer>-42</integer>
              <key>name</key><string>广州市</string>
              <key>code</key><string>440100</string>
              <key>alpha</key><real>2.5</real>
              <key>url</key><string>https://www.gz.gov.cn/</string>
              <key>pinyin</key><string>guangzhou</string>
              <key>flags</key><array><true/><false></false></array>
              <key>when</key><date>2001-01-01T00:00:00Z</date>
              <key>blob</key><data>
                aGVs
                bG8=
              </data>
              <key>nested</key><dict><key>b</key><string/><key>a</key><dict/></dict>
            </dict>
          </array>
        </dict>
        </plist>
        """
    let result = F.load(text)
    #expect(result.diagnostics.isEmpty)
    let city = try #require(result.catalog?.provinces.first?.cities.first)
    #expect(city.code == "440100")
    #expect(city.pinyin == "guangzhou")
    #expect(city.extra.map(\.key) == ["zeta", "alpha", "flags", "when", "blob", "nested"])
    #expect(city.extra[0].value == .integer(-42))
    #expect(city.extra[1].value == .real(2.5))
    #expect(city.extra[2].value == .array([.bool(true), .bool(false)]))
    #expect(city.extra[3].value == .date(Date(timeIntervalSinceReferenceDate: 0)))
    #expect(city.extra[4].value == .data(Data("hello".utf8)))
    #expect(
      city.extra[5].value
        == .dictionary([
          ExtraField(key: "b", value: .string("")),
          ExtraField(key: "a", value: .dictionary([])),
        ]))
  }

  @Test func jsonExtraKeysKeepTheirOrderAndTypes() throws {
    let text = """
      {"上海市": [{"url": "https://sh.example/", "z": 1, "name": "上海", "a": [1.5, true, "x"],
        "m": {"q": false, "p": -7}}]}
      """
    let result = F.load(text, source: "t.json")
    #expect(result.diagnostics.isEmpty)
    let city = try #require(result.catalog?.provinces.first?.cities.first)
    #expect(city.name == "上海")
    #expect(city.extra.map(\.key) == ["z", "a", "m"])
    #expect(city.extra[1].value == .array([.real(1.5), .bool(true), .string("x")]))
    #expect(
      city.extra[2].value
        == .dictionary([
          ExtraField(key: "q", value: .bool(false)), ExtraField(key: "p", value: .integer(-7)),
        ]))
  }

  @Test func xmlEntitiesCDATAAndCommentsAreDecoded() throws {
    let text = """
      <?xml version="1.0"?>
      <!-- a comment before the root -->
      <!DOCTYPE plist [ <!ENTITY x "y"> ]>
      <plist version="1.0"><dict><!-- between -->
      <key>A &amp; B</key><array><dict>
      <key>name</key><string>&lt;&#x5E7F;&#24030;&gt; &quot;&apos;<![CDATA[<&>]]><!-- gone --></string>
      <key>url</key><string>https://a.example/?x=1&amp;y=2</string>
      </dict></array></dict></plist>
      """
    let result = F.load(text)
    #expect(result.diagnostics.isEmpty)
    let catalog = try #require(result.catalog)
    #expect(catalog.provinces[0].name == "A & B")
    #expect(catalog.provinces[0].cities[0].name == "<广州> \"'<&>")
    #expect(catalog.provinces[0].cities[0].url == "https://a.example/?x=1&y=2")
  }

  /// The usual keys and closing tags are read by a shortcut; every other way of writing
  /// them (an entity, CDATA or a comment inside a key, a longer or shorter key, a space
  /// before '>', an attribute) goes the general way, and a city after a city with a nested
  /// dictionary keeps only its own keys.
  @Test func keysAndTagsWrittenInEveryFormReadAsWritten() throws {
    let text =
      F.header + """
        <dict>
        <key>省</key>
        <array>
        <dict><key>na&#109;e</key><string>甲</string><key>url</key ><string a="1">https://a.example/</string ></dict>
        <dict><key>e</key><dict><key>name</key><string>里</string></dict><key>url</key><string>https://b.example/</string><key>names</key><string>x</string><key>name</key><string>乙</string><key>nam</key><string>y</string></dict>
        <dict><key><![CDATA[name]]></key><string>丙</string><key>ur<!-- c -->l</key><string>https://c.example/</string><key>pinyin</key><string>bing</string><key>code</key><string>1</string></dict>
        </array>
        </dict></plist>
        """
    let result = F.load(text)
    #expect(result.diagnostics.isEmpty)
    let cities = try #require(result.catalog?.provinces.first?.cities)
    #expect(cities.map(\.name) == ["甲", "乙", "丙"])
    #expect(
      cities.map(\.url) == ["https://a.example/", "https://b.example/", "https://c.example/"])
    #expect(cities[0].extra.isEmpty)
    #expect(
      cities[1].extra == [
        ExtraField(key: "e", value: .dictionary([ExtraField(key: "name", value: .string("里"))])),
        ExtraField(key: "names", value: .string("x")), ExtraField(key: "nam", value: .string("y")),
      ])
    #expect(cities[2].extra.isEmpty)
    #expect(cities[2].pinyin == "bing")
    #expect(cities[2].code == "1")
  }

  @Test func jsonEscapesAndSurrogatePairsAreDecoded() throws {
    let text =
      #"{"\u5e7f\u4e1c": [{"name": "a\"b\\c\/\n\t\ud83d\ude00\u00e9", "url": "http://h/"}]}"#
    let result = F.load(text, source: "t.json")
    let catalog = try #require(result.catalog)
    #expect(catalog.provinces[0].name == "广东")
    #expect(catalog.provinces[0].cities[0].name == "a\"b\\c/\n\t😀é")
  }

  @Test func namesOfAHundredThousandCharactersLoad() throws {
    let long = String(repeating: "长", count: 100_000)
    let result = F.load(F.xml([(long, [F.city(long, "https://x.example/")])]))
    let catalog = try #require(result.catalog)
    #expect(catalog.provinces[0].name.count == 100_000)
    #expect(catalog.provinces[0].cities[0].name == long)
  }

  /// The root dictionary's keys in the order a bplist lists them, read independently
  /// of the loader: only the small subset Foundation writes for this test is handled.
  static func binaryRootKeyOrder(_ data: Data) throws -> [String] {
    let bytes = [UInt8](data)
    let trailer = bytes.count - 32
    let offsetSize = Int(bytes[trailer + 6])
    let refSize = Int(bytes[trailer + 7])
    func uint(_ at: Int, _ size: Int) -> Int {
      (0..<size).reduce(0) { $0 << 8 | Int(bytes[at + $1]) }
    }
    let top = uint(trailer + 16, 8)
    let table = uint(trailer + 24, 8)
    func offset(_ ref: Int) -> Int { uint(table + ref * offsetSize, offsetSize) }
    let rootAt = offset(top)
    let count = Int(bytes[rootAt] & 0x0F)
    try #require(bytes[rootAt] >> 4 == 0xD && count < 15)
    return (0..<count).map { k in
      let at = offset(uint(rootAt + 1 + k * refSize, refSize))
      let length = Int(bytes[at] & 0x0F)
      let start = at + 1
      if bytes[at] >> 4 == 0x5 {
        return String(decoding: bytes[start..<(start + length)], as: UTF8.self)
      }
      let units = (0..<length).map {
        UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1])
      }
      return String(decoding: units, as: UTF16.self)
    }
  }
}
