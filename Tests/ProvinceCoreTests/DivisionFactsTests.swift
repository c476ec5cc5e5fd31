import BuiltInCatalog
import BuiltInFacts
import CatalogModel
import Foundation
import Testing
import TextSupport

@testable import ProvinceCore

/// Area and census figures, checked against published figures typed here by hand (never
/// taken from the output under test): the area's error bound is the one docs/data.md states
/// for these divisions.
@Suite("Facts per division: area and population")
struct DivisionFactsTests {
  let catalog = BuiltInCatalog.catalog

  func facts(_ code: String) -> DivisionFacts {
    CatalogFacts.facts(code: code, in: catalog)
  }

  /// Within `percent` of the published figure.
  func near(_ value: Double?, _ published: Double, percent: Double) -> Bool {
    guard let value else { return false }
    return abs(value - published) <= published * percent / 100
  }

  @Test("昆山市: 931 km², 2,092,496 people in 2020 and 1,644,860 in 2010")
  func kunshan() {
    let kunshan = facts("320583")
    #expect(near(kunshan.areaKm2, 931, percent: 1))
    #expect(kunshan.population2020 == 2_092_496)
    #expect(kunshan.population2010 == 1_644_860)
    #expect(kunshan.note == nil)
  }

  @Test("北京市: 16,410 km², 21,893,095 people in 2020 and 19,612,368 in 2010")
  func beijing() {
    let beijing = facts("11")
    #expect(near(beijing.areaKm2, 16_410, percent: 0.5))
    #expect(beijing.population2020 == 21_893_095)
    #expect(beijing.population2010 == 19_612_368)
  }

  @Test("广东省 126,012,510 and 上海市 24,870,895 people in 2020; 重庆市 82,400 km²")
  func provinces() {
    #expect(facts("440000").population2020 == 126_012_510)
    #expect(facts("310000").population2020 == 24_870_895)
    #expect(near(facts("500000").areaKm2, 82_400, percent: 0.5))
  }

  @Test("a merger since the census: 东城区's 2010 figure is 东城区 and 崇文区 together, and says so")
  func merged() {
    // 崇文区 joined 东城区 in 2010: the new 东城区 had about 919,000 people that year.
    let dongcheng = facts("110101")
    #expect(near(dongcheng.population2010.map(Double.init), 919_000, percent: 0.5))
    #expect(dongcheng.note?.contains("崇文区") == true)
    #expect(dongcheng.population2020 == 708_829)
  }

  @Test("a split since the census gives no figure, and says why, rather than guess the shares")
  func split() {
    // 邢台县 was divided between 襄都区 and 信都区 in 2020 (the 2010 census knew the county).
    for code in ["130502", "130503"] {
      let part = facts(code)
      #expect(part.population2010 == nil, "\(code)")
      #expect(part.note?.contains("邢台县") == true, "\(code)")
      #expect(part.population2020 != nil, "\(code)")
    }
  }

  @Test("a township has no outline and no census figure: null in JSON, empty in TSV")
  func township() throws {
    let yushan = try #require(catalog.townships(code: "320583100", prefix: false).first)
    let json = ListFormatter.cityObject(catalog, yushan)
    #expect(
      json.contains(
        "\"area_km2\":null,\"population_2020\":null,\"population_2010\":null,"
          + "\"population_note\":null"))
    let row = ListFormatter.cities([yushan], in: catalog, format: .tsv, layout: .townships)
    #expect(row.first?.hasSuffix("\t320583100\t\t\t\n") == true)
  }

  @Test("the facts files are in code order, as the lookup's bisection needs")
  func sorted() {
    #expect(BuiltInFacts.table.isSorted)
    #expect(!FactTable(areas: Array("code\tarea_km2\n2\t1\n1\t1\n".utf8), census: []).isSorted)
    // The first and the last code of a file are found, and a code between two is not.
    let table = FactTable(
      areas: Array("code\tarea_km2\n110000\t1.5\n320583\t931.0\n820000\t30.0\n".utf8),
      census: [])
    #expect(table["110000"].areaKm2 == 1.5 && table["82"].areaKm2 == 30)
    #expect(table["320583"].areaKm2 == 931 && table["320584"] == .none)
  }

  @Test("a data file's catalog has no facts, even with the built-in codes")
  func dataFile() {
    var other = catalog
    other.outlines = .none
    #expect(CatalogFacts.facts(code: "320583", in: other) == .none)
  }

  @Test("昆山's page says its area and its people at both censuses, after its place facts")
  func pageFacts() throws {
    let header = try CatalogOutlinesTests().kunshanPage(catalog)
    let area = try #require(header.first { $0.hasPrefix("  Area     ") })
    #expect(near(Double(area.split(separator: " ")[1]), 931, percent: 1))
    #expect(area.hasSuffix(" km²"))
    #expect(header.contains("  People   2,092,496 (2020 census) · 1,644,860 (2010)"))
    let order = ["  Bounds ", "  Area ", "  People ", "  URL "].map { label in
      header.firstIndex { $0.hasPrefix(label) } ?? -1
    }
    #expect(order == order.sorted() && !order.contains(-1))
  }

  /// The rows a command writes, on the built-in data.
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

  @Test("--sort orders a list: 广州 has more people than 深圳, 盐城 is 江苏's largest city")
  func sort() throws {
    let byPeople = try report("-p", "广东", "--sort", "population").output
    #expect(byPeople.prefix(2).map { $0.split(separator: "\t")[1] } == ["广州市", "深圳市"])
    let byArea = try report("-p", "江苏", "--sort", "area").output
    #expect(byArea.first?.split(separator: "\t")[1] == "盐城市")
    // By pinyin: 常州 (chang zhou) first, 镇江 (zhen jiang) last; by code: 南京 320100 first.
    let byName = try report("-p", "江苏", "--sort", "name").output
    #expect(byName.first?.split(separator: "\t")[1] == "常州市")
    #expect(byName.last?.split(separator: "\t")[1] == "镇江市")
    let byCode = try report("-p", "江苏", "--sort", "code").output
    #expect(byCode.first?.split(separator: "\t")[1] == "南京市")
    // Provinces too: 广东 is the most populous.
    #expect(try report("--sort", "population").output.first?.hasPrefix("广东省\t") == true)
  }

  @Test("--sort takes only its four fields, and only on lists")
  func sortRefused() {
    #expect(throws: UsageError.self) { try OptionParser.parse(["--all", "--sort", "size"]) }
    #expect(throws: UsageError.self) {
      try OptionParser.parse(["--at", "31.39,120.98", "--sort", "area"])
    }
  }
}
