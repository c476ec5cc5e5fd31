/// One entry of a search over every level: a province, or a city or county.
public enum SearchHit: Sendable, Hashable {
  /// The province at this index of the catalog.
  case province(Int)
  /// A city or a county.
  case place(CityRef)
}
