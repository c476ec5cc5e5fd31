import Testing

@testable import BuiltInCatalog
@testable import CatalogModel

/// The catalog's one index of division codes, at every level: codes typed from knowledge of
/// China's divisions (GB/T 2260 and the township codes), never read from the index itself.
@Suite struct CodeIndexTests {
  let catalog = BuiltInCatalog.catalog

  /// The names from the province down to `ref`, as one path.
  func path(_ ref: CityRef) -> [String] {
    var names = [catalog.provinces[ref.province].name, catalog[ref.cityOnly].name]
    if let county = ref.countyOnly { names.append(catalog[county].name) }
    if ref.isTownship { names.append(catalog[ref].name) }
    return names
  }

  @Test("a code names its one division at the city, county and township levels")
  func codesAtEveryLevel() throws {
    let kunshan = try #require(catalog.division(code: "320583"))
    #expect(path(kunshan) == ["江苏省", "苏州市", "昆山市"])
    #expect(kunshan.isCounty)
    let dongcheng = try #require(catalog.division(code: "110101"))
    #expect(path(dongcheng) == ["北京市", "东城区"])
    let liangjiang = try #require(catalog.division(code: "500157"))
    #expect(path(liangjiang) == ["重庆市", "两江新区"])
    #expect(catalog.division(code: "440100").map { catalog[$0].name } == "广州市")
    #expect(catalog.divisions(code: "320583").count == 1)

    let streets = catalog.townships(code: "110101001")
    #expect(streets.count == 1)
    #expect(streets.first.map(path) == ["北京市", "东城区", "东华门街道"])
    #expect(streets.first?.parent == dongcheng)
    let yushan = catalog.townships(code: "320583100")
    #expect(yushan.first.map(path) == ["江苏省", "苏州市", "昆山市", "玉山镇"])
  }

  @Test("codes no longer in use, and codes of another level, name nothing there")
  func oldAndOtherLevelCodes() {
    // 崇文区 (110103) and 江北区 of 重庆 (500105) were merged away (2010, 2025).
    #expect(catalog.divisions(code: "110103").isEmpty)
    #expect(catalog.divisions(code: "500105").isEmpty)
    // A township's code is not a county's, nor a county's a township's.
    #expect(catalog.divisions(code: "110101001").isEmpty)
    #expect(catalog.townships(code: "110101").isEmpty)
  }

  @Test("a code's start finds its townships in code order")
  func prefixInCodeOrder() {
    // 东城区's streets 001 to 009: 东华门 first, 东直门 last.
    let found = catalog.townships(code: "11010100", prefix: true)
    #expect(found.count == 9)
    #expect(found.first.map { catalog[$0].name } == "东华门街道")
    #expect(found.last.map { catalog[$0].name } == "东直门街道")
  }

  @Test("a data file's codes are indexed, repeats in file order, and a change makes a new index")
  func dataFileCodes() {
    let town = City(name: "甲镇", url: "https://example.org/j", code: "990101100")
    var file = Catalog(provinces: [
      Province(
        name: "甲省",
        cities: [
          City(
            name: "甲市", url: "https://example.org/a", code: "990100",
            counties: [
              City(name: "甲县", url: "https://example.org/b", code: "990101", counties: [town]),
              City(name: "乙县", url: "https://example.org/c", code: "990101"),
            ])
        ])
    ])
    #expect(
      file.divisions(code: "990101") == [
        CityRef(province: 0, city: 0, county: 0), CityRef(province: 0, city: 0, county: 1),
      ])
    #expect(
      file.townships(code: "990101100") == [CityRef(province: 0, city: 0, county: 0, township: 0)])
    file.provinces[0].cities[0].counties[1].code = "990102"
    #expect(file.divisions(code: "990101") == [CityRef(province: 0, city: 0, county: 0)])
    #expect(file.division(code: "990102") == CityRef(province: 0, city: 0, county: 1))
    // Equal divisions, equal catalogs, whatever either has indexed.
    var copy = file
    copy.provinces = file.provinces
    #expect(copy == file)
  }
}
