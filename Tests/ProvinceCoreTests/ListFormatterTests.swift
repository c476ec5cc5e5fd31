import Foundation
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

@Suite struct ListFormatterTests {
  let catalog = SampleCatalog.catalog
  let guangzhou = CityRef(province: 1, city: 0)
  let shenzhen = CityRef(province: 1, city: 2)

  @Test func urlsArePrintedAsPercentEncodedASCII() {
    #expect(
      ListFormatter.cities([guangzhou], in: catalog, format: .url) == [
        "https://zh.wikipedia.org/wiki/%E5%B9%BF%E5%B7%9E%E5%B8%82\n"
      ])
    #expect(URLText.ascii("https://a.test/a b?q=\"x\"") == "https://a.test/a%20b?q=%22x%22")
    #expect(URLText.ascii("https://a.test/%E5") == "https://a.test/%E5")
  }

  @Test func tsvIsProvinceCityURLOneCityALine() {
    #expect(
      ListFormatter.cities([guangzhou, shenzhen], in: catalog, format: .tsv) == [
        "广东省\t广州市\thttps://zh.wikipedia.org/wiki/%E5%B9%BF%E5%B7%9E%E5%B8%82\t440100\t\t\t\n",
        "广东省\t深圳市\thttps://zh.wikipedia.org/wiki/%E6%B7%B1%E5%9C%B3%E5%B8%82\t440300\t\t\t\n",
      ])
  }

  @Test func tabsNewlinesAndEscapesInNamesCannotBreakATSVLine() {
    let hostile = Catalog(provinces: [
      Province(name: "a\tb", cities: [City(name: "c\nd\u{1B}[2J", url: "https://x.test/\t")])
    ])
    let line = ListFormatter.cities([CityRef(province: 0, city: 0)], in: hostile, format: .tsv)[0]
    #expect(line == "a b\tc d\u{FFFD}[2J\thttps://x.test/%09\t\t\t\t\n")
  }

  @Test func jsonHasEveryFieldInOrderAndParses() throws {
    var city = catalog[guangzhou]
    city.extra = [
      ExtraField(key: "population", value: .integer(18_827_000)),
      ExtraField(key: "tags", value: .array([.string("省会"), .bool(true)])),
    ]
    var custom = catalog
    custom.provinces[1].cities[0] = city
    // The sample's codes are the built-in data's: it comes with the built-in outlines.
    custom.outlines = .builtIn
    let text = ListFormatter.cities([guangzhou, shenzhen], in: custom, format: .json).joined()
    #expect(
      text.hasPrefix(
        "[\n{\"province\":\"广东省\",\"city\":\"广州市\",\"county\":null,\"township\":null,"
          + "\"url\":\"https://zh.wikipedia.org/wiki/%E5%B9%BF%E5%B7%9E%E5%B8%82\",\"level\":\"city\","
          + "\"code\":\"440100\",\"pinyin\":\"guang zhou shi\",\"centroid\":{\"lat\":23."
      ))
    // The built-in outline's centroid and box (广州 lies about 22.5–23.9° N), the facts (广州
    // had 18,676,605 people at the 2020 census), then the extras.
    #expect(text.contains(",\"population_2020\":18676605,\"population_2010\":"))
    #expect(
      text.contains(
        ",\"population_note\":null,\"population\":18827000,\"tags\":[\"省会\",true]},\n"))
    let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
    #expect(parsed?.count == 2)
    #expect(parsed?[1]["city"] as? String == "深圳市")
  }

  @Test func jsonEscapesControlsAndBidiOverrides() {
    #expect(
      JSONWriter.string("a\u{1B}b\u{9B}c\u{202E}d\"\\") == "\"a\\u001bb\\u009bc\\u202ed\\\"\\\\\"")
  }

  @Test func anEmptyListIsAnEmptyJSONArray() {
    #expect(ListFormatter.cities([], in: catalog, format: .json) == ["[]\n"])
  }

  @Test func textAlignsColumnsByDisplayWidth() {
    let lines = ListFormatter.cities(
      [CityRef(province: 0, city: 0), CityRef(province: 1, city: 0)], in: catalog, format: .text)
    let urlColumn = lines.map { line in TerminalText.width(String(line.prefix { $0 != "h" })) }
    #expect(urlColumn[0] == urlColumn[1])
    #expect(lines[0].hasPrefix("北京市  东城区  https://"))
  }

  @Test func provincesListWithTheirCityCounts() {
    #expect(
      ListFormatter.provinces(catalog, format: .tsv).prefix(2) == [
        "北京市\t2\t110000\t\t\t\n", "广东省\t3\t440000\t\t\t\n",
      ])
    // Pinyin at every level, a province's too; a province is a place record like any other.
    #expect(
      ListFormatter.provinces(catalog, format: .json)[1]
        == "{\"province\":\"北京市\",\"city\":null,\"county\":null,\"township\":null,"
        + "\"url\":null,\"level\":\"province\",\"code\":\"110000\",\"pinyin\":\"bei jing shi\","
        + "\"area_km2\":null,\"population_2020\":null,\"population_2010\":null,"
        + "\"population_note\":null,\"cities\":2},\n")
    #expect(ListFormatter.provinces(catalog, format: .json)[2].contains("\"guang dong sheng\""))
    let searched = ListFormatter.hits([.province(1)], in: catalog, format: .json)
    #expect(searched.joined().contains("\"pinyin\":\"guang dong sheng\""))
  }

  @Test func everyListOfTownshipsHasTheCountyColumn() {
    // 东华门街道 is under 东城区, a district with no county level: its county cell is
    // there, empty, so the township is always the fourth column.
    let catalog = Catalog(
      provinces: [
        Province(
          name: "北京市",
          cities: [City(name: "东城区", url: "https://x.test/d", code: "110101")])
      ],
      townshipTable: TownshipTable(
        rows: "#110101\n001\t东华门街道\tdong hua men jie dao\n", urlPrefix: "https://x.test/"))
    let rows = ListFormatter.cities(
      [CityRef(province: 0, city: 0, county: nil, township: 0)], in: catalog, format: .tsv)
    #expect(rows.first?.hasPrefix("北京市\t东城区\t\t东华门街道\thttps://x.test/") == true)
  }
}
