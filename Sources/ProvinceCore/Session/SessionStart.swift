import CatalogModel

/// Where an interactive session begins: a province's cities (`--pick -p 江苏`), a city
/// selected in them or its county list (`--pick -c 苏州`), and a query already typed
/// (`--pick --query kun`, searched for in the whole tree as fzf's `--query` filters all).
public struct SessionStart: Sendable, Equatable {
  /// The province whose cities are shown.
  public var province: Int?
  /// The city or county selected (a city with counties opens its county list).
  public var division: CityRef?
  /// The query: at the top, searched for in the whole tree as `/` does; at a province or
  /// city, the filter of its list.
  public var query: String
  /// `--pick --townships`: choosing a county (or a city without counties) opens its
  /// townships, to pick one or the county itself; without it the county is the answer.
  public var pickTownships: Bool

  /// A start from its parts; the default is the provinces, nothing typed.
  public init(
    province: Int? = nil, division: CityRef? = nil, query: String = "",
    pickTownships: Bool = false
  ) {
    self.province = province
    self.division = division
    self.query = query
    self.pickTownships = pickTownships
  }
}
