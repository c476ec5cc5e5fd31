import BuiltInCatalog
import CatalogModel
import Foundation
import GeoModel
import Testing
import TextSupport

@testable import ProvinceCore

/// One place record: a division prints with the same fields in the same order whatever found
/// it, and a command's TSV columns are the same for its whole output, so that `cut -f N` is
/// one field all down a list and across queries.
@Suite("One place record")
struct PlaceRecordTests {
  let catalog = BuiltInCatalog.catalog

  func report(_ arguments: String...) throws -> Report {
    let options = try OptionParser.parse(arguments)
    guard case .catalog(let job) = options.mode,
      case .report(let report) = JobPlanner(
        catalog: catalog, matcher: Matcher(catalog: catalog), options: options,
        inputIsTerminal: false, outputIsTerminal: false, history: BuiltInCatalog.history
      ).plan(job)
    else {
      Issue.record("no report for \(arguments)")
      return Report()
    }
    return report
  }

  func rows(_ report: Report) -> [[String]] {
    report.output.joined().split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
  }

  @Test(
    "--search has the same columns whatever matched: cities alone, a province, townships, a withdrawn code"
  )
  func searchColumns() throws {
    // Column 6 is the level in every row: a city (苏州), a province and townships (guangdong),
    // townships and a withdrawn district (崇文); column 4 is the township.
    var widths: Set<Int> = []
    for query in ["苏州", "guangdong", "崇文", "320583"] {
      let found = rows(try report("--search", query, "--format", "tsv"))
      #expect(!found.isEmpty, "\(query)")
      for row in found {
        widths.insert(row.count)
        #expect(
          row.count > 5
            && ["province", "city", "county", "township", "withdrawn", "renamed"].contains(row[5]),
          "\(query): \(row)")
      }
    }
    #expect(widths.count == 1)
    let kunshan = rows(try report("--search", "320583", "--format", "tsv"))
    #expect(kunshan.first?.prefix(4) == ["江苏省", "苏州市", "昆山市", ""])
  }

  @Test("--search's JSON objects all have the same keys in the same order, a province's too")
  func searchJSONKeys() throws {
    let text = try report("--search", "jiangsu", "--format", "json").output
    let objects = text.filter { $0.hasPrefix("{") }
    #expect(objects.count > 1)
    func keys(_ object: String) -> [String] {
      // The top-level keys in their order (no nested objects but centroid's, skipped).
      var keys: [String] = []
      var depth = 0
      var inString = false
      var escaped = false
      var current = ""
      var afterKey = false
      for character in object {
        if inString {
          if escaped {
            escaped = false
          } else if character == "\\" {
            escaped = true
          } else if character == "\"" {
            inString = false
            afterKey = depth == 1
          } else {
            current.append(character)
          }
          continue
        }
        switch character {
        case "\"":
          inString = true
          current = ""
        case ":" where afterKey && depth == 1:
          keys.append(current)
        case "{", "[": depth += 1
        case "}", "]": depth -= 1
        default: break
        }
        if character != "\"" { afterKey = false }
      }
      return keys
    }
    let first = keys(objects[0])
    #expect(
      Array(first.prefix(8)) == [
        "province", "city", "county", "township", "url", "level", "code", "pinyin",
      ])
    #expect(first.contains("population_2020") && first.contains("area_km2"))
    for object in objects {
      #expect(keys(object).filter { $0 != "cities" } == first.filter { $0 != "cities" })
    }
  }

  @Test("the province list's JSON has each province's code and level, as --search's has")
  func provinceListJSON() throws {
    let json = try report("--format", "json").output.joined()
    let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
    let jiangsu = try #require(parsed?.first { $0["province"] as? String == "江苏省" })
    #expect(jiangsu["code"] as? String == "320000")
    #expect(jiangsu["level"] as? String == "province")
    #expect(jiangsu["pinyin"] as? String == "jiang su sheng")
  }

  @Test("--near's rows carry the division's code, as --at's do")
  func nearCode() throws {
    let near = rows(
      NearReport.report(
        GeoPoint(lat: 31.39, lng: 120.98), catalog: catalog, format: .tsv))
    #expect(near.first?.prefix(3) == ["江苏省", "苏州市", "昆山市"])
    #expect(near.first?.contains("320583") == true)
    #expect(Set(near.map(\.count)).count == 1)
  }

  @Test("--at's JSON says the level, as every list's does")
  func atLevel() throws {
    var at = try PointReport.make(catalog: catalog, format: .json).get()
    let line = at.line(for: "31.39,120.98").text
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    #expect(object?["level"] as? String == "county")
    #expect(object?["code"] as? String == "320583")
    #expect(object?["population_2020"] as? Int == 2_092_496)
  }

  @Test("--address's JSON has the division's pinyin and facts; its TSV columns are fixed")
  func address() throws {
    let planner = JobPlanner(
      catalog: catalog, matcher: Matcher(catalog: catalog), options: Options(),
      inputIsTerminal: false, outputIsTerminal: false, history: BuiltInCatalog.history)
    var json = planner.addressReport(format: .json)
    let line = json.line(for: "江苏省昆山市前进西路1号").text
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    #expect(object?["pinyin"] as? String == "kun shan shi")
    #expect(object?["population_2010"] as? Int == 1_644_860)
    var tsv = planner.addressReport(format: .tsv)
    let found = tsv.line(for: "江苏省昆山市前进西路1号").text
    let nothing = tsv.line(for: "hello").text
    for text in [found, nothing] {
      #expect(
        text.dropLast().split(separator: "\t", omittingEmptySubsequences: false).count
          == AddressReport.tsvColumns.count)
    }
  }

  @Test("an address that could be two counties prints the same fields in TSV as in JSON: no code")
  func ambiguousAddressIsOneRecordInEveryFormat() throws {
    let planner = JobPlanner(
      catalog: catalog, matcher: Matcher(catalog: catalog), options: Options(),
      inputIsTerminal: false, outputIsTerminal: false, history: BuiltInCatalog.history)
    // 江苏 has two 鼓楼区: 南京's (320106) and 徐州's (320302).
    var tsv = planner.addressReport(format: .tsv)
    let row = tsv.line(for: "江苏省鼓楼区").text.dropLast()
      .split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    let column = { (name: String) in AddressReport.tsvColumns.firstIndex(of: name).map { row[$0] } }
    #expect(column("province") == "江苏省")
    #expect(column("city") == "")
    #expect(column("county") == "鼓楼区")
    #expect(column("code") == "")
    // The province's area is not the answer's.
    #expect(column("area_km2") == "")
    #expect(column("note")?.contains("320106") == true)
    #expect(column("note")?.contains("320302") == true)
    var json = planner.addressReport(format: .json)
    let line = json.line(for: "江苏省鼓楼区").text
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    #expect(object?["county"] as? String == "鼓楼区")
    #expect(object?["code"] is NSNull)
  }
}
