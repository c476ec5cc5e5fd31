import Foundation

/// The whole data set: provinces in file order, each with its cities in file order.
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

  public subscript(ref: CityRef) -> City {
    provinces[ref.province].cities[ref.city]
  }
}

/// A city's position in a catalog: cheap to store in menus and navigation state.
public struct CityRef: Sendable, Hashable {
  public var province: Int
  public var city: Int

  public init(province: Int, city: Int) {
    self.province = province
    self.city = city
  }
}
