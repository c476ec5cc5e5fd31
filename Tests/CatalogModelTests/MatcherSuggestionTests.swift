import BuiltInCatalog
import TestFixtures
import Testing

@testable import CatalogModel

/// What a one-shot lookup answers, by name, so that a table can say it in one line.
enum LookupAnswer: Equatable, CustomStringConvertible {
  case unique(String)
  case ambiguous([String])
  case suggests([String])

  init(_ result: MatchResult<Int>, in catalog: Catalog) {
    switch result {
    case .unique(let i): self = .unique(catalog.provinces[i].name)
    case .ambiguous(let all): self = .ambiguous(all.map { catalog.provinces[$0].name })
    case .notFound(let suggestions): self = .suggests(suggestions)
    }
  }

  init(_ result: MatchResult<CityRef>, in catalog: Catalog) {
    switch result {
    case .unique(let ref): self = .unique(catalog[ref].name)
    case .ambiguous(let all): self = .ambiguous(all.map { catalog[$0].name })
    case .notFound(let suggestions): self = .suggests(suggestions)
    }
  }

  var description: String {
    switch self {
    case .unique(let name): return "unique \(name)"
    case .ambiguous(let names): return "ambiguous \(names)"
    case .suggests(let names): return "suggests \(names)"
    }
  }
}

/// "Did you mean": a suggestion shares more with the query than a few edits over
/// unrelated names.
@Suite struct MatcherSuggestionTests {
  enum Kind { case province, city }

  static func answer(_ matcher: Matcher, _ catalog: Catalog, _ kind: Kind, _ query: String)
    -> LookupAnswer
  {
    switch kind {
    case .province: return LookupAnswer(matcher.province(query), in: catalog)
    case .city: return LookupAnswer(matcher.city(query, inProvince: nil), in: catalog)
    }
  }

  static let builtIn: [(Kind, String, LookupAnswer)] = [
    // Typos that keep their suggestion.
    (.city, "guangzou", .suggests(["广州市"])),
    (.city, "Shenzen", .suggests(["深圳市"])),
    (.city, "Xhenzhen", .suggests(["深圳市"])),
    (.city, "hangzou", .suggests(["杭州市"])),
    (.city, "haerbing", .suggests(["哈尔滨市"])),
    (.city, "chengdou", .suggests(["成都市", "城口县", "郴州市"])),  // not 承德市 (chengde)
    (.city, "wuhna", .suggests(["武汉市"])),  // a swap; not 乌海市 (wuhai), 芜湖市 (wuhu)
    (.city, "广洲", .suggests(["广州市"])),
    (.city, "杭洲", .suggests(["杭州市"])),
    (.city, "苏洲", .suggests(["苏州市"])),
    (.city, "南经", .suggests(["南京市"])),
    (.city, "哈儿滨", .suggests(["哈尔滨市"])),
    (.province, "广冬", .suggests(["广东省"])),
    (.province, "fujain", .suggests(["福建省"])),
    (.province, "zhejaing", .suggests(["浙江省"])),
    (.province, "hubie", .suggests(["湖北省"])),
    // Names a few edits away that have nothing else in common with the query.
    (.city, "Beijing", .suggests([])),  // not 内江市 (neijiang)
    (.city, "beijing", .suggests([])),
    (.city, "上海", .suggests([])),  // not 滨海新区, 静海区, 乌海市
    (.city, "上海市", .suggests([])),  // not 乌海市, 上饶市, 威海市
    (.city, "北京市", .suggests([])),  // not 南京市, 北海市, 北屯市
    (.city, "天津", .suggests([])),  // not 天门市, 江津区, 天水市
    (.city, "广东", .suggests([])),  // not 河东区, 丹东市, 浦东新区
    (.city, "fujain", .suggests([])),  // not 阜新市 (fuxin)
    (.city, "hubie", .suggests([])),  // not 鹤壁市 (hebi)
    (.city, "guizou", .suggests([])),  // not 随州市, 惠州市
    (.city, "guangdong", .suggests([])),  // not 广安市 (guangan), 观塘区 (guantang)
    (.city, "Hong Kong", .suggests([])),  // not 虹口区 (hongkou)
    (.city, "Chongqing", .suggests(["崇明区"])),  // chongming, not 昌平区 or 长宁区
    (.city, "uhan", .suggests(["武汉市"])),
    (.province, "北海", .suggests([])),  // not 北京市, 上海市, 青海省
    (.province, "深川", .suggests([])),  // not 四川省
    // A prefix: one match is the answer, several are listed.
    (.province, "广", .ambiguous(["广东省", "广西壮族自治区"])),
    (.province, "guang", .ambiguous(["广东省", "广西壮族自治区"])),
    (.province, "neimeng", .unique("内蒙古自治区")),
    (.city, "乌鲁木", .unique("乌鲁木齐市")),
    (.city, "kunmin", .unique("昆明市")),
    (.city, "nanjin", .unique("南京市")),
    (.city, "深", .ambiguous(["深圳市", "深水埗区"])),
    (.city, "guang", .ambiguous(["广州市", "广元市", "广安市"])),
  ]

  @Test(arguments: builtIn)
  func theBuiltInCatalogAnswersEachQueryAsTheTableSays(
    kind: Kind, query: String, expected: LookupAnswer
  ) {
    let catalog = BuiltInCatalog.catalog
    let matcher = Matcher(catalog: catalog)
    #expect(Self.answer(matcher, catalog, kind, query) == expected, "\(query)")
  }

  static let sample: [(Kind, String, LookupAnswer)] = [
    (.city, "guangzou", .suggests(["广州市"])),
    (.city, "Shenzen", .suggests(["深圳市"])),
    (.city, "shengyang", .suggests(["沈阳市"])),
    (.city, "taiyun", .suggests(["太原市"])),
    (.city, "xiam", .suggests(["西安市"])),
    (.city, "广洲", .suggests(["广州市"])),
    (.city, "韶官", .suggests(["韶关市"])),
    (.city, "东成", .suggests(["东城区"])),
    (.city, "Beijing", .suggests([])),
    (.city, "上海", .suggests([])),
    (.city, "北京", .suggests([])),
    (.city, "朝", .ambiguous(["朝阳区", "朝阳市"])),
    (.city, "shenyan", .unique("沈阳市")),
    (.province, "广", .unique("广东省")),
    (.province, "guangdon", .unique("广东省")),
    (.province, "shan", .ambiguous(["山西省", "陕西省"])),
    (.province, "广冬", .suggests(["广东省"])),
  ]

  @Test(arguments: sample)
  func theSampleCatalogAnswersEachQueryAsTheTableSays(
    kind: Kind, query: String, expected: LookupAnswer
  ) {
    let catalog = SampleCatalog.catalog
    let matcher = Matcher(catalog: catalog)
    #expect(Self.answer(matcher, catalog, kind, query) == expected, "\(query)")
  }
}
