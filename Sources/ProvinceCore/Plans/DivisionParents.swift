import CatalogModel

/// The names of a division's parents, nearest first (a county's city, then the province),
/// each full and short (`北京市`, `北京`): what a disambiguation page's entry must name.
public enum DivisionParents {
  /// The parents of the division at `ref`.
  public static func of(_ ref: CityRef, in catalog: Catalog) -> [[String]] {
    let province = catalog.provinces[ref.province]
    var names: [String] = []
    if ref.county != nil { names.append(province.cities[ref.city].name) }
    names.append(province.name)
    return names.map { name in
      let short = NameSuffix.strip(name)
      return short == name ? [name] : [name, short]
    }
  }

  /// The parents of the first division whose page is `url` (a city before its counties);
  /// empty when no division has that page.
  public static func of(url: String, in catalog: Catalog) -> [[String]] {
    for ref in catalog.allCities {
      if catalog[ref].url == url { return of(ref, in: catalog) }
      for county in catalog[ref].counties.indices
      where catalog[ref].counties[county].url == url {
        return of(CityRef(province: ref.province, city: ref.city, county: county), in: catalog)
      }
    }
    return []
  }
}
