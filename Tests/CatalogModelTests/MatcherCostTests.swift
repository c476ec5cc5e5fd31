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
