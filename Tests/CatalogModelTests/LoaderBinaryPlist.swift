import Foundation
import TestFixtures

@testable import BuiltInCatalog
@testable import CatalogModel
@testable import TextSupport

/// A tiny bplist00 writer for tests: it writes objects exactly as listed, so tests control
/// the order, can share or cycle references, and can break offsets on purpose.
struct LoaderBinaryPlist {
  enum Object {
    case string(String)
    case int(Int)
    case array([Int])
    case dict([(Int, Int)])
    /// Bytes written as they are, marker included.
    case raw([UInt8])
  }

  var objects: [Object] = []
  var top = 0
  let refSize = 2
  let offsetSize = 4

  mutating func add(_ object: Object) -> Int {
    objects.append(object)
    return objects.count - 1
  }

  /// The file, with optional hooks to corrupt offsets or the trailer.
  func data(offsetOverride: [Int: Int] = [:], objectCountOverride: Int? = nil) -> Data {
    var out = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(out.count)
      switch object {
      case .string(let text):
        if text.unicodeScalars.allSatisfy(\.isASCII) {
          out += Self.marker(0x5, text.utf8.count) + Array(text.utf8)
        } else {
          let units = Array(text.utf16)
          out += Self.marker(0x6, units.count)
          for unit in units { out += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        }
      case .int(let value):
        out += [0x13] + Self.bigEndian(UInt64(bitPattern: Int64(value)), size: 8)
      case .array(let refs):
        out += Self.marker(0xA, refs.count)
        for ref in refs { out += Self.bigEndian(UInt64(ref), size: refSize) }
      case .dict(let pairs):
        out += Self.marker(0xD, pairs.count)
        for (key, _) in pairs { out += Self.bigEndian(UInt64(key), size: refSize) }
        for (_, value) in pairs { out += Self.bigEndian(UInt64(value), size: refSize) }
      case .raw(let bytes):
        out += bytes
      }
    }
    let table = out.count
    for (index, offset) in offsets.enumerated() {
      out += Self.bigEndian(UInt64(offsetOverride[index] ?? offset), size: offsetSize)
    }
    out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)]
    out += Self.bigEndian(UInt64(objectCountOverride ?? objects.count), size: 8)
    out += Self.bigEndian(UInt64(top), size: 8)
    out += Self.bigEndian(UInt64(table), size: 8)
    return Data(out)
  }

  static func marker(_ kind: UInt8, _ count: Int) -> [UInt8] {
    if count < 15 { return [kind << 4 | UInt8(count)] }
    return [kind << 4 | 0x0F, 0x13] + bigEndian(UInt64(count), size: 8)
  }

  static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
    (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
  }

  /// A seed-shaped file in exactly the given order.
  static func seedShaped(_ provinces: [(String, [(String, String)])]) -> Data {
    var plist = LoaderBinaryPlist()
    let root = plist.add(.dict([]))
    let name = plist.add(.string("name"))
    let url = plist.add(.string("url"))
    var pairs: [(Int, Int)] = []
    for (province, cities) in provinces {
      let key = plist.add(.string(province))
      var refs: [Int] = []
      for (cityName, cityURL) in cities {
        let nameValue = plist.add(.string(cityName))
        let urlValue = plist.add(.string(cityURL))
        refs.append(plist.add(.dict([(name, nameValue), (url, urlValue)])))
      }
      pairs.append((key, plist.add(.array(refs))))
    }
    plist.objects[root] = .dict(pairs)
    plist.top = root
    return plist.data()
  }
}
