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
    #expect(tsv.count == 5)
    #expect(tsv[3] == code, "\(point): TSV \(tsv)")
    #expect(json["code"] as? String == code, "\(point): JSON")
    #expect(tsv.contains(name))
  }
}
