import BuiltInCatalog
import BuiltInOutlines
import CatalogModel
import Foundation
import GeoModel
import Testing

@testable import ProvinceCore

/// `--at` names a place by today's catalog: one code in every format, and only divisions
/// the built-in catalog has.
@Suite("--at answers with today's divisions and their codes")
struct PointCodeTests {
  /// The TSV fields after the point, and the JSON object, of one point.
  static func answers(_ point: String) throws -> (tsv: [String], json: [String: Any]) {
    var tsv = try PointReport.make(catalog: BuiltInCatalog.catalog, format: .tsv).get()
    var json = try PointReport.make(catalog: BuiltInCatalog.catalog, format: .json).get()
    let fields = tsv.line(for: point).text.dropLast().split(
      separator: "\t", omittingEmptySubsequences: false
    ).dropFirst().map(String.init)
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(json.line(for: point).text.utf8))
        as? [String: Any])
    return (fields, object)
  }

  // Codes from the Ministry of Civil Affairs' list (Hong Kong's on its pattern, as the
  // catalog has them): 祁阳 became a county-level city (431181) in 2021, 西沙区 is 460302
  // and 南沙区 460303 (2020).
  @Test(
    "TSV and JSON give a point the same code, the catalog's",
    arguments: [
      ("26.58,111.84", "祁阳市", "431181"),  // 祁阳's centre
      ("16.834,112.338", "西沙区", "460302"),  // 永兴岛 (Woody Island), the Paracels
      ("22.282,114.158", "中西区", "810101"),  // Central, Hong Kong
    ])
  func oneCode(point: String, name: String, code: String) throws {
    let (tsv, json) = try Self.answers(point)
    #expect(tsv.count == PointReport.tsvColumns.count - 1)
    #expect(tsv[3] == code, "\(point): TSV \(tsv)")
    #expect(json["code"] as? String == code, "\(point): JSON")
    #expect(tsv.contains(name))
  }

  // What today's divisions are there (the MCA's list): 两江新区 500157 in place of 江北区
  // 500105 and 渝北区 500112 (2025); 米林市 540481 and 错那市 540581 (2023, from 县);
  // 南沙区 460303 holds the Spratlys (西沙区 460302 the Paracels alone); Macao's Cotai is 路氹城
  // on the catalog's pattern; 加格达奇 is administered by 大兴安岭地区 and 大柴旦 by 海西州
  // directly, neither a county-level division of the catalog.
  @Test(
    "a point answers with the division there today, never a withdrawn one",
    arguments: [
      ("29.575,106.532", "两江新区", "500157"),  // 观音桥, once 江北区
      ("29.72,106.63", "两江新区", "500157"),  // 两路, once 渝北区
      ("29.22,94.21", "米林市", "540481"),
      ("27.99,91.95", "错那市", "540581"),
      ("9.55,112.89", "南沙区", "460303"),  // 永暑礁 (Fiery Cross Reef)
      ("16.834,112.338", "西沙区", "460302"),  // 永兴岛
      ("22.1477,113.5597", "路氹城", "820108"),  // the Venetian, Cotai
      ("50.42,124.12", "大兴安岭地区", "232700"),  // 加格达奇
      ("37.85,95.36", "海西蒙古族藏族自治州", "632800"),  // 大柴旦
    ])
  func today(point: String, name: String, code: String) throws {
    let (tsv, json) = try Self.answers(point)
    #expect(tsv.count == PointReport.tsvColumns.count - 1, "\(point): \(tsv)")
    guard tsv.count == PointReport.tsvColumns.count - 1 else { return }
    #expect(tsv[3] == code && json["code"] as? String == code, "\(point): \(tsv)")
    #expect(tsv[1] == name || tsv[2] == name, "\(point): \(tsv)")
    #expect(tsv[4].hasPrefix("https://"), "\(point): no URL")
  }

  @Test("every built-in outline's code is a current division of the built-in catalog")
  func everyOutlineIsCurrent() throws {
    let catalog = BuiltInCatalog.catalog
    let places = try #require(try CatalogOutlines.places(for: catalog))
    var stale: [String] = []
    for (index, outline) in places.store.outlines.enumerated() {
      if outline.level == .province {
        let province = places.province(ofCode: outline.code)
        if province.map({ catalog.provinces[$0].name }) != outline.name {
          stale.append("\(outline.code) \(outline.name)")
        }
        continue
      }
      let refs = catalog.divisions(code: outline.code)
      guard let ref = refs.first, catalog[ref].name == outline.name else {
        stale.append("\(outline.code) \(outline.name)")
        continue
      }
      if outline.isLeaf {
        let place = places.place(ofOutline: index)
        if place.ref == nil || place.code != outline.code || catalog[ref].url.isEmpty {
          stale.append("\(outline.code) \(outline.name): no entry or URL")
        }
      }
    }
    #expect(stale.isEmpty, "\(stale)")
  }
}
