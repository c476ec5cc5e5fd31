import Foundation
import Testing

@testable import BuiltInCatalog
@testable import CatalogModel

/// The readings Data/readings.tsv's rules decide, typed from knowledge of how the places
/// say them (现代汉语词典 and the places' own romanisations), never read back from the
/// data: each rule's reported names and others it touches, at every level. Townships are
/// looked up under their own county, so a reading cannot come from a namesake elsewhere.
@Suite struct ReadingRuleTests {
  let catalog = BuiltInCatalog.catalog

  func township(_ name: String, under countyCode: String) -> City? {
    for parent in TownshipSearch.parents(in: catalog, cities: catalog.allCities)
    where catalog[parent].code == countyCode {
      return catalog.townships(of: parent).first { $0.name == name }
    }
    return nil
  }

  /// The city or county named `name` whose code is `code`.
  func division(_ name: String, code: String) -> City? {
    for city in catalog.provinces.flatMap(\.cities) {
      if city.name == name && city.code == code { return city }
      if let county = city.counties.first(where: { $0.name == name && $0.code == code }) {
        return county
      }
    }
    return nil
  }

  func expectTownships(_ facts: [(county: String, name: String, pinyin: String)]) {
    for fact in facts {
      #expect(
        township(fact.name, under: fact.county)?.pinyin == fact.pinyin,
        "\(fact.name) in \(fact.county)")
    }
  }

  @Test("佛 is fo in every place name: the Buddha, never fu")
  func fo() {
    expectTownships([
      ("140225", "千佛岭乡", "qian fo ling xiang"),
      ("110111", "佛子庄乡", "fo zi zhuang xiang"),
      ("130683", "石佛镇", "shi fo zhen"),
      ("500152", "卧佛镇", "wo fo zhen"),
    ])
    #expect(division("佛山市", code: "440600")?.pinyin == "fo shan shi")
    #expect(division("佛冈县", code: "441821")?.pinyin == "fo gang xian")
    #expect(division("佛坪县", code: "610730")?.pinyin == "fo ping xian")
  }

  @Test("圩 is xu, the market town, in the five southern provinces, and wei, the polder, elsewhere")
  func xuAndWei() {
    expectTownships([
      ("451081", "魁圩乡", "kui xu xiang"),
      ("451424", "榄圩乡", "lan xu xiang"),
      ("450125", "白圩镇", "bai xu zhen"),
      ("350213", "新圩镇", "xin xu zhen"),
      ("360803", "新圩镇", "xin xu zhen"),
      ("431127", "新圩镇", "xin xu zhen"),
      ("441226", "新圩镇", "xin xu zhen"),
      ("431125", "上江圩镇", "shang jiang xu zhen"),
      ("431129", "大圩镇", "da xu zhen"),
      // 合肥's 大圩 and 连云港's 徐圩 are polders.
      ("340111", "大圩镇", "da wei zhen"),
      ("320703", "徐圩街道", "xu wei jie dao"),
      ("320723", "圩丰镇", "wei feng zhen"),
    ])
    #expect(division("龙圩区", code: "450406")?.pinyin == "long xu qu")
  }

  @Test("阚 kan, 卜 bu, 覃 qin, 称 cheng, 曾 zeng: the surname's and the place's reading")
  func surnames() {
    expectTownships([
      ("341623", "阚疃镇", "kan tuan zhen"),
      ("431003", "卜里坪街道", "bu li ping jie dao"),
      ("230203", "卜奎街道", "bu kui jie dao"),
      ("450804", "覃塘街道", "qin tang jie dao"),
      ("500106", "曾家镇", "zeng jia zhen"),
      // The words that keep another reading: 毛泽覃 (Zétán), the 禹贡's 覃怀.
      ("360781", "泽覃乡", "ze tan xiang"),
      ("410882", "覃怀街道", "tan huai jie dao"),
    ])
    #expect(division("覃塘区", code: "450804")?.pinyin == "qin tang qu")
    #expect(division("称多县", code: "632723")?.pinyin == "cheng duo xian")
    #expect(division("曾都区", code: "421303")?.pinyin == "zeng du qu")
  }

  @Test("长 is chang but zhang in 长子; 朝 chao but zhao in 朝歌, 朝霞, 朝晖")
  func byWord() {
    expectTownships([
      ("110115", "长子营镇", "zhang zi ying zhen"),
      ("120115", "朝霞街道", "zhao xia jie dao"),
      ("330105", "朝晖街道", "zhao hui jie dao"),
      ("410622", "朝歌街道", "zhao ge jie dao"),
      ("110101", "朝阳门街道", "chao yang men jie dao"),
    ])
    #expect(division("长子县", code: "140428")?.pinyin == "zhang zi xian")
    #expect(division("长沙市", code: "430100")?.pinyin == "chang sha shi")
    #expect(division("朝阳区", code: "110105")?.pinyin == "chao yang qu")
  }

  @Test("the classic readings: 重庆, 蚌埠, 六安, 丽水, 乐亭, 番禺, 成都, 都江堰, 什邡, 厦门")
  func classics() {
    let expected: [(name: String, code: String, pinyin: String)] = [
      ("蚌埠市", "340300", "beng bu shi"),
      ("六安市", "341500", "lu an shi"),
      ("丽水市", "331100", "li shui shi"),
      ("乐亭县", "130225", "lao ting xian"),
      ("乐清市", "330382", "yue qing shi"),
      ("番禺区", "440113", "pan yu qu"),
      ("成都市", "510100", "cheng du shi"),
      ("都江堰市", "510181", "du jiang yan shi"),
      ("什邡市", "510682", "shi fang shi"),
      ("厦门市", "350200", "xia men shi"),
      ("六合区", "320116", "lu he qu"),
      ("闵行区", "310112", "min hang qu"),
      ("蚌山区", "340303", "beng shan qu"),
    ]
    for fact in expected {
      #expect(division(fact.name, code: fact.code)?.pinyin == fact.pinyin, "\(fact.name)")
    }
    expectTownships([
      ("340311", "小蚌埠镇", "xiao beng bu zhen"),
      ("532623", "蚌谷乡", "bang gu xiang"),
      ("350203", "厦港街道", "xia gang jie dao"),
      ("310113", "杨行镇", "yang hang zhen"),
      ("410882", "太行街道", "tai hang jie dao"),
      ("411323", "重阳镇", "chong yang zhen"),
      // 六合 is lu in 南京 alone.
      ("150721", "六合镇", "liu he zhen"),
    ])
  }

  /// The provinces' readings, typed: what JSON prints for a province (derived from the
  /// name) and what Data/divisions.tsv holds must both be these.
  static let provinceReadings: [String: String] = [
    "北京市": "bei jing shi", "天津市": "tian jin shi", "河北省": "he bei sheng",
    "山西省": "shan xi sheng", "内蒙古自治区": "nei meng gu zi zhi qu", "辽宁省": "liao ning sheng",
    "吉林省": "ji lin sheng", "黑龙江省": "hei long jiang sheng", "上海市": "shang hai shi",
    "江苏省": "jiang su sheng", "浙江省": "zhe jiang sheng", "安徽省": "an hui sheng",
    "福建省": "fu jian sheng", "江西省": "jiang xi sheng", "山东省": "shan dong sheng",
    "河南省": "he nan sheng", "湖北省": "hu bei sheng", "湖南省": "hu nan sheng",
    "广东省": "guang dong sheng", "广西壮族自治区": "guang xi zhuang zu zi zhi qu",
    "海南省": "hai nan sheng", "重庆市": "chong qing shi", "四川省": "si chuan sheng",
    "贵州省": "gui zhou sheng", "云南省": "yun nan sheng", "西藏自治区": "xi zang zi zhi qu",
    "陕西省": "shan xi sheng", "甘肃省": "gan su sheng", "青海省": "qing hai sheng",
    "宁夏回族自治区": "ning xia hui zu zi zhi qu",
    "新疆维吾尔自治区": "xin jiang wei wu er zi zhi qu", "台湾省": "tai wan sheng",
    "香港特别行政区": "xiang gang te bie xing zheng qu",
    "澳门特别行政区": "ao men te bie xing zheng qu",
  ]

  @Test("every province has its reading, in the outputs and in Data/divisions.tsv")
  func provinces() throws {
    #expect(catalog.provinces.count == Self.provinceReadings.count)
    for province in catalog.provinces {
      #expect(
        Pinyin.derive(province.name) == Self.provinceReadings[province.name], "\(province.name)")
    }
    let file = DataSetTests.repositoryRoot.appendingPathComponent("Data/divisions.tsv")
    let rows = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").dropFirst()
    var seen = 0
    for row in rows {
      let fields = row.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 6 else { continue }
      seen += 1
      #expect(Self.provinceReadings[String(fields[1])] == String(fields[2]), "\(fields[1])")
    }
    #expect(seen == 498)
  }
}
