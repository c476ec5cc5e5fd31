import TestFixtures
import Testing

@testable import BuiltInCatalog
@testable import CatalogModel
@testable import TextSupport

@Suite struct MatcherFilterTests {
  static func catalog(_ cities: [City]) -> Catalog {
    Catalog(provinces: [Province(name: "测试省", cities: cities)])
  }

  static func names(_ catalog: Catalog, _ refs: [CityRef]) -> [String] {
    refs.map { catalog[$0].name }
  }

  @Test func hanFilterRanksExactThenSuffixlessThenPrefixThenSubstring() {
    let catalog = Self.catalog(
      ["新广州", "广州南", "广州市", "深圳市", "广州"].map { MatchFixture.city($0) })
    let matcher = Matcher(catalog: catalog)
    let result = matcher.filter("广州", cities: catalog.allCities)
    #expect(Self.names(catalog, result) == ["广州", "广州市", "广州南", "新广州"])
  }

  @Test func latinFilterRanksNamesThenPinyinThenInitials() {
    func city(_ name: String, _ pinyin: String? = nil) -> City { MatchFixture.city(name, pinyin) }
    let catalog = Self.catalog([
      city("东州", "dong zhou"), city("赣州北", "gan zhou bei"), city("广州市", "guang zhou"),
      city("GZ"), city("深圳市", "shen zhen"),
    ])
    let matcher = Matcher(catalog: catalog)
    let result = matcher.filter("gz", cities: catalog.allCities)
    // GZ by name; 广州 by its initials; 赣州北 by initials prefix; 东州 as "donGZhou".
    #expect(Self.names(catalog, result) == ["GZ", "广州市", "赣州北", "东州"])
  }

  @Test func pinyinEqualityOutranksPinyinPrefixAndSubstring() {
    func city(_ name: String, _ pinyin: String? = nil) -> City { MatchFixture.city(name, pinyin) }
    let catalog = Self.catalog([
      city("延边朝鲜族自治州", "yan bian chao xian zu zi zhi zhou"), city("咸阳市", "xian yang"),
      city("西安市", "xi an"),
    ])
    let matcher = Matcher(catalog: catalog)
    let result = matcher.filter("Xi An", cities: catalog.allCities)
    #expect(Self.names(catalog, result) == ["西安市", "咸阳市", "延边朝鲜族自治州"])
  }

  @Test func aSingleLetterMatchesPinyinPrefixesOnly() {
    let catalog = Self.catalog([
      MatchFixture.city("北京", "bei jing"), MatchFixture.city("上海", "shang hai"),
    ])
    let result = Matcher(catalog: catalog).filter("s", cities: catalog.allCities)
    #expect(Self.names(catalog, result) == ["上海"])
  }

  @Test func aBlankFilterKeepsEverythingInOrder() {
    let matcher = Matcher(catalog: MatchFixture.catalog)
    let refs = MatchFixture.catalog.allCities
    #expect(matcher.filter("  ", cities: refs) == refs)
    #expect(matcher.filter("", provinces: [3, 1, 2]) == [3, 1, 2])
  }

  @Test func filteringProvincesUsesTheSameRules() {
    let matcher = Matcher(catalog: MatchFixture.catalog)
    let all = Array(MatchFixture.catalog.provinces.indices)
    let guang = matcher.filter("广", provinces: all).map { MatchFixture.catalog.provinces[$0].name }
    #expect(guang == ["广东省", "广西壮族自治区"])
    let gd = matcher.filter("gd", provinces: all).map { MatchFixture.catalog.provinces[$0].name }
    #expect(gd == ["广东省"])
    // Only the provinces offered are considered, and out-of-range ones are ignored.
    #expect(matcher.filter("广东", provinces: [0, 2, 99]) == [])
  }

  @Test func searchCoversEveryProvinceInCatalogOrderWithinATier() {
    let matcher = Matcher(catalog: MatchFixture.catalog)
    #expect(
      Self.names(MatchFixture.catalog, matcher.search("长")) == ["长治市", "长春市", "长沙市"])
    #expect(
      matcher.search("chaoyang")
        == [MatchFixture.ref("北京市", "朝阳区"), MatchFixture.ref("辽宁省", "朝阳市")])
    #expect(matcher.search(" ") == [])
  }

  @Test func searchPutsBetterTiersFirst() {
    let matcher = Matcher(catalog: MatchFixture.catalog)
    let names = Self.names(MatchFixture.catalog, matcher.search("zhou"))
    // No name starts with "zhou"; 中西区's "zhongxi" does not match; every "-zhou" is a substring.
    #expect(names == ["广州市", "惠州市", "延边朝鲜族自治州", "湘西土家族苗族自治州", "福州市", "赣州市"])
    let hz = Self.names(MatchFixture.catalog, matcher.search("hz"))
    #expect(hz.first == "惠州市")
  }
}

@Suite struct MatcherSearchMemoTests {
  @Test func aRepeatedSearchGivesTheSameResultsAsTheFirst() {
    let matcher = Matcher(catalog: SampleCatalog.catalog)
    let first = matcher.search("zhou")
    // Enough other searches to push "zhou" out of the memo and bring it back.
    for query in ["g", "gu", "gua", "s", "sh", "she", "shen", "x", "xi", "t", "ta", "c"] {
      _ = matcher.search(query)
    }
    #expect(matcher.search("zhou") == first)
    for query in (0..<20).map({ "q\($0)" }) { _ = matcher.search(query) }
    #expect(matcher.search("zhou") == first)
    #expect(!first.isEmpty)
    #expect(matcher.search("") == [])
  }
}
