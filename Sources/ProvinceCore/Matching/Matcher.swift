// TEMPORARY STUB until the matcher branch lands.
public enum MatchResult<T: Sendable & Hashable>: Sendable, Hashable {
  case unique(T)
  case ambiguous([T])
  case notFound(suggestions: [String])
}

public final class Matcher: Sendable {
  let catalog: Catalog
  public init(catalog: Catalog) { self.catalog = catalog }
  public func province(_ query: String) -> MatchResult<Int> {
    let hits = catalog.provinces.indices.filter { catalog.provinces[$0].name.hasPrefix(query) }
    return hits.count == 1 ? .unique(hits[0]) : hits.isEmpty ? .notFound(suggestions: []) : .ambiguous(hits)
  }
  public func city(_ query: String, inProvince: Int?) -> MatchResult<CityRef> {
    let hits = catalog.allCities.filter {
      (inProvince == nil || $0.province == inProvince) && catalog[$0].name.hasPrefix(query)
    }
    return hits.count == 1 ? .unique(hits[0]) : hits.isEmpty ? .notFound(suggestions: []) : .ambiguous(hits)
  }
  public func search(_ query: String) -> [CityRef] { catalog.allCities.filter { catalog[$0].name.contains(query) } }
  public func filter(_ query: String, provinces: [Int]) -> [Int] { provinces.filter { catalog.provinces[$0].name.contains(query) } }
  public func filter(_ query: String, cities: [CityRef]) -> [CityRef] { cities.filter { catalog[$0].name.contains(query) } }
  public func pinyin(ofProvince index: Int) -> String { "" }
  public func pinyin(of ref: CityRef) -> String { catalog[ref].pinyin ?? "" }
}
