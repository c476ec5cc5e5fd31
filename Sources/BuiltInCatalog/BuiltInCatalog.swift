import CatalogModel

/// The data compiled into the binary, so that `browse` works copied alone anywhere: the
/// catalog of `Resources/provinces_cities.plist`, generated from `Data/divisions.tsv` and
/// `Data/counties.tsv`.
public enum BuiltInCatalog {
  /// The built-in catalog, ready-made at build time, with the built-in outlines.
  public static var catalog: Catalog {
    Catalog(provinces: generated.provinces, townshipTable: townshipTable, outlines: .builtIn)
  }

  /// The township level, decoded a county at a time when first asked.
  static let townshipTable = TownshipTable(rows: townshipRows, urlPrefix: urlPrefix)

  static let urlPrefix = "https://zh.wikipedia.org/wiki/"

  /// A city's counties as the generated rows, decoded when first asked for (a lookup of
  /// a city never decodes the 2.8k counties; BENCHMARKS.md, start-up).
  static func counties(_ rows: String) -> CountyRows {
    CountyRows(rows, decode: decodeCounties)
  }

  /// A city's counties from the generated rows: `name<TAB>code<TAB>pinyin`, and a fourth
  /// field, the article's title, where it is not the bare name (`鼓楼区_(南京市)`). One
  /// string a city keeps the generated file quick to compile; the rows are the
  /// generator's, so a malformed one cannot occur and is skipped rather than trusted.
  @Sendable static func decodeCounties(_ rows: String) -> [City] {
    var rows = rows
    // Split on bytes: Character-wise splitting of every row was a large share of start-up
    // (BENCHMARKS.md, the county level).
    return rows.withUTF8 { bytes in
      var counties: [City] = []
      var fields: [String] = []
      var start = 0
      for index in 0...bytes.count {
        let end = index == bytes.count
        guard end || bytes[index] == 0x09 || bytes[index] == 0x0A else { continue }
        fields.append(
          String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        start = index + 1
        guard end || bytes[index] == 0x0A else { continue }
        if fields.count == 3 || fields.count == 4 {
          let title = fields.count == 4 ? fields[3] : fields[0]
          counties.append(
            City(name: fields[0], url: urlPrefix + title, code: fields[1], pinyin: fields[2]))
        }
        fields.removeAll(keepingCapacity: true)
      }
      return counties
    }
  }
}
