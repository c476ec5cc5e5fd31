import Foundation
import TestFixtures
import Testing

@testable import BuiltInCatalog
@testable import CatalogModel

/// The township level: the built-in table checked against facts typed from knowledge of
/// China's divisions (codes, parents, readings), and data files that carry a county's
/// `townships` in the seed's shape, or none.
@Suite struct TownshipTests {
  let catalog = BuiltInCatalog.catalog

  func ref(_ name: String, inProvince province: String) -> CityRef? {
    guard let p = catalog.provinces.firstIndex(where: { $0.name == province }) else { return nil }
    for (c, city) in catalog.provinces[p].cities.enumerated() {
      if city.name == name { return CityRef(province: p, city: c) }
      if let k = city.counties.firstIndex(where: { $0.name == name }) {
        return CityRef(province: p, city: c, county: k)
      }
    }
    return nil
  }

  @Test("a county's townships carry their nine-digit codes and readings")
  func kunshanHasYushan() throws {
    let kunshan = try #require(ref("昆山市", inProvince: "江苏省"))
    let townships = catalog.townships(of: kunshan)
    let yushan = try #require(townships.first { $0.name == "玉山镇" })
    #expect(yushan.code == "320583100")
    #expect(yushan.pinyin == "yu shan zhen")
    #expect(yushan.url == "https://zh.wikipedia.org/wiki/玉山镇_(昆山市)")
    #expect(townships.contains { $0.name == "巴城镇" })
    #expect(townships.contains { $0.name == "千灯镇" })
  }

  @Test("a municipality's district has its streets directly under it")
  func dongchengHasItsStreets() throws {
    let dongcheng = try #require(ref("东城区", inProvince: "北京市"))
    let townships = catalog.townships(of: dongcheng)
    #expect(townships.first?.name == "东华门街道")
    #expect(townships.first?.code == "110101001")
    let chaoyangmen = townships.first { $0.name == "朝阳门街道" }
    #expect(chaoyangmen?.pinyin == "chao yang men jie dao")
    let first = CityRef(province: dongcheng.province, city: dongcheng.city, township: 0)
    #expect(catalog.contains(first))
    #expect(catalog[first].name == "东华门街道")
    #expect(first.parent == dongcheng)
  }

  @Test("a city with counties has no townships of its own; they are its counties'")
  func aCityWithCountiesDelegates() throws {
    let suzhou = try #require(ref("苏州市", inProvince: "江苏省"))
    #expect(catalog.townships(of: suzhou).isEmpty)
    let all = catalog.townshipRefs(of: [suzhou])
    #expect(all.contains { catalog[$0].name == "玉山镇" && catalog[$0].code == "320583100" })
  }

  @Test("a county's township menu filters by a township's name or pinyin, its own row kept")
  func aTownshipMenuFilters() throws {
    let kunshan = try #require(ref("昆山市", inProvince: "江苏省"))
    // The menu's rows: the county itself, then its townships.
    let rows = [kunshan] + catalog.townshipRefs(of: [kunshan])
    let matcher = Matcher(catalog: catalog)
    for query in ["yushan", "玉山", "玉山镇"] {
      let found = matcher.filter(query, cities: rows)
      #expect(found.map { catalog[$0].name } == ["玉山镇"], "\(query)")
    }
    #expect(matcher.filter("bacheng", cities: rows).map { catalog[$0].name } == ["巴城镇"])
    // The county's own row is matched by its own name.
    #expect(matcher.filter("kunshan", cities: rows).first == kunshan)
    #expect(matcher.filter("zzzz", cities: rows).isEmpty)
  }

  @Test("玉山镇 is found in eight counties, and one with the county to narrow it")
  func yushanIsAmbiguousWithoutItsCounty() throws {
    let everywhere = TownshipSearch.parents(in: catalog, cities: catalog.allCities)
    let found = TownshipSearch.find("玉山镇", in: catalog, under: everywhere)
    #expect(found.exact.count == 8)
    let kunshan = try #require(ref("昆山市", inProvince: "江苏省"))
    #expect(
      TownshipSearch.lookup("yushan", in: catalog, under: [kunshan])
        == .unique(
          CityRef(
            province: kunshan.province, city: kunshan.city, county: kunshan.county,
            township: catalog.townships(of: kunshan).firstIndex { $0.name == "玉山镇" } ?? -1)))
    #expect(
      TownshipSearch.lookup("320583100", in: catalog, under: everywhere).map { catalog[$0].name }
        == "玉山镇")
  }

  @Test("administrative zones are left out and every township reads one syllable a character")
  func zonesAreLeftOut() {
    var count = 0
    for parent in TownshipSearch.parents(in: catalog, cities: catalog.allCities) {
      for township in catalog.townships(of: parent) {
        count += 1
        let code = township.code ?? ""
        #expect(code.wholeMatch(of: /[0-9]{9}/) != nil, "\(township.name)")
        #expect(code.dropFirst(6).first != "4", "\(township.name) \(code) is a zone")
        #expect(
          (township.pinyin ?? "").split(separator: " ").count == township.name.count,
          "\(township.name)")
      }
    }
    // The list has 44,424 rows; zones and rows under codes the data lacks are not kept.
    #expect(count > 38_000 && count < 44_424)
  }

  static let fileWithTownships = """
    {"江苏省": [{"name": "苏州市", "url": "https://sz.example/", "counties": [
      {"name": "昆山市", "url": "https://ks.example/", "townships": [
        {"name": "玉山镇", "url": "https://ys.example/", "code": "320583100"},
        {"name": "周庄镇", "url": "not a url"}
      ]}
    ]}]}
    """

  @Test("a data file's county may carry its townships; a bad one is skipped with its path")
  func aFileCarriesTownships() throws {
    let result = CatalogLoader.load(Data(Self.fileWithTownships.utf8), source: "t.json")
    let catalog = try #require(result.catalog)
    let kunshan = CityRef(province: 0, city: 0, county: 0)
    #expect(catalog.townships(of: kunshan).map(\.name) == ["玉山镇"])
    #expect(catalog.townships(of: kunshan).first?.code == "320583100")
    #expect(result.diagnostics.count == 1)
    #expect(
      result.diagnostics.first?.location == .keyPath("江苏省[0].counties[0].townships[1].url"))
    #expect(result.diagnostics.first?.message.hasPrefix("township '周庄镇' in '昆山市'") == true)
  }

  @Test("a file without townships loads as before and has none")
  func aFileWithoutTownships() throws {
    let json = #"{"江苏省": [{"name": "苏州市", "url": "https://sz.example/"}]}"#
    let result = CatalogLoader.load(Data(json.utf8), source: "t.json")
    let catalog = try #require(result.catalog)
    #expect(result.diagnostics.isEmpty)
    #expect(!catalog.hasTownships)
    #expect(catalog.townships(of: CityRef(province: 0, city: 0)).isEmpty)
  }
}

extension MatchResult {
  fileprivate func map<U>(_ transform: (T) -> U) -> U? {
    if case .unique(let value) = self { return transform(value) }
    return nil
  }
}
