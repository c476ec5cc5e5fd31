import CatalogModel
import TextSupport

/// The names of a division's parents, nearest first (a county's city, then the province),
/// each full and short (`北京市`, `北京`): what a disambiguation page's entry must name.
public enum DivisionParents {
  /// The parents of the division at `ref`.
  public static func of(_ ref: CityRef, in catalog: Catalog) -> [[String]] {
    let province = catalog.provinces[ref.province]
    var names: [String] = []
    if ref.isTownship, let county = ref.countyOnly { names.append(catalog[county].name) }
    if ref.county != nil || ref.isTownship { names.append(province.cities[ref.city].name) }
    names.append(province.name)
    return names.map { name in
      let short = NameSuffix.strip(name)
      return short == name ? [name] : [name, short]
    }
  }
}
