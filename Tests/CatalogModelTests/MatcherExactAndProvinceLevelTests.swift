import BuiltInCatalog
import TestFixtures
import Testing

@testable import CatalogModel

@Suite struct MatcherProvinceGivenAsCityTests {
  let catalog = BuiltInCatalog.catalog
  var matcher: Matcher { Matcher(catalog: catalog) }

  func name(_ index: Int?) -> String? {
    index.map { catalog.provinces[$0].name }
  }

  @Test func aProvinceNameGivenAsACityIsReportedAsThatProvince() {
    let cases = [
      ("上海", "上海市"), ("上海市", "上海市"), ("beijing", "北京市"), ("Beijing", "北京市"),
      ("北京市", "北京市"), ("天津", "天津市"), ("Chongqing", "重庆市"), ("广东", "广东省"),
      ("guangdong", "广东省"), ("Tibet", "西藏自治区"), ("Hong Kong", "香港特别行政区"),
    ]
    for (query, province) in cases {
      guard case .notFound = matcher.city(query, inProvince: nil) else {
        Issue.record("\(query) should find no city")
        continue
      }
      #expect(name(matcher.provinceGivenAsCity(query)) == province, "\(query)")
    }
  }

  @Test func onlyAWholeNameCountsNotInitialsOrAPrefix() {
    #expect(matcher.provinceGivenAsCity("sh") == nil)
    #expect(matcher.provinceGivenAsCity("bj") == nil)
    #expect(matcher.provinceGivenAsCity("上") == nil)
    #expect(matcher.provinceGivenAsCity("guang") == nil)
    #expect(matcher.provinceGivenAsCity("广州") == nil)
    #expect(matcher.provinceGivenAsCity("") == nil)
  }

  @Test func aNameTwoProvincesShareNamesNeither() {
    #expect(matcher.provinceGivenAsCity("shanxi") == nil)
    #expect(name(matcher.provinceGivenAsCity("Shaanxi")) == "陕西省")
  }

  @Test func aCityOfTheSameNameIsStillFoundAsACity() {
    // 吉林市 is a city of 吉林省: the city lookup answers, whatever the province says.
    guard case .unique(let ref) = matcher.city("吉林", inProvince: nil) else {
      Issue.record("吉林 should find 吉林市")
      return
    }
    #expect(catalog[ref].name == "吉林市")
  }
}

@Suite struct MatcherExactMatchTests {
  static let catalog = Catalog(provinces: [
    Province(
      name: "测试省",
      cities: [
        City(name: "gbkmeta", url: "https://a.example/"),
        City(name: "gbk", url: "https://b.example/"),
        City(name: "广州市", url: "https://c.example/", pinyin: "guang zhou shi"),
        City(name: "广州南", url: "https://d.example/", pinyin: "guang zhou nan"),
        City(name: "朝阳区", url: "https://e.example/", pinyin: "chao yang qu"),
        City(name: "朝阳市", url: "https://f.example/", pinyin: "chao yang shi"),
      ]),
    Province(name: "广东省", cities: [City(name: "x", url: "https://x.example/")]),
    Province(name: "广西壮族自治区", cities: [City(name: "y", url: "https://y.example/")]),
    Province(name: "山西省", cities: [City(name: "z", url: "https://z.example/")]),
    Province(name: "陕西省", cities: [City(name: "w", url: "https://w.example/")]),
  ])
  let matcher = Matcher(catalog: Self.catalog)

  func city(_ name: String) -> CityRef {
    CityRef(
      province: 0, city: Self.catalog.provinces[0].cities.firstIndex { $0.name == name } ?? -1)
  }

  @Test func theExactOneAmongSeveralFilterResultsIsChosen() {
    let results = matcher.filter("gbk", cities: Self.catalog.allCities)
    #expect(results == [city("gbk"), city("gbkmeta")])
    #expect(matcher.exactMatch("gbk", cities: results) == city("gbk"))
    #expect(matcher.exactMatch("GBK ", cities: results) == city("gbk"))
  }

  @Test func aSuffixlessNameOrFullPinyinIsExact() {
    let refs = Self.catalog.allCities
    #expect(matcher.exactMatch("广州", cities: refs) == city("广州市"))
    #expect(matcher.exactMatch("guangzhou", cities: refs) == city("广州市"))
    #expect(matcher.exactMatch("Guang Zhou Shi", cities: refs) == city("广州市"))
    #expect(matcher.exactMatch("guangzhounan", cities: refs) == city("广州南"))
  }

  @Test func aNameWrittenInFullBeatsOneMatchedWithoutItsSuffix() {
    let both = [city("朝阳区"), city("朝阳市")]
    #expect(matcher.exactMatch("朝阳市", cities: both) == city("朝阳市"))
    #expect(matcher.exactMatch("朝阳区", cities: both) == city("朝阳区"))
    #expect(matcher.exactMatch("朝阳", cities: both) == nil)
    #expect(matcher.exactMatch("chaoyang", cities: both) == nil)
  }

  @Test func initialsPrefixesAndRefsOutsideTheListAreNotExact() {
    let refs = Self.catalog.allCities
    #expect(matcher.exactMatch("gzs", cities: refs) == nil)
    #expect(matcher.exactMatch("gb", cities: refs) == nil)
    #expect(matcher.exactMatch("广", cities: refs) == nil)
    #expect(matcher.exactMatch("", cities: refs) == nil)
    #expect(matcher.exactMatch("gbk", cities: [city("gbkmeta")]) == nil)
    #expect(matcher.exactMatch("gbk", cities: [CityRef(province: 9, city: 0)]) == nil)
  }

  @Test func provincesHaveAnExactMatchToo() {
    let all = Array(Self.catalog.provinces.indices)
    #expect(matcher.exactMatch("广东", provinces: all) == 1)
    #expect(matcher.exactMatch("guangxi", provinces: all) == 2)
    #expect(matcher.exactMatch("Shaanxi", provinces: all) == 4)
    #expect(matcher.exactMatch("shanxi", provinces: all) == nil)
    #expect(matcher.exactMatch("广", provinces: all) == nil)
    #expect(matcher.exactMatch("广东", provinces: [2, 3, 99]) == nil)
  }
}
