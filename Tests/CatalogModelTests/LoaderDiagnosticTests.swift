import Foundation
import TestFixtures
import Testing

@testable import BuiltInCatalog
@testable import CatalogModel
@testable import TextSupport

@Suite struct LoaderDiagnosticTests {
  typealias F = LoaderFixtures

  /// Every warning kind once, on known lines (numbered in the comments).
  static let problems = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
      <key>广东省</key>
      <array>
        <dict><key>name</key><string>广州市</string><key>url</key><string>https://gz.example/</string></dict>
        <string>not a city</string>
        <dict><key>name</key><string>深圳市</string></dict>
        <dict><key>url</key><string>https://x.example/</string></dict>
        <dict><key>name</key><integer>5</integer><key>url</key><string>https://x.example/</string></dict>
        <dict><key>name</key><string>珠海市</string>
          <key>url</key><string>ftp://zh.example/</string></dict>
        <dict><key>name</key><string>广州市</string><key>url</key><string>https://gz2.example/</string></dict>
        <dict><key>name</key><string>佛山市</string><key>url</key><string>https://fs.example/</string><key>code</key><true/></dict>
      </array>
      <key>北京市</key>
      <string>not a list</string>
      <key>广东省</key>
      <array>
        <dict><key>name</key><string>x</string><key>url</key><string>https://x.example/</string></dict>
      </array>
      <key>空省</key>
      <array/>
      <key>坏省</key>
      <array>
        <dict><key>name</key><string>y</string><key>url</key><string>/relative</string></dict>
      </array>
    </dict>
    </plist>
    """

  @Test func xmlWarningsCarryTheLineOfTheOffendingElement() {
    let result = F.load(Self.problems, source: "p.plist")
    let found = result.diagnostics.map { ($0.location, $0.severity) }
    let expectedLines = [7, 8, 9, 10, 12, 13, 14, 16, 18, 22, 26, 24]
    #expect(found.map(\.0) == expectedLines.map { .line($0) })
    #expect(found.allSatisfy { $0.1 == .warning })
    let messages = result.diagnostics.map(\.message)
    #expect(messages.count == 12)
    guard messages.count == 12 else { return }
    #expect(messages[0] == "city 1 in '广东省' is not a dictionary (found a string); skipped")
    #expect(messages[1] == "city 2 in '广东省' has no 'url'; skipped")
    #expect(messages[2] == "city 3 in '广东省' has no 'name'; skipped")
    #expect(
      messages[3] == "city 4 in '广东省' has a 'name' that is not a string (found an integer); skipped"
    )
    #expect(messages[4].hasPrefix("city '珠海市' in '广东省' has an invalid url 'ftp://zh.example/'"))
    #expect(messages[5] == "duplicate city '广州市' in '广东省'; the first one is kept")
    #expect(
      messages[6]
        == "city 7 in '广东省' has a 'code' that is not a string or an integer (found a boolean);"
        + " dropped")
    #expect(messages[7] == "province '北京市' is not an array (found a string); skipped")
    #expect(messages[8] == "duplicate province '广东省'; the first one is kept")
    #expect(messages[9] == "province '空省' is empty; skipped")
    #expect(messages[10].hasPrefix("city 'y' in '坏省' has an invalid url '/relative'"))
    #expect(messages[11] == "province '坏省' has no usable cities; skipped")
  }

  @Test func badEntriesAreSkippedAndTheRestLoads() throws {
    let catalog = try #require(F.load(Self.problems).catalog)
    #expect(catalog.provinces.map(\.name) == ["广东省"])
    let cities = catalog.provinces[0].cities
    #expect(cities.map(\.name) == ["广州市", "佛山市"])
    #expect(cities[0].url == "https://gz.example/")
    #expect(cities[1].code == nil)
    #expect(cities[1].extra.isEmpty)
  }

  @Test func diagnosticsPrintLikeCompilerMessages() {
    let first = F.load(Self.problems, source: "p.plist").diagnostics.first
    #expect(
      first?.description
        == "p.plist:7: warning: city 1 in '广东省' is not a dictionary (found a string); skipped")
  }

  @Test func jsonWarningsCarryKeyPaths() {
    let text = """
      {
        "广东省": [
          {"name": "广州市", "url": "https://gz.example/"},
          7,
          {"name": "深圳市"},
          {"name": "东莞市", "url": 3},
          {"name": "珠海市", "url": "zh.example"},
          {"name": "佛山市", "url": "https://fs.example/", "pinyin": ["f"], "note": null}
        ],
        "北京市": {"name": "北京"},
        "广东省": []
      }
      """
    let result = F.load(text, source: "c.json")
    #expect(
      result.diagnostics.map(\.location) == [
        .keyPath("广东省[1]"), .keyPath("广东省[2]"), .keyPath("广东省[3].url"),
        .keyPath("广东省[4].url"), .keyPath("广东省[5].pinyin"), .keyPath("广东省[5].note"),
        .keyPath("北京市"), .keyPath("广东省"),
      ])
    #expect(result.diagnostics[1].message == "city 2 in '广东省' has no 'url'; skipped")
    #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
    let cities = result.catalog?.provinces.first?.cities
    #expect(cities?.map(\.name) == ["广州市", "佛山市"])
    #expect(cities?.last?.extra == [ExtraField(key: "pinyin", value: .array([.string("f")]))])
  }

  @Test func binaryWarningsCarryKeyPaths() {
    var plist = LoaderBinaryPlist()
    let root = plist.add(.dict([]))
    let name = plist.add(.string("name"))
    let url = plist.add(.string("url"))
    let good = plist.add(.dict([(name, plist.add(.string("A")))]))
    let province = plist.add(.string("P"))
    let number = plist.add(.int(1))
    let noURL = good
    let badURL = plist.add(
      .dict([(name, plist.add(.string("B"))), (url, plist.add(.string("https://")))]))
    let fine = plist.add(
      .dict([(name, plist.add(.string("C"))), (url, plist.add(.string("http://c.example")))]))
    plist.objects[root] = .dict([(province, plist.add(.array([number, noURL, badURL, fine])))])
    plist.top = root
    let result = CatalogLoader.load(plist.data(), source: "b.plist")
    #expect(
      result.diagnostics.map(\.location) == [
        .keyPath("P[0]"), .keyPath("P[1]"), .keyPath("P[2].url"),
      ])
    #expect(F.cityNames(result.catalog) == [["C"]])
  }

  @Test func aKeyRepeatedInACityKeepsTheFirstValue() throws {
    let text = """
      <plist><dict><key>P</key><array>
      <dict><key>name</key><string>a</string><key>url</key><string>http://first/</string>
      <key>url</key><string>http://second/</string></dict>
      </array></dict></plist>
      """
    let result = F.load(text)
    #expect(result.diagnostics.map(\.location) == [.line(3)])
    #expect(
      result.diagnostics.first?.message
        == "city 0 in 'P' has 'url' more than once; the first is kept")
    #expect(result.catalog?.provinces.first?.cities.first?.url == "http://first/")

    let many = (0..<20).map { ("k\($0)", "v") } + [("k3", "again")]
    let json = F.json([("P", [F.city("b") + many])])
    let other = F.load(json, source: "m.json")
    #expect(other.diagnostics.map(\.location) == [.keyPath("P[0].k3")])
    let extra = try #require(other.catalog?.provinces.first?.cities.first?.extra)
    #expect(extra.count == 20)
    #expect(extra[3] == ExtraField(key: "k3", value: .string("v")))
  }

  @Test func anEmptyFileIsFatal() {
    for text in ["", "  \n\t"] {
      let result = F.load(text)
      #expect(result.catalog == nil)
      #expect(result.diagnostics.map(\.message) == ["the file is empty"])
      #expect(result.diagnostics.first?.severity == .fatal)
    }
  }

  @Test func aRootThatIsNotADictionaryIsFatal() {
    let xml = F.load(F.header + "<array>\n</array>\n</plist>\n")
    #expect(xml.catalog == nil)
    #expect(xml.diagnostics.first?.message == "the root is not a dictionary (found an array)")
    #expect(xml.diagnostics.first?.location == .line(4))
    let json = F.load("[1, 2]", source: "x.json")
    #expect(json.catalog == nil)
    #expect(json.diagnostics.first?.severity == .fatal)
    #expect(json.diagnostics.first?.message == "the root is not a dictionary (found an array)")
  }

  @Test func unparsableXMLSaysWhatAndWhere() {
    let text = "<plist>\n<dict>\n  <key>a</key>\n  <array></dict>\n</plist>"
    let result = F.load(text)
    #expect(result.catalog == nil)
    #expect(result.diagnostics.count == 1)
    #expect(result.diagnostics.first?.location == .line(4))
    #expect(result.diagnostics.first?.message == "expected </array>, found </dict>")
  }

  @Test func unparsableJSONSaysWhereByLine() {
    let result = F.load("{\n  \"a\": [\n    {\"name\": \"x\" \"url\": 1}\n  ]\n}", source: "x.json")
    #expect(result.catalog == nil)
    #expect(result.diagnostics.first?.location == .line(3))
    #expect(result.diagnostics.first?.message == "expected ',' or '}' in an object")
  }

  @Test func cityURLsMustBeAbsoluteHTTPWithAHost() {
    let good = [
      "http://a", "HTTPS://A.B/c?d#e", "http://user@host:8080/x", "http://[::1]/",
      "https://例子.中国/路径", "http://h:/",
    ]
    let bad = [
      "", "http://", "http:///x", "https://:80/", "http://a b/", "mailto:x@y", "//host/",
      "http:/host", "ftp://h/", "http://h:8a/", "http://[::1", "javascript:alert(1)",
      "http://h/\u{1B}[31m",
    ]
    for url in good { #expect(HTTPURLCheck.isAbsoluteHTTP(url), "\(url)") }
    for url in bad { #expect(!HTTPURLCheck.isAbsoluteHTTP(url), "\(url)") }
  }

  /// The plain-domain shortcut is held to the rule it replaces: every host it takes, the
  /// standard (`WebHost`) takes too, over random hosts near its edges (numbers in hex and
  /// octal, trailing dots, `x`, non-ASCII, forbidden characters); and it does take the
  /// hosts it is for.
  @Test func thePlainDomainShortcutTakesOnlyHostsTheStandardTakes() {
    let pieces = [
      "a", "f", "g", "x", "X", "G", "z", "0", "1", "9", "0x", "0X1f", "08", "255", ".", ".",
      "-", "wiki", "com", "例", "%41", "_", " ", ":", "@", "[", "]",
    ]
    var random = SeededGenerator(seed: 47)
    var taken = 0
    for _ in 0..<20_000 {
      var host = ""
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        host += pieces.randomElement(using: &random) ?? ""
      }
      let shortcut = Array(host.utf8).withUnsafeBufferPointer(HTTPURLCheck.isPlainDomain)
      if shortcut {
        taken += 1
        #expect(WebHost.isValid(host), "\(host)")
      }
    }
    #expect(taken > 1000, "the random hosts reach the shortcut")
    for host in ["zh.wikipedia.org", "A-B.example.", "1.2.3.g", "x.org"] {
      #expect(Array(host.utf8).withUnsafeBufferPointer(HTTPURLCheck.isPlainDomain), "\(host)")
    }
    for host in ["1.2.3.4", "a.0x1f", "a.b..", "a.cafe", "a.x", "例.com", "a_b.com", ""] {
      #expect(!Array(host.utf8).withUnsafeBufferPointer(HTTPURLCheck.isPlainDomain), "\(host)")
    }
  }
}
