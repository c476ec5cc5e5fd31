import CatalogModel
import GeoModel

/// A division of the outlines named as the catalog names it: its province, city and county,
/// the catalog's entry where it has one (by code, else by name under the same parent), and
/// the outline's own names where it has none (a division newer than the data file).
public struct DivisionPlace: Sendable, Equatable {
  public var province: String
  public var city: String
  public var county: String?
  /// The division's code (6 digits): the catalog entry's where it has one, so that every
  /// format names a place by one code, else the outline's.
  public var code: String
  /// The catalog's entry, where it has one.
  public var ref: CityRef?
  /// The index of the outline in its store.
  public var outline: Int
}

/// Finds the catalog's entry for an outline and an outline for a catalog entry.
public struct PlaceIndex: Sendable {
  public let catalog: Catalog
  public let store: OutlineStore
  private let provinceByCode: [String: Int]

  public init(catalog: Catalog, store: OutlineStore) {
    self.catalog = catalog
    self.store = store
    var provinces: [String: Int] = [:]
    for ref in catalog.allCities + catalog.counties() {
      if let code = catalog[ref].code, code.count == 6, provinces[String(code.prefix(2))] == nil {
        provinces[String(code.prefix(2))] = ref.province
      }
    }
    // A province without codes (台湾省, 香港): by the outline's name.
    for outline in store.outlines where outline.level == .province {
      let prefix = String(outline.code.prefix(2))
      if provinces[prefix] == nil,
        let index = catalog.provinces.firstIndex(where: { $0.name == outline.name })
      {
        provinces[prefix] = index
      }
    }
    provinceByCode = provinces
  }

  /// The province index of a code's first two digits.
  public func province(ofCode code: String) -> Int? {
    provinceByCode[String(code.prefix(2))]
  }

  /// The catalog entry (city or county) of the outline at `index`.
  public func ref(ofOutline index: Int) -> CityRef? {
    let outline = store.outlines[index]
    // A city before a county that (in a data file's mistake) has the same code.
    let coded = catalog.divisions(code: outline.code)
    if let ref = coded.first(where: { $0.county == nil }) ?? coded.first { return ref }
    guard let province = province(ofCode: outline.code) else { return nil }
    let cities = catalog.provinces[province].cities
    if outline.level != .province, outline.parent.map({ store.outlines[$0].level }) == .province {
      return cities.firstIndex { $0.name == outline.name }.map {
        CityRef(province: province, city: $0)
      }
    }
    if let parent = outline.parent, let city = ref(ofOutline: parent), city.county == nil {
      return catalog[city].counties.firstIndex { $0.name == outline.name }.map {
        CityRef(province: province, city: city.city, county: $0)
      }
    }
    return nil
  }

  /// The outline of a catalog entry (by its code), or nil.
  public func outline(of ref: CityRef) -> Int? {
    if let code = catalog[ref].code, let index = store.index(ofCode: code) { return index }
    return nil
  }

  /// The outline of a province of the catalog.
  public func outline(ofProvince index: Int, code: String?) -> Int? {
    if let code, let found = store.index(ofCode: code) { return found }
    let name = catalog.provinces[index].name
    return store.outlines.firstIndex { $0.level == .province && $0.name == name }
  }

  /// The outline at `index` named as the catalog names it.
  public func place(ofOutline index: Int) -> DivisionPlace {
    var chain = [index]
    while let parent = store.outlines[chain[chain.count - 1]].parent { chain.append(parent) }
    let outline = store.outlines[index]
    if let ref = ref(ofOutline: index) {
      let entry = catalog[ref]
      return DivisionPlace(
        province: catalog.provinces[ref.province].name, city: catalog[ref.cityOnly].name,
        county: ref.county == nil ? nil : entry.name, code: entry.code ?? outline.code, ref: ref,
        outline: index)
    }
    let province =
      province(ofCode: outline.code).map { catalog.provinces[$0].name }
      ?? store.outlines[chain[chain.count - 1]].name
    let city = chain.count >= 2 ? store.outlines[chain[chain.count - 2]].name : ""
    let county = chain.count >= 3 ? outline.name : nil
    return DivisionPlace(
      province: province, city: city, county: county, code: outline.code, ref: nil,
      outline: index)
  }
}
