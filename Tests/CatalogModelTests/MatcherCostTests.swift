import TestFixtures
import Testing

@testable import BuiltInCatalog
@testable import CatalogModel
@testable import TextSupport

@Suite struct MatcherCostTests {
  @Test(
    "a province's code is looked for among its cities once, and kept: a menu frame asks for every row's"
  )
  func provinceCodesAreKept() {
    let catalog = BuiltInCatalog.catalog
    let matcher = Matcher(catalog: catalog)
    #expect(!matcher.hasKeptProvinceCodes)
    let guangdong = catalog.provinces.firstIndex { $0.name == "广东省" } ?? -1
    let beijing = catalog.provinces.firstIndex { $0.name == "北京市" } ?? -1
    #expect(matcher.provinceCode(guangdong) == "440000")
    #expect(matcher.hasKeptProvinceCodes)
    #expect(matcher.provinceCode(beijing) == "110000")
    #expect(matcher.provinceCode(catalog.provinces.count) == nil)
    // Cities without codes: no province code, kept as none.
    let uncoded = Matcher(
      catalog: Catalog(provinces: [
        Province(name: "甲省", cities: [City(name: "乙市", url: "https://a.test/乙市")])
      ]))
    #expect(uncoded.provinceCode(0) == nil && uncoded.provinceCode(0) == nil)
    #expect(uncoded.hasKeptProvinceCodes)
  }

  @Test func hanQueriesNeverBuildPinyin() {
    let matcher = Matcher(catalog: MatchFixture.catalog)
    _ = matcher.province("广东")
    _ = matcher.city("长沙", inProvince: nil)
    _ = matcher.city("长莎", inProvince: nil)
    _ = matcher.search("长")
    _ = matcher.filter("广", provinces: [0, 1])
    #expect(!matcher.hasBuiltPinyin)
    _ = matcher.search("chang")
    #expect(matcher.hasBuiltPinyin)
  }

  @Test func hanPrefixesExactMatchesAndProvinceNamesNeverBuildPinyin() {
    let matcher = Matcher(catalog: MatchFixture.catalog)
    _ = matcher.province("广")
    _ = matcher.city("乌鲁木", inProvince: nil)
    _ = matcher.city("上海", inProvince: nil)
    _ = matcher.provinceGivenAsCity("上海")
    _ = matcher.exactMatch("广州", cities: MatchFixture.catalog.allCities)
    _ = matcher.exactMatch("广东", provinces: [0, 1])
    #expect(!matcher.hasBuiltPinyin)
  }

  /// `-p 广东 -c 广州` keys the named province's cities alone, and answers as a matcher
  /// that keyed every city does: for each city's name, its name without the suffix, its
  /// first character and a name from another province, in every province.
  @Test func aHanPlaceInAProvinceKeysThatProvinceAloneAndAnswersAsTheWholeScan() {
    let catalog = MatchFixture.catalog
    let everyCity = Matcher(catalog: catalog)
    _ = everyCity.place("海淀区", inProvince: nil)
    #expect(everyCity.hasBuiltCityNames)
    let names = catalog.provinces.flatMap { $0.cities.map(\.name) }
    let queries = names + names.map(NameSuffix.strip) + names.map { String($0.prefix(1)) }
    var scoped = 0
    for province in catalog.provinces.indices {
      for query in queries {
        let alone = Matcher(catalog: catalog)
        let answer = alone.place(query, inProvince: province)
        #expect(answer == everyCity.place(query, inProvince: province), "\(query) in \(province)")
        if case .unique = answer, !alone.hasBuiltCityNames { scoped += 1 }
      }
    }
    #expect(scoped >= names.count, "each city's own name is found from its province's keys")
  }

  @Test func aLatinQueryMatchingANameExactlyNeedsNoPinyin() {
    let catalog = Catalog(provinces: [Province(name: "Taiwan", cities: [])])
    let matcher = Matcher(catalog: catalog)
    #expect(matcher.province("taiwan") == .unique(0))
    #expect(!matcher.hasBuiltPinyin)
  }

  @Test func fullWidthLettersAreReadAsLatin() {
    let matcher = Matcher(catalog: MatchFixture.catalog)
    #expect(matcher.province("ｇｄ") == .unique(MatchFixture.province("广东省")))
  }

  @Test func aQueryMixingHanAndLatinIsNotReadAsPinyin() {
    let matcher = Matcher(catalog: MatchFixture.catalog)
    #expect(matcher.search("惠zhou") == [])
  }
}
