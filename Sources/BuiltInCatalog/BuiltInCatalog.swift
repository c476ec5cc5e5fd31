import CatalogModel

/// The data compiled into the binary, so that `browse` works copied alone anywhere: the
/// catalog of `Resources/provinces_cities.plist`, generated from `Data/divisions.tsv` and
/// `Data/counties.tsv`.
public enum BuiltInCatalog {
  /// The built-in catalog, ready-made at build time.
  public static var catalog: Catalog { generated }

  static let urlPrefix = "https://zh.wikipedia.org/wiki/"

  /// A city's counties from the generated rows: `name<TAB>code<TAB>pinyin`, and a fourth
  /// field, the article's title, where it is not the bare name (`鼓楼区_(南京市)`). One
  /// string a city keeps the generated file quick to compile; the rows are the
  /// generator's, so a malformed one cannot occur and is skipped rather than trusted.
  static func counties(_ rows: String) -> [City] {
    var counties: [City] = []
    for row in rows.split(separator: "\n") {
      let fields = row.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 3 || fields.count == 4 else { continue }
      let name = String(fields[0])
      let title = fields.count == 4 ? String(fields[3]) : name
      counties.append(
        City(
          name: name, url: urlPrefix + title, code: String(fields[1]),
          pinyin: String(fields[2])))
    }
    return counties
  }
}
