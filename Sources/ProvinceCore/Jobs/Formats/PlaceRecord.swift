import CatalogModel
import GeoModel
import TextSupport

/// One division as every output writes it, whatever found it (a list, `--search`, `--at`,
/// `--near`): the same fields, in the same order. A TSV row is some of its fields in the
/// order its command's `PlaceRecord.Layout` fixes for the whole output; a JSON object is all
/// of them, `null` where the division has none.
public struct PlaceRecord: Sendable, Equatable {
  /// The names at each level; empty where the division is not that deep (a city's county)
  /// or has no such level above it (东城区's county: it is a city of 北京市 in the catalog).
  public var province = ""
  public var city = ""
  public var county = ""
  public var township = ""
  public var url = ""
  /// `province`, `city`, `county` or `township`; a former division's `withdrawn` or
  /// `renamed` in `--search`'s TSV.
  public var level = ""
  /// 2 to 9 digits; empty where the data gives none.
  public var code = ""
  public var pinyin = ""
  public var facts = DivisionFacts.none

  /// A field of a TSV row; its raw value is the column's name in the documentation.
  public enum Field: String, Sendable, CaseIterable {
    case province, city, county, township, url, level, code, pinyin
    case areaKm2 = "area_km2"
    case population2020 = "population_2020"
    case population2010 = "population_2010"
  }

  /// The fields every command's TSV rows end with, after those they had before the facts
  /// came (so that `cut -f` positions kept working): the code, then the facts.
  public static let trailing: [Field] = [.code, .areaKm2, .population2020, .population2010]

  /// A command's TSV columns, the same for every row of its output.
  public enum Layout: Sendable, CaseIterable {
    /// `-p`, `--all`: cities (and a municipality's districts).
    case cities
    /// `--counties`: cities without counties keep their row, the county empty.
    case counties
    /// `--townships`: the county empty where a township is directly under a city (东城区).
    case townships
    /// `--search`: every level, and the level.
    case search

    public var fields: [Field] {
      switch self {
      case .cities: [.province, .city, .url] + PlaceRecord.trailing
      case .counties: [.province, .city, .county, .url] + PlaceRecord.trailing
      case .townships: [.province, .city, .county, .township, .url] + PlaceRecord.trailing
      case .search:
        [.province, .city, .county, .township, .url, .level] + PlaceRecord.trailing
      }
    }

    /// The narrowest layout that has a column for each of `refs`' levels: a lookup's row.
    static func fitting(_ refs: [CityRef]) -> Layout {
      refs.contains(where: \.isTownship)
        ? .townships : refs.contains { $0.county != nil } ? .counties : .cities
    }
  }

  public init() {}

  /// A city, county or township of `catalog`.
  public init(_ ref: CityRef, in catalog: Catalog) {
    let entry = catalog[ref]
    province = catalog.provinces[ref.province].name
    city = catalog[ref.cityOnly].name
    county = ref.countyOnly.map { catalog[$0].name } ?? ""
    township = ref.isTownship ? entry.name : ""
    url = URLText.ascii(entry.url)
    level = ListFormatter.level(ref)
    code = entry.code ?? ""
    // Pinyin at every level: the data's reading, else derived as the matcher reads it.
    if let given = entry.pinyin, given.contains(where: { !$0.isWhitespace }) {
      pinyin = given
    } else {
      pinyin = Pinyin.derive(entry.name)
    }
    facts = CatalogFacts.facts(code: entry.code, in: catalog)
  }

  /// A province of `catalog`: no city, county, township or page.
  public init(province index: Int, in catalog: Catalog) {
    province = catalog.provinces[index].name
    level = "province"
    code = catalog.provinceCode(index) ?? ""
    pinyin = Pinyin.derive(province)
    facts = CatalogFacts.facts(code: code.isEmpty ? nil : code, in: catalog)
  }

  /// A field's text as a TSV or text cell (not yet sanitised): empty where unknown.
  public func cell(_ field: Field) -> String {
    switch field {
    case .province: province
    case .city: city
    case .county: county
    case .township: township
    case .url: url
    case .level: level
    case .code: code
    case .pinyin: pinyin
    case .areaKm2: facts.areaKm2.map(DivisionFacts.area) ?? ""
    case .population2020: facts.population2020.map(String.init) ?? ""
    case .population2010: facts.population2010.map(String.init) ?? ""
    }
  }

  /// The cells of `fields`, sanitised: a tab or newline in a name never breaks a row.
  public func cells(_ fields: [Field]) -> [String] {
    fields.map { TerminalText.sanitize(cell($0)) }
  }

  /// The names from the province down (`province` … `township`) as JSON members, `null`
  /// where there is none; then `url`, `level`, `code` and `pinyin`.
  public var namedMembers: [(String, String)] {
    func nullable(_ text: String) -> String { text.isEmpty ? "null" : JSONWriter.string(text) }
    return [
      ("province", nullable(province)), ("city", nullable(city)), ("county", nullable(county)),
      ("township", nullable(township)), ("url", nullable(url)), ("level", nullable(level)),
      ("code", nullable(code)), ("pinyin", nullable(pinyin)),
    ]
  }

  /// The facts as JSON members (`CatalogFacts.jsonMembers`), after the names and any
  /// geometry members.
  public var factMembers: [(String, String)] { CatalogFacts.jsonMembers(facts) }
}

extension PlaceRecord {
  /// A division found by its outline: the catalog entry's record where it has one, else the
  /// outline's names, code and level (a division newer than the catalog).
  public init(_ place: DivisionPlace, in catalog: Catalog, store: OutlineStore) {
    if let ref = place.ref, catalog.contains(ref) {
      self.init(ref, in: catalog)
      return
    }
    self.init()
    province = place.province
    city = place.city
    county = place.county ?? ""
    code = place.code
    switch store.outlines[place.outline].level {
    case .province: level = "province"
    case .city: level = "city"
    case .county: level = "county"
    }
    pinyin = Pinyin.derive(county.isEmpty ? (city.isEmpty ? province : city) : county)
    facts = CatalogFacts.facts(code: code, in: catalog)
  }
}
