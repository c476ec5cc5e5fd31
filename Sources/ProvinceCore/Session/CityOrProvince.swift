import CatalogModel

/// An item of a menu, to find it again in the same menu filtered otherwise.
enum CityOrProvince: Hashable {
  case province(Int)
  case city(CityRef)
}
