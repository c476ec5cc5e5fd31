import Testing

@testable import BuiltInCatalog
@testable import CatalogModel

/// Township names whose reading is not the dictionary's first, typed from knowledge of how
/// the places say them (the county level's list is in CountyDataSetTests). Each is looked
/// up under its own county, so a reading cannot come from a namesake elsewhere.
@Suite struct PlaceReadingTests {
  let catalog = BuiltInCatalog.catalog

  func township(_ name: String, under countyCode: String) -> City? {
    for parent in TownshipSearch.parents(in: catalog, cities: catalog.allCities)
    where catalog[parent].code == countyCode {
      return catalog.townships(of: parent).first { $0.name == name }
    }
    return nil
  }

  @Test("polyphonic township names read as the places say them")
  func townshipPolyphones() {
    let expected: [(county: String, name: String, pinyin: String)] = [
      ("110101", "朝阳门街道", "chao yang men jie dao"),
      ("110102", "什刹海街道", "shi cha hai jie dao"),
      ("350105", "马尾镇", "ma wei zhen"),
      ("440307", "葵涌街道", "kui chong jie dao"),
      ("440704", "礼乐街道", "li yue jie dao"),
      ("533102", "畹町镇", "wan ding zhen"),
      ("410622", "朝歌街道", "zhao ge jie dao"),
      ("231085", "穆棱镇", "mu ling zhen"),
      ("320583", "玉山镇", "yu shan zhen"),
    ]
    for fact in expected {
      #expect(township(fact.name, under: fact.county)?.pinyin == fact.pinyin, "\(fact.name)")
    }
  }

  @Test("the county names the issue found misread now read right")
  func countyPolyphones() {
    let counties = catalog.provinces.flatMap(\.cities).flatMap(\.counties)
    let expected = [
      "覃塘区": "qin tang qu", "伽师县": "jia shi xian", "崆峒区": "kong tong qu",
      "称多县": "cheng duo xian", "浪卡子县": "lang ka zi xian", "穆棱市": "mu ling shi",
    ]
    for (name, pinyin) in expected {
      #expect(counties.first { $0.name == name }?.pinyin == pinyin, "\(name)")
    }
  }
}
