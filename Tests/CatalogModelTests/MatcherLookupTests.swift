import TestFixtures
import Testing

@testable import BuiltInCatalog
@testable import CatalogModel
@testable import TextSupport

/// A small catalog of real names: provinces with and without suffixes that need
/// stripping, cities with pinyin from the file and cities whose pinyin must be derived.
enum MatchFixture {
  static func city(_ name: String, _ pinyin: String? = nil) -> City {
    City(name: name, url: "https://example.org/\(name)", pinyin: pinyin)
  }

  static let catalog = Catalog(provinces: [
    Province(
      name: "北京市",
      cities: [city("东城区", "dong cheng qu"), city("朝阳区", "chao yang qu"), city("海淀区")]),
    Province(
      name: "广东省",
      cities: [
        city("广州市", "guang zhou"), city("深圳市", "shen zhen"), city("佛山市"),
        city("惠州市", "hui zhou"),
      ]),
    Province(name: "山西省", cities: [city("太原市", "tai yuan"), city("长治市")]),
    Province(name: "陕西省", cities: [city("西安市", "xi an"), city("延安市", "yan an")]),
    Province(name: "辽宁省", cities: [city("沈阳市", "shen yang"), city("朝阳市", "chao yang")]),
    Province(
      name: "吉林省",
      cities: [city("长春市"), city("延边朝鲜族自治州", "yan bian chao xian zu zi zhi zhou")]),
    Province(name: "内蒙古自治区", cities: [city("呼和浩特市", "hu he hao te")]),
    Province(name: "香港特别行政区", cities: [city("中西区", "zhong xi")]),
    Province(name: "澳门特别行政区", cities: [city("花地玛堂区")]),
    Province(name: "西藏自治区", cities: [city("拉萨市", "la sa")]),
    Province(name: "湖南省", cities: [city("长沙市"), city("湘西土家族苗族自治州")]),
    Province(name: "福建省", cities: [city("厦门市"), city("福州市", "fu zhou")]),
    Province(name: "安徽省", cities: [city("蚌埠市"), city("六安市"), city("合肥市", "he fei")]),
    Province(name: "重庆市", cities: [city("渝中区", "yu zhong")]),
    Province(name: "贵州省", cities: [city("贵阳市", "gui yang")]),
    Province(name: "江西省", cities: [city("赣州市", "gan zhou")]),
    Province(name: "广西壮族自治区", cities: [city("南宁市", "nan ning")]),
    Province(name: "宁夏回族自治区", cities: [city("银川市")]),
    Province(name: "新疆维吾尔自治区", cities: [city("乌鲁木齐市", "wu lu mu qi")]),
  ])

  static func province(_ name: String) -> Int {
    catalog.provinces.firstIndex { $0.name == name } ?? -1
  }

  static func ref(_ province: String, _ city: String) -> CityRef {
    let p = self.province(province)
    let c = p >= 0 ? catalog.provinces[p].cities.firstIndex { $0.name == city } ?? -1 : -1
    return CityRef(province: p, city: c)
  }
}

@Suite struct MatcherLookupTests {
  let matcher = Matcher(catalog: MatchFixture.catalog)

  func province(_ name: String) -> MatchResult<Int> { .unique(MatchFixture.province(name)) }

  @Test func aProvinceIsFoundByItsExactName() {
    #expect(matcher.province("广东省") == province("广东省"))
    #expect(matcher.province("  内蒙古自治区 ") == province("内蒙古自治区"))
  }

  @Test func aProvinceIsFoundWithoutItsAdministrativeSuffix() {
    #expect(matcher.province("广东") == province("广东省"))
    #expect(matcher.province("内蒙古") == province("内蒙古自治区"))
    #expect(matcher.province("香港") == province("香港特别行政区"))
    #expect(matcher.province("西藏") == province("西藏自治区"))
    #expect(matcher.province("广西") == province("广西壮族自治区"))
    #expect(matcher.province("宁夏") == province("宁夏回族自治区"))
    #expect(matcher.province("新疆") == province("新疆维吾尔自治区"))
  }

  @Test func aProvinceIsFoundByPinyinInAnyCaseWithOrWithoutSpaces() {
    for query in ["guangdong", "Guang Dong", "GUANGDONG", "guang dong sheng", "guang-dong"] {
      #expect(matcher.province(query) == province("广东省"), "\(query)")
    }
    #expect(matcher.province("neimenggu") == province("内蒙古自治区"))
    #expect(matcher.province("xizang") == province("西藏自治区"))
    #expect(matcher.province("chongqing") == province("重庆市"))
  }

  @Test func aProvinceIsFoundByItsInitials() {
    #expect(matcher.province("gd") == province("广东省"))
    #expect(matcher.province("GZ") == province("贵州省"))
  }

  @Test func establishedRomanisationsThatAreNotPinyinAreKnown() {
    #expect(matcher.province("Shaanxi") == province("陕西省"))
    #expect(matcher.province("Hong Kong") == province("香港特别行政区"))
    #expect(matcher.province("HK") == province("香港特别行政区"))
    #expect(matcher.province("Macao") == province("澳门特别行政区"))
    #expect(matcher.province("macau") == province("澳门特别行政区"))
    #expect(matcher.province("Tibet") == province("西藏自治区"))
    #expect(matcher.province("Inner Mongolia") == province("内蒙古自治区"))
    #expect(matcher.province("Peking") == province("北京市"))
  }

  @Test func pinyinSharedByTwoProvincesIsAmbiguous() {
    let both = [MatchFixture.province("山西省"), MatchFixture.province("陕西省")]
    #expect(matcher.province("shanxi") == .ambiguous(both))
    #expect(matcher.province("Shan Xi") == .ambiguous(both))
  }

  @Test func aCityIsFoundByNameSuffixlessNameAndPinyin() {
    let guangzhou = MatchResult.unique(MatchFixture.ref("广东省", "广州市"))
    let guangdong = MatchFixture.province("广东省")
    for query in ["广州市", "广州", "guangzhou", "Guang Zhou", "guangzhoushi", "Canton"] {
      #expect(matcher.city(query, inProvince: guangdong) == guangzhou, "\(query)")
      #expect(matcher.city(query, inProvince: nil) == guangzhou, "\(query)")
    }
  }

  @Test func aQueryWithASuffixFindsANameWrittenWithoutOne() {
    let catalog = Catalog(provinces: [
      Province(name: "广东", cities: [MatchFixture.city("广州"), MatchFixture.city("深圳")])
    ])
    let matcher = Matcher(catalog: catalog)
    #expect(matcher.province("广东省") == .unique(0))
    #expect(matcher.city("深圳市", inProvince: 0) == .unique(CityRef(province: 0, city: 1)))
  }

  @Test func pinyinWithAnApostropheMatches() {
    #expect(matcher.city("xi'an", inProvince: nil) == .unique(MatchFixture.ref("陕西省", "西安市")))
  }

  @Test func autonomousPrefecturesAreFoundWithoutTheirEthnicNames() {
    #expect(matcher.city("延边", inProvince: nil) == .unique(MatchFixture.ref("吉林省", "延边朝鲜族自治州")))
    #expect(matcher.city("湘西", inProvince: nil) == .unique(MatchFixture.ref("湖南省", "湘西土家族苗族自治州")))
    #expect(
      matcher.city("xiangxi", inProvince: nil) == .unique(MatchFixture.ref("湖南省", "湘西土家族苗族自治州")))
  }

  @Test func citiesWithoutPinyinInTheFileAreFoundByDerivedPinyin() {
    let cases = [
      ("changsha", "湖南省", "长沙市"), ("xiamen", "福建省", "厦门市"), ("bengbu", "安徽省", "蚌埠市"),
      ("luan", "安徽省", "六安市"), ("lu'an", "安徽省", "六安市"), ("foshan", "广东省", "佛山市"),
      ("changchun", "吉林省", "长春市"), ("huadimatang", "澳门特别行政区", "花地玛堂区"),
    ]
    for (query, province, city) in cases {
      #expect(
        matcher.city(query, inProvince: nil) == .unique(MatchFixture.ref(province, city)),
        "\(query)")
    }
  }

  @Test func aNameWithTheSameSuffixlessFormInTwoProvincesIsAmbiguous() {
    let both = [MatchFixture.ref("北京市", "朝阳区"), MatchFixture.ref("辽宁省", "朝阳市")]
    #expect(matcher.city("朝阳", inProvince: nil) == .ambiguous(both))
    #expect(matcher.city("chaoyang", inProvince: nil) == .ambiguous(both))
  }

  @Test func limitingToOneProvinceResolvesTheAmbiguity() {
    let liaoning = MatchFixture.province("辽宁省")
    #expect(matcher.city("朝阳", inProvince: liaoning) == .unique(MatchFixture.ref("辽宁省", "朝阳市")))
  }

  @Test func aBetterTierWinsOutright() {
    // 朝阳市 is exact for Liaoning's city; Beijing's 朝阳区 only shares the suffix-less form.
    #expect(matcher.city("朝阳市", inProvince: nil) == .unique(MatchFixture.ref("辽宁省", "朝阳市")))
    // "hf" is 合肥's initials; nothing else matches at a better tier.
    #expect(matcher.city("hf", inProvince: nil) == .unique(MatchFixture.ref("安徽省", "合肥市")))
  }

  @Test func sharedInitialsAreAmbiguous() {
    let both = [MatchFixture.ref("广东省", "广州市"), MatchFixture.ref("江西省", "赣州市")]
    #expect(matcher.city("gz", inProvince: nil) == .ambiguous(both))
  }

  @Test func aPrefixMatchingSeveralNamesIsAmbiguous() {
    let guangs = [MatchFixture.province("广东省"), MatchFixture.province("广西壮族自治区")]
    #expect(matcher.province("广") == .ambiguous(guangs))
    #expect(matcher.province("guang") == .ambiguous(guangs))
    let chaoyangs = [MatchFixture.ref("北京市", "朝阳区"), MatchFixture.ref("辽宁省", "朝阳市")]
    #expect(matcher.city("朝", inProvince: nil) == .ambiguous(chaoyangs))
  }

  @Test func aPrefixMatchingOneNameIsThatName() {
    #expect(matcher.province("内") == province("内蒙古自治区"))
    #expect(matcher.province("neimeng") == province("内蒙古自治区"))
    #expect(matcher.city("乌鲁木", inProvince: nil) == .unique(MatchFixture.ref("新疆维吾尔自治区", "乌鲁木齐市")))
    #expect(matcher.city("shenz", inProvince: nil) == .unique(MatchFixture.ref("广东省", "深圳市")))
  }

  @Test func aWholeNameBeatsAPrefixOfAnother() {
    let cities = ["广州南", "广州"].map { MatchFixture.city($0) }
    let matcher = Matcher(catalog: Catalog(provinces: [Province(name: "某省", cities: cities)]))
    #expect(matcher.city("广州", inProvince: nil) == .unique(CityRef(province: 0, city: 1)))
    #expect(matcher.city("广州南", inProvince: nil) == .unique(CityRef(province: 0, city: 0)))
  }

  @Test func aSubstringIsNoLookup() {
    guard case .notFound = matcher.city("州", inProvince: nil) else {
      Issue.record("州 is inside names but begins none")
      return
    }
    guard case .notFound = matcher.city("zhen", inProvince: nil) else {
      Issue.record("zhen is inside shenzhen but begins nothing")
      return
    }
  }

  @Test func aMisspelledNameSuggestsTheClosestNames() {
    guard case .notFound(let byName) = matcher.city("广洲", inProvince: nil) else {
      Issue.record("广洲 should not match")
      return
    }
    #expect(byName.contains("广州市"))
    #expect(byName.count <= 3)
    guard case .notFound(let byPinyin) = matcher.city("guangzou", inProvince: nil) else {
      Issue.record("guangzou should not match")
      return
    }
    #expect(byPinyin.first == "广州市")
    guard case .notFound(let provinces) = matcher.province("广冬") else {
      Issue.record("广冬 should not match")
      return
    }
    #expect(provinces.contains("广东省"))
  }

  @Test func amongEquallyCloseSuggestionsHomophonesComeFirst() {
    let catalog = Catalog(provinces: [
      Province(name: "某省", cities: ["张家口市", "张家界市"].map { MatchFixture.city($0) })
    ])
    // 届 is read jie, as 界 is; 口 is kou.
    let result = Matcher(catalog: catalog).city("张家届", inProvince: nil)
    #expect(result == .notFound(suggestions: ["张家界市", "张家口市"]))
  }

  @Test func aTwoCharacterQuerySuggestsOnlyNamesThatSoundTheSame() {
    let catalog = Catalog(provinces: [
      Province(name: "某省", cities: ["株洲市", "广元市", "广州市"].map { MatchFixture.city($0) })
    ])
    let result = Matcher(catalog: catalog).city("广洲", inProvince: nil)
    #expect(result == .notFound(suggestions: ["广州市"]))
  }

  @Test func aQueryFarFromEveryNameSuggestsNothing() {
    #expect(matcher.city("qqqqqqqq", inProvince: nil) == .notFound(suggestions: []))
    #expect(matcher.province("") == .notFound(suggestions: []))
    #expect(matcher.city("广州", inProvince: 99) == .notFound(suggestions: []))
  }
}
