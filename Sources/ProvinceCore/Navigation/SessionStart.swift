import CatalogModel

/// Where an interactive session begins: a province's cities (`--pick -p 江苏`), a city
/// selected in them or its county list (`--pick -c 苏州`), and a filter already typed
/// (`--pick --query kun`, as fzf's `--query`).
public struct SessionStart: Sendable, Equatable {
  /// The province whose cities are shown.
  public var province: Int?
  /// The city or county selected (a city with counties opens its county list).
  public var division: CityRef?
  /// The filter typed on the first screen shown.
  public var query: String

  /// A start from its parts; the default is the provinces, nothing typed.
  public init(province: Int? = nil, division: CityRef? = nil, query: String = "") {
    self.province = province
    self.division = division
    self.query = query
  }
}
