import Foundation
import TestFixtures
import Testing

@testable import BuiltInCatalog
@testable import CatalogModel
@testable import TextSupport

/// Checks the shipped data set (Resources/provinces_cities.plist, embedded as
/// `Resources/provinces_cities.plist`). Expectations are facts about China's divisions typed
/// from knowledge, not read back from the file.
@Suite struct DataSetTests {
  /// A city entry in file order, with the province it sits under.
  struct Entry {
    var province: String
    var fields: [String: String]

    var name: String { fields["name"] ?? "" }
  }

  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  static let provincesInCodeOrder: [(code: String, name: String)] = [
    ("11", "北京市"), ("12", "天津市"), ("13", "河北省"), ("14", "山西省"),
    ("15", "内蒙古自治区"), ("21", "辽宁省"), ("22", "吉林省"), ("23", "黑龙江省"),
    ("31", "上海市"), ("32", "江苏省"), ("33", "浙江省"), ("34", "安徽省"),
    ("35", "福建省"), ("36", "江西省"), ("37", "山东省"), ("41", "河南省"),
    ("42", "湖北省"), ("43", "湖南省"), ("44", "广东省"), ("45", "广西壮族自治区"),
    ("46", "海南省"), ("50", "重庆市"), ("51", "四川省"), ("52", "贵州省"),
    ("53", "云南省"), ("54", "西藏自治区"), ("61", "陕西省"), ("62", "甘肃省"),
    ("63", "青海省"), ("64", "宁夏回族自治区"), ("65", "新疆维吾尔自治区"), ("71", "台湾省"),
    ("81", "香港特别行政区"), ("82", "澳门特别行政区"),
  ]

  static let nonMainland: Set<String> = ["台湾省", "香港特别行政区", "澳门特别行政区"]
  /// Where the data has no codes at all: Taiwan (Hong Kong's and Macao's are the data set's).
  static let uncoded: Set<String> = ["台湾省"]

  /// Reads the plist text line by line, as the generator lays it out, to see file order
  /// (PropertyListSerialization gives an unordered dictionary).
  static func scan(_ text: String) -> (provinces: [String], entries: [Entry]) {
    var provinces: [String] = []
    var entries: [Entry] = []
    var pendingKey: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if let match = line.wholeMatch(of: /\t<key>(.*)<\/key>/) {
        provinces.append(unescape(match.1))
      } else if line == "\t\t<dict>", let province = provinces.last {
        entries.append(Entry(province: province, fields: [:]))
      } else if let match = line.wholeMatch(of: /\t\t\t<key>(.*)<\/key>/) {
        pendingKey = unescape(match.1)
      } else if let match = line.wholeMatch(of: /\t\t\t<string>(.*)<\/string>/),
        let key = pendingKey, !entries.isEmpty
      {
        entries[entries.count - 1].fields[key] = unescape(match.1)
        pendingKey = nil
      }
    }
    return (provinces, entries)
  }

  static func unescape(_ text: Substring) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
  }

  /// The resource file, which the built-in catalog was generated beside.
  static let plistText: String = {
    let file = repositoryRoot.appendingPathComponent("Resources/provinces_cities.plist")
    return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
  }()

  static let scanned = scan(plistText)

  static func entry(_ name: String, in province: String) -> Entry? {
    scanned.entries.first { $0.province == province && $0.name == name }
  }

  /// The plist's cities, each without its `counties` (which CountyDataSetTests checks).
  static func parsed() throws -> [String: [[String: String]]] {
    let data = Data(Self.plistText.utf8)
    let value = try PropertyListSerialization.propertyList(from: data, format: nil)
    let provinces = try #require(value as? [String: [[String: Any]]])
    return provinces.mapValues { cities in
      cities.map { city in city.compactMapValues { $0 as? String } }
    }
  }

  @Test func theResourceFileIsAWholeXMLPlist() throws {
    #expect(Self.plistText.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
    #expect(Self.plistText.hasSuffix("</dict>\n</plist>\n"))
  }

  @Test func plistParsesToThirtyFourProvincesAndFourHundredNinetyEightCities() throws {
    let plist = try Self.parsed()
    #expect(plist.count == 34)
    // April 2026: 两江新区 replaces two of 重庆's districts, 草湖市 is new, and Macao's
    // list has 路氹城 and 澳门新城 beside its seven parishes.
    #expect(plist.values.reduce(0) { $0 + $1.count } == 498)
    #expect(Set(plist.keys) == Set(Self.provincesInCodeOrder.map(\.name)))
    for (province, cities) in plist {
      for city in cities {
        let keys = Set(city.keys)
        #expect(keys == ["name", "url", "code", "pinyin"] || keys == ["name", "url", "pinyin"])
        #expect(
          Self.entry(city["name"] ?? "", in: province)?.fields == city,
          "ordered scan and PropertyListSerialization disagree on \(city)")
      }
    }
    #expect(Self.scanned.entries.count == 498)
  }

  @Test func provincesAppearInOfficialCodeOrder() {
    #expect(Self.scanned.provinces == Self.provincesInCodeOrder.map(\.name))
  }

  @Test func provincesHaveTheirKnownNumberOfDivisions() throws {
    let plist = try Self.parsed()
    let expected: [String: Int] = [
      "北京市": 16, "天津市": 16, "上海市": 16, "重庆市": 37, "广东省": 21, "四川省": 21,
      "海南省": 19, "西藏自治区": 7, "宁夏回族自治区": 5, "贵州省": 9, "江苏省": 13,
      "河南省": 18, "湖北省": 17, "香港特别行政区": 18, "澳门特别行政区": 9, "台湾省": 20,
    ]
    for (province, count) in expected {
      #expect(plist[province]?.count == count, "\(province)")
    }
  }

  @Test func cityCodesRiseThroughTheFileAndStartWithTheirProvinceCode() {
    let provinceCode = Dictionary(
      uniqueKeysWithValues: Self.provincesInCodeOrder.map { ($0.name, $0.code) })
    var previous = ""
    for entry in Self.scanned.entries {
      guard let code = entry.fields["code"] else {
        #expect(Self.uncoded.contains(entry.province), "\(entry.name) has no code")
        continue
      }
      #expect(!Self.uncoded.contains(entry.province), "\(entry.name) should have no code")
      #expect(code.wholeMatch(of: /[0-9]{6}/) != nil, "\(entry.name): \(code)")
      #expect(code > previous, "\(entry.name) \(code) is out of order")
      #expect(code.hasPrefix(provinceCode[entry.province] ?? "?"), "\(entry.name): \(code)")
      previous = code
    }
  }

  @Test func namesAndCodesMatchTheOfficialList() {
    let expected: [(province: String, name: String, code: String)] = [
      ("北京市", "东城区", "110101"), ("北京市", "朝阳区", "110105"),
      ("北京市", "延庆区", "110119"), ("天津市", "滨海新区", "120116"),
      ("河北省", "石家庄市", "130100"), ("山西省", "吕梁市", "141100"),
      ("内蒙古自治区", "阿拉善盟", "152900"), ("辽宁省", "朝阳市", "211300"),
      ("吉林省", "延边朝鲜族自治州", "222400"), ("黑龙江省", "大兴安岭地区", "232700"),
      ("上海市", "浦东新区", "310115"), ("上海市", "崇明区", "310151"),
      ("浙江省", "杭州市", "330100"), ("安徽省", "亳州市", "341600"),
      ("福建省", "厦门市", "350200"), ("河南省", "济源市", "419001"),
      ("湖北省", "神农架林区", "429021"), ("湖南省", "长沙市", "430100"),
      ("广东省", "广州市", "440100"), ("广东省", "东莞市", "441900"),
      ("海南省", "儋州市", "460400"), ("重庆市", "万州区", "500101"),
      ("重庆市", "彭水苗族土家族自治县", "500243"), ("四川省", "成都市", "510100"),
      ("云南省", "大理白族自治州", "532900"), ("西藏自治区", "拉萨市", "540100"),
      ("陕西省", "西安市", "610100"), ("新疆维吾尔自治区", "乌鲁木齐市", "650100"),
      ("新疆维吾尔自治区", "石河子市", "659001"),
    ]
    for (province, name, code) in expected {
      #expect(Self.entry(name, in: province)?.fields["code"] == code, "\(province) \(name)")
    }
    for name in ["台北市", "高雄市", "澎湖县"] {
      #expect(Self.entry(name, in: "台湾省")?.fields["code"] == nil, "\(name)")
    }
  }

  @Test func municipalitiesListDistrictsAndSpecialRegionsTheirOwnDivisions() {
    for name in ["海淀区", "和平区", "黄浦区", "渝中区", "城口县"] {
      #expect(Self.scanned.entries.contains { $0.name == name }, "\(name)")
    }
    let hongKong = Self.scanned.entries.filter { $0.province == "香港特别行政区" }.map(\.name)
    #expect(hongKong.first == "中西区")
    #expect(hongKong.contains("深水埗区") && hongKong.contains("离岛区"))
    let macao = Self.scanned.entries.filter { $0.province == "澳门特别行政区" }.map(\.name)
    #expect(macao.contains("花地玛堂区") && macao.contains("嘉模堂区") && macao.contains("圣方济各堂区"))
    let taiwan = Self.scanned.entries.filter { $0.province == "台湾省" }.map(\.name)
    #expect(taiwan.contains("台北市") && taiwan.contains("新北市") && taiwan.contains("花莲县"))
  }

  /// zh.wikipedia titles a name that other divisions share `name (parent)`; these are the
  /// second-level names that a county-level division elsewhere also has.
  static let sharedSecondLevelNames: [String: String] = [
    "朝阳区": "北京市", "通州区": "北京市", "和平区": "天津市", "河东区": "天津市",
    "宝山区": "上海市", "普陀区": "上海市", "东区": "香港特别行政区",
  ]

  @Test func everyURLIsTheChineseWikipediaArticleNamedAfterTheCity() {
    for entry in Self.scanned.entries {
      let url = entry.fields["url"] ?? ""
      if let parent = Self.sharedSecondLevelNames[entry.name] {
        #expect(entry.province == parent, "\(entry.name) in \(entry.province)")
        #expect(url == "https://zh.wikipedia.org/wiki/\(entry.name)_(\(parent))")
      } else {
        #expect(url == "https://zh.wikipedia.org/wiki/" + entry.name)
      }
      let parsed = URL(string: url)
      #expect(parsed?.scheme == "https" && parsed?.host == "zh.wikipedia.org", "\(url)")
    }
  }

  @Test func everyPinyinHasOneLowercaseSyllablePerCharacter() {
    for entry in Self.scanned.entries {
      let pinyin = entry.fields["pinyin"] ?? ""
      #expect(pinyin.wholeMatch(of: /[a-z]+( [a-z]+)*/) != nil, "\(entry.name): \(pinyin)")
      let syllables = pinyin.split(separator: " ")
      #expect(syllables.count == entry.name.count, "\(entry.name): \(pinyin)")
      // ü is written u, except after l and n where lv/nv keep lu/nu distinct.
      for syllable in syllables where syllable.contains("v") {
        #expect(syllable.hasPrefix("lv") || syllable.hasPrefix("nv"), "\(entry.name): \(pinyin)")
      }
    }
  }

  @Test func polyphonicPlaceNamesUseTheirPlaceNameReadings() {
    let expected: [(province: String, name: String, pinyin: String)] = [
      ("湖南省", "长沙市", "chang sha shi"), ("福建省", "厦门市", "xia men shi"),
      ("安徽省", "蚌埠市", "beng bu shi"), ("安徽省", "六安市", "lu an shi"),
      ("浙江省", "丽水市", "li shui shi"), ("安徽省", "亳州市", "bo zhou shi"),
      ("山西省", "长治市", "chang zhi shi"), ("山西省", "吕梁市", "lv liang shi"),
      ("辽宁省", "朝阳市", "chao yang shi"), ("北京市", "朝阳区", "chao yang qu"),
      ("上海市", "闵行区", "min hang qu"), ("上海市", "长宁区", "chang ning qu"),
      ("河南省", "漯河市", "luo he shi"), ("重庆市", "长寿区", "chang shou qu"),
      ("重庆市", "沙坪坝区", "sha ping ba qu"), ("重庆市", "大渡口区", "da du kou qu"),
      ("重庆市", "北碚区", "bei bei qu"), ("重庆市", "丰都县", "feng du xian"),
      ("贵州省", "六盘水市", "liu pan shui shi"), ("广东省", "东莞市", "dong guan shi"),
      ("广西壮族自治区", "百色市", "bai se shi"), ("海南省", "儋州市", "dan zhou shi"),
      ("海南省", "乐东黎族自治县", "le dong li zu zi zhi xian"),
      ("四川省", "乐山市", "le shan shi"), ("天津市", "宝坻区", "bao di qu"),
      ("江苏省", "宿迁市", "su qian shi"), ("云南省", "大理白族自治州", "da li bai zu zi zhi zhou"),
      ("内蒙古自治区", "锡林郭勒盟", "xi lin guo le meng"),
      ("内蒙古自治区", "阿拉善盟", "a la shan meng"),
      ("新疆维吾尔自治区", "阿勒泰地区", "a le tai di qu"),
      ("新疆维吾尔自治区", "克孜勒苏柯尔克孜自治州", "ke zi le su ke er ke zi zi zhi zhou"),
    ]
    for (province, name, pinyin) in expected {
      #expect(Self.entry(name, in: province)?.fields["pinyin"] == pinyin, "\(name)")
    }
  }

  @Test func hongKongMacaoAndTaiwanNamesHaveMandarinPinyin() {
    let expected: [(province: String, name: String, pinyin: String)] = [
      ("香港特别行政区", "中西区", "zhong xi qu"), ("香港特别行政区", "湾仔区", "wan zai qu"),
      ("香港特别行政区", "深水埗区", "shen shui bu qu"), ("香港特别行政区", "大埔区", "da bu qu"),
      ("香港特别行政区", "荃湾区", "quan wan qu"),
      ("澳门特别行政区", "花地玛堂区", "hua di ma tang qu"),
      ("澳门特别行政区", "圣方济各堂区", "sheng fang ji ge tang qu"),
      ("台湾省", "台北市", "tai bei shi"), ("台湾省", "屏东县", "ping dong xian"),
      ("台湾省", "苗栗县", "miao li xian"),
    ]
    for (province, name, pinyin) in expected {
      #expect(Self.entry(name, in: province)?.fields["pinyin"] == pinyin, "\(name)")
    }
  }

  /// Province names have no pinyin in the plist, and users' files may lack it: the matcher
  /// derives it, and must derive what was checked by hand for every name here.
  @Test func derivedPinyinAgreesWithTheHandCheckedPinyinOfEveryName() throws {
    let file = Self.repositoryRoot.appendingPathComponent("Data/divisions.tsv")
    let rows = try String(contentsOf: file, encoding: .utf8)
      .split(separator: "\n").dropFirst().map {
        $0.split(separator: "\t", omittingEmptySubsequences: false)
      }
    try #require(rows.count == 498)
    // The matcher writes ü as u (and reads lv as lu), the table keeps lv.
    func plain(_ pinyin: Substring) -> String { pinyin.replacingOccurrences(of: "lv", with: "lu") }
    for row in rows {
      #expect(Pinyin.derive(String(row[1])) == plain(row[2]), "\(row[1])")
      #expect(Pinyin.derive(String(row[4])) == plain(row[5]), "\(row[4])")
    }
    #expect(Pinyin.derive("陕西省") == "shan xi sheng")
    #expect(Pinyin.derive("重庆市") == "chong qing shi")
  }

  @Test func divisionsTableInTheRepositoryMatchesThePlist() throws {
    let file = Self.repositoryRoot.appendingPathComponent("Data/divisions.tsv")
    let lines = try String(contentsOf: file, encoding: .utf8)
      .split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    #expect(
      lines.first
        == ["province_code", "province", "province_pinyin", "city_code", "city", "city_pinyin"])
    let rows = lines.dropFirst()
    try #require(rows.count == Self.scanned.entries.count)
    for (row, entry) in zip(rows, Self.scanned.entries) {
      #expect(row.count == 6)
      #expect(String(row[1]) == entry.province)
      #expect(String(row[4]) == entry.name)
      #expect(String(row[3]) == (entry.fields["code"] ?? ""), "\(entry.name)")
      #expect(String(row[5]) == entry.fields["pinyin"], "\(entry.name)")
      #expect(String(row[2]).split(separator: " ").count == entry.province.count)
    }
  }

  @Test func theReadyMadeCatalogIsExactlyWhatTheLoaderReadsFromThePlist() {
    let loaded = CatalogLoader.load(Data(Self.plistText.utf8), source: "provinces_cities.plist")
    #expect(loaded.diagnostics.isEmpty)
    #expect(loaded.catalog?.provinces == BuiltInCatalog.catalog.provinces)
    #expect(BuiltInCatalog.catalog.provinces.count == 34)
  }
}
