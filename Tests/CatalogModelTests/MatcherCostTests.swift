import TestFixtures
import Testing

@testable import BuiltInCatalog
@testable import CatalogModel
@testable import TextSupport

@Suite struct MatcherCostTests {
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
