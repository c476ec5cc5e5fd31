import CatalogModel

/// The data compiled into the binary, so that `browse` works copied alone anywhere: the
/// files of Data/ as bytes (EmbeddedFile), read when first asked for. The catalog is the one
/// of `Resources/provinces_cities.plist`, which Scripts/generate-data.py makes from the
/// same files (a test holds the two equal).
public enum BuiltInCatalog {
  /// The built-in catalog, with the built-in outlines.
  public static var catalog: Catalog {
    Catalog(provinces: provinces, townshipTable: townshipTable, outlines: .builtIn)
  }

  /// When the data was current: the divisions, and the township level (Data/about.tsv).
  public static var dataDate: String { about["date"] ?? "" }
  public static var townshipsDate: String { about["townships_date"] ?? "" }
  /// Where the data comes from, with the licences.
  public static var dataSource: String { about["source"] ?? "" }

  /// The codes and names no longer in use, read only when a query finds nothing current.
  public static let history = DivisionHistory { EmbeddedFile.history.text(droppingLines: 1) }

  /// The characters an address may write for our names' own (廣 for 广, ⻄ for 西), as
  /// pairs: a variant, then the character the names use.
  public static let variants = CharacterVariants(pairs: variantPairs())

  static let about: [String: String] = {
    var values: [String: String] = [:]
    for row in EmbeddedFile.about.rows() where row.count == 2 { values[row[0]] = row[1] }
    return values
  }()

  /// Data/variants.tsv's rows (`from, to`) as one text of pairs: every run that resolves
  /// a name reads them, so no row becomes an array of strings.
  static func variantPairs() -> String {
    var pairs = ""
    EmbeddedFile.variants.forEachRow { fields in
      guard fields.count == 2 else { return }
      pairs += String(decoding: fields[0], as: UTF8.self)
      pairs += String(decoding: fields[1], as: UTF8.self)
    }
    return pairs
  }

  /// The township level, copied out and decoded a county at a time when first asked. Never
  /// empty (generate-data.py refuses an empty Data/townships.tsv): knowing so costs no scan
  /// of the file's 1.8 MB at start-up.
  static let townshipTable = TownshipTable(
    urlPrefix: urlPrefix, isEmpty: false, rows: { EmbeddedFile.townships.text() })

  static let urlPrefix = "https://zh.wikipedia.org/wiki/"

  /// The names more than one division has, whose pages are titled `name_(parent)`.
  static let sharedNames = Set(EmbeddedFile.sharedNames.rows().compactMap(\.first))

  /// The provinces and cities of Data/divisions.tsv (`province_code, province,
  /// province_pinyin, city_code, city, city_pinyin`), each city's counties left as rows
  /// until asked for: a lookup of a city never decodes the 2.7k counties (BENCHMARKS.md,
  /// start-up). The rows are the generator's, validated, so a malformed one cannot occur
  /// and is skipped rather than trusted.
  static let provinces: [Province] = {
    var provinces: [Province] = []
    for row in EmbeddedFile.divisions.rows() where row.count == 6 {
      if provinces.last?.name != row[1] {
        provinces.append(Province(name: row[1], cities: []))
      }
      let code = row[3].isEmpty ? nil : row[3]
      let url = urlPrefix + title(row[4], parent: row[1])
      let city =
        code.map { code in
          City(
            name: row[4], url: url, code: code, pinyin: row[5],
            counties: CountyRows("") { _ in counties(ofCity: code) })
        } ?? City(name: row[4], url: url, code: nil, pinyin: row[5])
      provinces[provinces.count - 1].cities.append(city)
    }
    return provinces
  }()

  /// A division's page title: its name, or `name_(parent)` where the name is shared.
  static func title(_ name: String, parent: String) -> String {
    sharedNames.contains(name) ? "\(name)_(\(parent))" : name
  }

  /// Where each city's rows of Data/counties.tsv are (byte offsets), made on first use:
  /// the file lists each city's counties together (the generator checks it).
  static let countyBlocks: [String: Range<Int>] = EmbeddedFile.counties.withBytes { bytes in
    var blocks: [String: Range<Int>] = [:]
    var start = bytes.firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      let city = bytes[start..<end].firstIndex(of: 0x09).map {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<$0]), as: UTF8.self)
      }
      if let city {
        let lower = blocks[city]?.lowerBound ?? start
        blocks[city] = lower..<min(end + 1, bytes.count)
      }
      start = end + 1
    }
    return blocks
  }

  /// The counties of the city with `code`, from its rows of Data/counties.tsv
  /// (`city_code, city, code, county, county_pinyin`).
  static func counties(ofCity code: String) -> [City] {
    guard let block = countyBlocks[code] else { return [] }
    return EmbeddedFile.counties.withBytes { bytes in
      var counties: [City] = []
      for line in bytes[block].split(separator: 0x0A) {
        let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map {
          String(decoding: UnsafeBufferPointer(rebasing: $0), as: UTF8.self)
        }
        guard fields.count == 5 else { continue }
        counties.append(
          City(
            name: fields[3], url: urlPrefix + title(fields[3], parent: fields[1]),
            code: fields[2], pinyin: fields[4]))
      }
      return counties
    }
  }
}
