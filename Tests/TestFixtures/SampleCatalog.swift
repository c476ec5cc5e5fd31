import CatalogModel

/// A small hand-made catalog for tests: real names, deliberately not in sorted order.
package enum SampleCatalog {
  package static func city(_ name: String, _ pinyin: String? = nil, code: String? = nil) -> City {
    City(name: name, url: "https://zh.wikipedia.org/wiki/\(name)", code: code, pinyin: pinyin)
  }

  package static let catalog = Catalog(provinces: [
    Province(
      name: "北京市",
      cities: [
        city("东城区", "dong cheng qu", code: "110101"), city("朝阳区", "chao yang qu", code: "110105"),
      ]),
    Province(
      name: "广东省",
      cities: [
        city("广州市", "guang zhou shi", code: "440100"), city("韶关市", "shao guan shi", code: "440200"),
        city("深圳市", "shen zhen shi", code: "440300"),
      ]),
    Province(name: "辽宁省", cities: [city("沈阳市", "shen yang shi"), city("朝阳市", "chao yang shi")]),
    Province(name: "山西省", cities: [city("太原市", "tai yuan shi")]),
    Province(name: "陕西省", cities: [city("西安市", "xi an shi")]),
  ])

  /// A catalog with `count` provinces of `citiesEach` cities named P1, P1-C1, …, for paging.
  package static func numbered(provinces count: Int, citiesEach: Int) -> Catalog {
    Catalog(
      provinces: (1...count).map { p in
        Province(
          name: "P\(p)",
          cities: (1...citiesEach).map { c in
            City(name: "P\(p)-C\(c)", url: "https://x.test/\(p)/\(c)")
          })
      })
  }
}
