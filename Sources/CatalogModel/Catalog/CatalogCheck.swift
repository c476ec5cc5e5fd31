/// The loader's rules checked on a catalog that was not read from a file (the built-in
/// one, compiled in): what `--validate` reports when no file is named.
public enum CatalogCheck {
  /// Every rule the catalog breaks, as the loader would word it; empty when it is sound.
  /// When nothing would be left to browse, the last diagnostic is fatal, with the loader's
  /// reason (`Diagnostic.noProvinces`, `Diagnostic.everyEntrySkipped`).
  public static func diagnostics(of catalog: Catalog, source: String) -> [Diagnostic] {
    var found: [Diagnostic] = []
    func warn(_ path: String, _ message: String) {
      found.append(Diagnostic(.warning, source: source, at: .keyPath(path), message))
    }
    // Whether any province would survive loading: named, not a repeat, with a city the
    // loader would keep (named, with a good URL).
    var anyUsable = false
    var provinceNames = Set<String>()
    var codeHolders: [String: String] = [:]
    func checkCode(_ division: City, _ kind: String, in parent: String, at path: String) {
      guard let code = division.code, !code.isEmpty else { return }
      let holder = "\(kind) '\(division.name)' in '\(parent)'"
      if let first = codeHolders[code] {
        warn(path, "duplicate code '\(code)': \(holder) has the code of \(first); both are kept")
      } else {
        codeHolders[code] = holder
      }
    }
    for province in catalog.provinces {
      var usable = true
      if province.name.isEmpty {
        warn("(province)", "a province has an empty name")
        usable = false
      }
      if !provinceNames.insert(province.name).inserted {
        warn(province.name, "province '\(province.name)' appears twice")
        usable = false
      }
      if province.cities.isEmpty { warn(province.name, "province has no cities") }
      var anyCity = false
      var cityNames = Set<String>()
      for (index, city) in province.cities.enumerated() {
        let path = "\(province.name)[\(index)]"
        var cityUsable = true
        if city.name.isEmpty {
          warn(path, "city has an empty name")
          cityUsable = false
        }
        if !cityNames.insert(city.name).inserted {
          warn(path, "city '\(city.name)' appears twice in '\(province.name)'")
        }
        if !HTTPURLCheck.isAbsoluteHTTP(city.url) {
          warn(path, "url '\(city.url)' is not an absolute http(s) URL")
          cityUsable = false
        }
        checkCode(city, "city", in: province.name, at: path)
        var countyNames = Set<String>()
        for (k, county) in city.counties.enumerated() {
          let countyPath = "\(path).counties[\(k)]"
          if county.name.isEmpty { warn(countyPath, "county has an empty name") }
          if !countyNames.insert(county.name).inserted {
            warn(countyPath, "county '\(county.name)' appears twice in '\(city.name)'")
          }
          if !HTTPURLCheck.isAbsoluteHTTP(county.url) {
            warn(countyPath, "url '\(county.url)' is not an absolute http(s) URL")
          }
          checkCode(county, "county", in: city.name, at: countyPath)
        }
        anyCity = anyCity || cityUsable
      }
      anyUsable = anyUsable || (usable && anyCity)
    }
    if !anyUsable {
      let reason = catalog.provinces.isEmpty ? Diagnostic.noProvinces : Diagnostic.everyEntrySkipped
      found.append(Diagnostic(.fatal, source: source, at: .none, reason))
    }
    return found
  }
}
