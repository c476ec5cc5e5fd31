import Foundation
import TestFixtures
import Testing

@testable import BuiltInCatalog
@testable import CatalogModel
@testable import TextSupport

@Suite struct LoaderHostileInputTests {
  typealias F = LoaderFixtures

  /// A load either gives a catalog or says why not with a fatal diagnostic, never both.
  static func isConsistent(_ result: LoadResult) -> Bool {
    (result.catalog == nil) == result.isFatal
  }

  static let small = F.xml([
    ("广东省", [F.city("广州市"), [("name", "a&b"), ("url", "http://a/"), ("x", "y")]]),
    ("北京市", [F.city("北京")]),
  ])

  @Test func xmlTruncatedAtEveryByteIsFatalAndNeverCrashes() {
    let bytes = Array(Self.small.utf8)
    let end = bytes.count - 1  // everything up to the last newline is needed
    for cut in 0..<end {
      let result = CatalogLoader.load(Data(bytes[..<cut]), source: "cut.plist")
      #expect(result.catalog == nil, "cut at \(cut)")
      #expect(result.isFatal, "cut at \(cut)")
    }
    #expect(CatalogLoader.load(Data(bytes[..<end]), source: "whole").catalog != nil)
  }

  @Test func jsonTruncatedAtEveryByteIsFatal() {
    let bytes = Array(F.json(F.unordered).utf8)
    let end = bytes.lastIndex(of: UInt8(ascii: "}")) ?? 0
    for cut in 0...end {
      let result = CatalogLoader.load(Data(bytes[..<cut]), source: "cut.json")
      #expect(result.catalog == nil && result.isFatal, "cut at \(cut)")
    }
  }

  @Test func binaryTruncatedAtEveryByteIsFatal() {
    let data = LoaderBinaryPlist.seedShaped([("P", [("a", "http://a/"), ("b", "http://b/")])])
    #expect(CatalogLoader.load(data, source: "whole").catalog != nil)
    for cut in 0..<data.count {
      let result = CatalogLoader.load(data.prefix(cut), source: "cut.plist")
      #expect(result.catalog == nil && result.isFatal, "cut at \(cut)")
    }
  }

  @Test func aHundredThousandNestedArraysAreRefusedNotOverflowed() {
    let depth = 100_000
    let (xml, json) = LoaderFixtures.deeplyNested(depth: depth)
    for (text, name) in [(xml, "deep.plist"), (json, "deep.json")] {
      let result = F.load(text, source: name)
      #expect(result.catalog == nil)
      #expect(result.diagnostics.first?.message.contains("nested more than 256") == true)
    }
    let rootArrays = F.load(String(repeating: "[", count: depth), source: "r.json")
    #expect(rootArrays.isFatal)
  }

  @Test func nestingWithinTheLimitLoads() throws {
    let json =
      "{\"a\": [{\"name\": \"n\", \"url\": \"http://h/\", \"x\": "
      + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "}]}"
    let result = F.load(json, source: "ok.json")
    #expect(result.diagnostics.isEmpty)
    #expect(result.catalog?.provinces.first?.cities.first?.extra.count == 1)
  }

  @Test func binaryChainsOfNestedArraysAreRefused() {
    var plist = LoaderBinaryPlist()
    let root = plist.add(.dict([]))
    let key = plist.add(.string("P"))
    let count = 2_000
    let first = plist.objects.count
    for k in 0..<count {
      _ = plist.add(.array(k == count - 1 ? [] : [first + k + 1]))
    }
    plist.objects[root] = .dict([(key, first)])
    let result = CatalogLoader.load(plist.data(), source: "deep.plist")
    #expect(result.catalog == nil)
    #expect(result.diagnostics.first?.message.contains("nested more than") == true)
  }

  @Test func binaryCyclesAreRefused() {
    var plist = LoaderBinaryPlist()
    let root = plist.add(.dict([]))
    let key = plist.add(.string("P"))
    let list = plist.add(.array([]))
    let city = plist.add(.dict([(key, list)]))
    plist.objects[list] = .array([city])
    plist.objects[root] = .dict([(key, list)])
    let result = CatalogLoader.load(plist.data(), source: "cycle.plist")
    #expect(result.catalog == nil)
    #expect(result.diagnostics.first?.message == "object \(list) contains itself")
    #expect(result.diagnostics.first?.location == .keyPath("P[0]"))

    var selfRoot = LoaderBinaryPlist()
    _ = selfRoot.add(.dict([]))
    _ = selfRoot.add(.string("me"))
    selfRoot.objects[0] = .dict([(1, 0)])
    let own = CatalogLoader.load(selfRoot.data(), source: "own.plist")
    #expect(own.catalog == nil && own.isFatal)
  }

  @Test func binarySharingThatWouldExplodeIsRefused() {
    // Each array holds the next one twice: 2^60 paths from only 61 objects.
    var plist = LoaderBinaryPlist()
    let root = plist.add(.dict([]))
    let key = plist.add(.string("P"))
    let first = plist.objects.count
    for k in 0..<60 {
      _ = plist.add(.array([first + k + 1, first + k + 1]))
    }
    _ = plist.add(.array([]))
    plist.objects[root] = .dict([(key, plist.add(.array([first])))])
    let result = CatalogLoader.load(plist.data(), source: "bomb.plist")
    #expect(result.catalog == nil)
    #expect(result.isFatal)
  }

  @Test func binaryOffsetsCountsAndReferencesOutOfRangeAreFatal() {
    var plist = LoaderBinaryPlist()
    let root = plist.add(.dict([]))
    let key = plist.add(.string("P"))
    let list = plist.add(.array([]))
    plist.objects[root] = .dict([(key, list)])
    var cases: [(String, Data)] = [
      ("offset past the end", plist.data(offsetOverride: [key: 1_000_000])),
      ("offset into the header", plist.data(offsetOverride: [list: 2])),
      ("object count too large", plist.data(objectCountOverride: Int(Int32.max))),
    ]
    var badRef = plist
    badRef.objects[list] = .array([999])
    cases.append(("reference out of range", badRef.data()))
    var huge = plist
    huge.objects[list] = .raw([0xAF, 0x13, 0x3F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
    cases.append(("huge count", huge.data()))
    var hugeString = plist
    hugeString.objects[key] = .raw([0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
    cases.append(("huge string", hugeString.data()))
    var unknown = plist
    unknown.objects[list] = .raw([0x8F])
    cases.append(("unsupported type", unknown.data()))
    var trailer = [UInt8](plist.data())
    trailer[trailer.count - 26] = 0
    cases.append(("zero offset size", Data(trailer)))
    for (name, data) in cases {
      let result = CatalogLoader.load(data, source: name)
      #expect(result.catalog == nil, "\(name)")
      #expect(result.isFatal, "\(name)")
    }
  }

  @Test func randomBytesAndMutatedFilesNeverCrash() {
    var rng = SeededGenerator(seed: 0x5EED)
    let seeds: [[UInt8]] = [
      Array(Self.small.utf8), Array(F.json(F.unordered).utf8),
      [UInt8](LoaderBinaryPlist.seedShaped([("P", [("a", "http://a/"), ("b", "http://b/")])])),
    ]
    for round in 0..<600 {
      var bytes: [UInt8]
      if round < 150 {
        bytes = (0..<Int(rng.next() % 300)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        if round % 3 == 0 { bytes = Array("bplist00".utf8) + bytes }
      } else {
        bytes = seeds[round % seeds.count]
        for _ in 0..<(1 + Int(rng.next() % 4)) {
          bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next())
        }
      }
      let result = CatalogLoader.load(Data(bytes), source: "random")
      #expect(Self.isConsistent(result), "round \(round)")
    }
  }

  @Test func invalidUTF8BecomesReplacementCharacters() throws {
    var bytes = Array(F.xml([("P", [F.city("A~")])]).utf8)
    let at = try #require(bytes.firstIndex(of: UInt8(ascii: "~")))
    bytes.insert(contentsOf: [0xFF, 0xC3], at: at)
    let result = CatalogLoader.load(Data(bytes), source: "bad.plist")
    #expect(result.catalog?.provinces.first?.cities.first?.name == "A\u{FFFD}\u{FFFD}~")
  }

  @Test func unknownFormatsAreFatal() {
    let result = F.load("name,url\n北京,http://x/\n", source: "x.csv")
    #expect(result.catalog == nil)
    #expect(result.diagnostics.first?.message.hasPrefix("not a property list or JSON") == true)
  }
}
