import Foundation

/// The whole data set: provinces in file order, each with its cities in file order, each
/// city with its counties (when the data has them) in file order.
public struct Catalog: Sendable, Hashable {
  public var provinces: [Province]

  public init(provinces: [Province]) {
    self.provinces = provinces
  }

  /// Every city with its province, in catalog order.
  public var allCities: [CityRef] {
    var refs: [CityRef] = []
    refs.reserveCapacity(provinces.reduce(0) { $0 + $1.cities.count })
    for (p, province) in provinces.enumerated() {
      for c in province.cities.indices {
        refs.append(CityRef(province: p, city: c))
      }
    }
    return refs
  }

  /// Every county under the given cities (all cities when nil), in catalog order.
  public func counties(of cities: [CityRef]? = nil) -> [CityRef] {
    var refs: [CityRef] = []
    for city in cities ?? allCities where city.county == nil {
      for k in self[city].counties.indices {
        refs.append(CityRef(province: city.province, city: city.city, county: k))
      }
    }
    return refs
  }

  /// Whether any city has counties: lists show a county column only then.
  public var hasCounties: Bool {
    provinces.contains { $0.cities.contains { !$0.counties.isEmpty } }
  }

  /// The city, or the county when `ref` names one.
  public subscript(ref: CityRef) -> City {
    let city = provinces[ref.province].cities[ref.city]
    guard let county = ref.county else { return city }
    return city.counties[county]
  }

  /// Whether `ref` names an entry of this catalog.
  public func contains(_ ref: CityRef) -> Bool {
    guard provinces.indices.contains(ref.province),
      provinces[ref.province].cities.indices.contains(ref.city)
    else { return false }
    guard let county = ref.county else { return true }
    return provinces[ref.province].cities[ref.city].counties.indices.contains(county)
  }
}

/// A city's position in a catalog, or with `county` a county's under that city: cheap to
/// store in menus and navigation state, and one shape for either level.
public struct CityRef: Sendable, Hashable {
  public var province: Int
  public var city: Int
  /// The county's index under the city; nil for the city itself.
  public var county: Int?

  public init(province: Int, city: Int, county: Int? = nil) {
    self.province = province
    self.city = city
    self.county = county
  }

  /// Whether this names a county rather than a city.
  public var isCounty: Bool { county != nil }

  /// The city itself (for a county, the city it is under).
  public var cityOnly: CityRef { CityRef(province: province, city: city) }
}
