import Foundation
import Testing

@testable import BuiltInCatalog
@testable import CatalogModel

/// Checks the county level of the shipped data against facts about China's divisions typed
/// from knowledge (codes, parents, readings), never read back from the generator's output.
/// The built-in catalog is what the loader reads from the plist (DataSetTests holds the two
/// equal), so these facts hold for both.
@Suite struct CountyDataSetTests {
  let catalog = BuiltInCatalog.catalog

  /// The counties named `name`, each with its city and province.
  func counties(named name: String) -> [(province: String, city: City, county: City)] {
    catalog.provinces.flatMap { province in
      province.cities.flatMap { city in
        city.counties.filter { $0.name == name }.map { (province.name, city, $0) }
      }
    }
  }

  func city(_ name: String) -> City? {
    catalog.provinces.lazy.flatMap(\.cities).first { $0.name == name }
  }

  @Test func kunshanAndYiwuAreUnderTheirPrefectureLevelCities() {
    let kunshan = counties(named: "昆山市")
    #expect(kunshan.count == 1)
    #expect(kunshan.first?.city.name == "苏州市" && kunshan.first?.province == "江苏省")
    #expect(kunshan.first?.county.code == "320583")
    #expect(kunshan.first?.county.pinyin == "kun shan shi")
    let yiwu = counties(named: "义乌市")
    #expect(yiwu.count == 1)
    #expect(yiwu.first?.city.name == "金华市" && yiwu.first?.province == "浙江省")
    #expect(yiwu.first?.county.code == "330782")
    #expect(counties(named: "晋江市").first?.city.name == "泉州市")
    #expect(counties(named: "天河区").first?.city.name == "广州市")
  }

  @Test func theFourGulouDistrictsHaveFourDifferentArticles() {
    let gulou = counties(named: "鼓楼区")
    let expected: [(city: String, code: String)] = [
      ("南京市", "320106"), ("徐州市", "320302"), ("福州市", "350102"), ("开封市", "410204"),
    ]
    #expect(gulou.map(\.city.name) == expected.map(\.city))
    #expect(gulou.map { $0.county.code ?? "" } == expected.map(\.code))
    for (found, fact) in zip(gulou, expected) {
      #expect(found.county.url == "https://zh.wikipedia.org/wiki/鼓楼区_(\(fact.city))")
    }
    #expect(Set(gulou.map(\.county.url)).count == 4)
  }

  @Test func sharedNamesAcrossLevelsTakeTheirParentsFullName() {
    let chaoyang = counties(named: "朝阳区")
    #expect(chaoyang.map(\.city.name) == ["长春市"])
    #expect(chaoyang.first?.county.url == "https://zh.wikipedia.org/wiki/朝阳区_(长春市)")
    #expect(city("朝阳区")?.url == "https://zh.wikipedia.org/wiki/朝阳区_(北京市)")
    #expect(counties(named: "东区").first?.county.url == "https://zh.wikipedia.org/wiki/东区_(攀枝花市)")
    #expect(city("东区")?.url == "https://zh.wikipedia.org/wiki/东区_(香港特别行政区)")
    // A name no other division has keeps the bare title.
    #expect(counties(named: "昆山市").first?.county.url == "https://zh.wikipedia.org/wiki/昆山市")
  }

  @Test func citiesHaveTheirKnownCountyLevelDivisions() {
    let expected: [String: [String]] = [
      "苏州市": ["姑苏区", "虎丘区", "吴中区", "相城区", "吴江区", "常熟市", "张家港市", "昆山市", "太仓市"],
      "金华市": ["婺城区", "金东区", "武义县", "浦江县", "磐安县", "兰溪市", "义乌市", "东阳市", "永康市"],
      "南京市": [
        "玄武区", "秦淮区", "建邺区", "鼓楼区", "浦口区", "栖霞区", "雨花台区", "江宁区", "六合区",
        "溧水区", "高淳区",
      ],
    ]
    for (name, counties) in expected {
      #expect(Set(city(name)?.counties.map(\.name) ?? []) == Set(counties), "\(name)")
    }
    #expect(city("广州市")?.counties.count == 11)
    #expect(city("深圳市")?.counties.count == 9)
  }

  @Test func citiesWithoutCountiesAndSecondLevelCountiesHaveNone() {
    for name in ["东莞市", "中山市", "儋州市", "嘉峪关市"] {
      #expect(city(name)?.counties == [], "\(name)")
    }
    // Municipalities' districts and the county-level units a province administers directly
    // are the second level already, and not repeated below it.
    for name in ["海淀区", "浦东新区", "万州区", "济源市", "仙桃市", "神农架林区", "石河子市", "五指山市"] {
      #expect(city(name) != nil && city(name)?.counties == [], "\(name)")
      #expect(counties(named: name).isEmpty, "\(name)")
    }
    for province in ["香港特别行政区", "澳门特别行政区", "台湾省", "北京市", "上海市"] {
      let cities = catalog.provinces.first { $0.name == province }?.cities ?? []
      #expect(!cities.isEmpty && cities.allSatisfy(\.counties.isEmpty), "\(province)")
    }
  }

  @Test func statisticalZonesAreNotDivisions() {
    let all = catalog.provinces.flatMap(\.cities).flatMap(\.counties)
    for county in all {
      let code = county.code ?? ""
      #expect(code.wholeMatch(of: /[0-9]{6}/) != nil, "\(county.name)")
      #expect(!(70...79).contains(Int(code.dropFirst(4)) ?? 0), "\(county.name) \(code)")
    }
    for name in ["苏州工业园区", "石家庄高新技术产业开发区", "唐山市汉沽管理区"] {
      #expect(counties(named: name).isEmpty, "\(name)")
    }
    #expect(counties(named: "六枝特区").first?.city.name == "六盘水市")
  }

  @Test func countyCodesStartWithTheirCitysAndRiseWithinIt() {
    for province in catalog.provinces {
      for city in province.cities where !city.counties.isEmpty {
        let prefix = String((city.code ?? "??").prefix(4))
        var previous = ""
        for county in city.counties {
          let code = county.code ?? ""
          #expect(code.hasPrefix(prefix), "\(county.name) \(code) under \(city.name)")
          #expect(code > previous, "\(county.name) \(code)")
          previous = code
        }
      }
    }
  }

  @Test func polyphonicCountyNamesUseTheirPlaceNameReadings() {
    let expected: [(city: String, name: String, pinyin: String)] = [
      ("南京市", "六合区", "lu he qu"), ("广州市", "番禺区", "pan yu qu"),
      ("上饶市", "铅山县", "yan shan xian"), ("郑州市", "荥阳市", "xing yang shi"),
      ("雅安市", "荥经县", "ying jing xian"), ("聊城市", "莘县", "shen xian"),
      ("菏泽市", "单县", "shan xian"), ("临汾市", "洪洞县", "hong tong xian"),
      ("长治市", "长子县", "zhang zi xian"), ("唐山市", "乐亭县", "lao ting xian"),
      ("温州市", "乐清市", "yue qing shi"), ("张家口市", "蔚县", "yu xian"),
      ("亳州市", "涡阳县", "guo yang xian"), ("聊城市", "东阿县", "dong e xian"),
      ("蚌埠市", "蚌山区", "beng shan qu"), ("鹤壁市", "浚县", "xun xian"),
      ("梅州市", "大埔县", "da bu xian"), ("榆林市", "吴堡县", "wu bu xian"),
      ("黄山市", "歙县", "she xian"), ("黄山市", "黟县", "yi xian"),
      ("铜陵市", "枞阳县", "zong yang xian"), ("烟台市", "牟平区", "mu ping qu"),
      ("临沂市", "费县", "bi xian"), ("济南市", "长清区", "chang qing qu"),
      ("长沙市", "长沙县", "chang sha xian"), ("成都市", "郫都区", "pi du qu"),
      ("成都市", "都江堰市", "du jiang yan shi"), ("德阳市", "什邡市", "shi fang shi"),
      ("宜宾市", "筠连县", "jun lian xian"), ("乐山市", "犍为县", "qian wei xian"),
      ("漯河市", "召陵区", "shao ling qu"), ("随州市", "曾都区", "zeng du qu"),
      ("延边朝鲜族自治州", "珲春市", "hun chun shi"), ("沧州市", "泊头市", "bo tou shi"),
      ("巴音郭楞蒙古自治州", "库尔勒市", "ku er le shi"), ("喀什地区", "喀什市", "ka shi shi"),
      ("巴音郭楞蒙古自治州", "尉犁县", "yu li xian"), ("开封市", "尉氏县", "wei shi xian"),
      ("陇南市", "宕昌县", "tan chang xian"), ("玉树藏族自治州", "称多县", "cheng duo xian"),
      ("福州市", "马尾区", "ma wei qu"), ("武汉市", "黄陂区", "huang pi qu"),
      ("六盘水市", "六枝特区", "liu zhi te qu"), ("清远市", "佛冈县", "fo gang xian"),
      ("朝阳市", "朝阳县", "chao yang xian"), ("忻州市", "繁峙县", "fan shi xian"),
      ("贵港市", "覃塘区", "qin tang qu"), ("喀什地区", "伽师县", "jia shi xian"),
      ("平凉市", "崆峒区", "kong tong qu"), ("山南市", "浪卡子县", "lang ka zi xian"),
    ]
    for fact in expected {
      let found = counties(named: fact.name).first { $0.city.name == fact.city }
      #expect(found?.county.pinyin == fact.pinyin, "\(fact.name)")
    }
  }

  @Test func everyCountyPinyinHasOneLowercaseSyllablePerCharacter() {
    for county in catalog.provinces.flatMap(\.cities).flatMap(\.counties) {
      let pinyin = county.pinyin ?? ""
      #expect(pinyin.wholeMatch(of: /[a-z]+( [a-z]+)*/) != nil, "\(county.name): \(pinyin)")
      #expect(pinyin.split(separator: " ").count == county.name.count, "\(county.name)")
    }
  }

  /// The changes of 2024 to April 2026 the issue names, and the codes the data set gives
  /// Hong Kong's and Macao's divisions (not official ones, on the national pattern).
  @Test func theDataIsTheStateOfAprilTwentyTwentySix() {
    func entry(_ name: String, in province: String) -> City? {
      catalog.provinces.first { $0.name == province }?.cities.first { $0.name == name }
    }
    #expect(entry("两江新区", in: "重庆市")?.code == "500157")
    #expect(entry("江北区", in: "重庆市") == nil)
    #expect(entry("渝北区", in: "重庆市") == nil)
    #expect(entry("渝中区", in: "重庆市")?.code == "500103")
    #expect(counties(named: "江北区").map(\.city.name) == ["宁波市"])
    let hotan = city("和田地区")?.counties.map { "\($0.code ?? "") \($0.name)" } ?? []
    #expect(hotan.suffix(2) == ["653228 和康县", "653229 和安县"])
    #expect(counties(named: "岑岭县").first?.city.name == "喀什地区")
    #expect(counties(named: "岑岭县").first?.county.code == "653132")
    #expect(entry("草湖市", in: "新疆维吾尔自治区")?.code == "659013")
    #expect(city("三沙市")?.counties.map(\.name) == ["西沙区", "南沙区"])
    #expect(city("三沙市")?.counties.map(\.code) == ["460302", "460303"])
    #expect(entry("中西区", in: "香港特别行政区")?.code == "810101")
    #expect(entry("离岛区", in: "香港特别行政区")?.code == "810118")
    #expect(entry("花地玛堂区", in: "澳门特别行政区")?.code == "820101")
    #expect(entry("台北市", in: "台湾省")?.code == nil)
    #expect(counties(named: "加格达奇区").isEmpty)
  }

  @Test func theBuiltInDataSaysItsDateAndSource() {
    #expect(BuiltInCatalog.dataDate == "2026-04")
    #expect(BuiltInCatalog.dataSource.contains("GB/T 2260"))
    #expect(BuiltInCatalog.dataSource.contains("not official"))
  }
}
