import TextSupport

/// The loader's rules checked on a catalog that was not read from a file (the built-in
/// one, compiled in): what `--validate` reports when no file is named.
public enum CatalogCheck {
  /// Every rule the catalog breaks, as the loader would word it; empty when it is sound.
  public static func diagnostics(of catalog: Catalog, source: String) -> [Diagnostic] {
    var found: [Diagnostic] = []
    func warn(_ path: String, _ message: String) {
      found.append(Diagnostic(.warning, source: source, at: .keyPath(path), message))
    }
    if catalog.provinces.isEmpty {
      found.append(Diagnostic(.fatal, source: source, at: .none, "the data has no provinces"))
    }
    var provinceNames = Set<String>()
    for province in catalog.provinces {
      if province.name.isEmpty { warn("(province)", "a province has an empty name") }
      if !provinceNames.insert(province.name).inserted {
        warn(province.name, "province '\(province.name)' appears twice")
      }
      if province.cities.isEmpty { warn(province.name, "province has no cities") }
      var cityNames = Set<String>()
      for (index, city) in province.cities.enumerated() {
        let path = "\(province.name)[\(index)]"
        if city.name.isEmpty { warn(path, "city has an empty name") }
        if !cityNames.insert(city.name).inserted {
          warn(path, "city '\(city.name)' appears twice in '\(province.name)'")
        }
        if !HTTPURLCheck.isAbsoluteHTTP(city.url) {
          warn(path, "url '\(city.url)' is not an absolute http(s) URL")
        }
      }
    }
    return found
  }
}
