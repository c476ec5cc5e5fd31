import CatalogModel
import GeoModel
import TextSupport

/// Lists of cities, counties and provinces in the four output formats.
public enum ListFormatter {
  /// One city a line (`text`, `tsv`, `url`) or one JSON array, each line ending in "\n".
  /// Where any entry is a county, rows gain a county column (empty on a city's row) and
  /// JSON objects a `county`; where any is a township, a township column (its county's
  /// column empty where it is directly under a city, as 东城区's); `levels` adds each
  /// entry's level (`city`, `county`, `township`) last.
  public static func cities(
    _ refs: [CityRef], in catalog: Catalog, format: OutputFormat, levels: Bool = false
  ) -> [String] {
    let columns = Columns(refs)
    func fields(_ ref: CityRef) -> [String] {
      let entry = catalog[ref]
      var row = [catalog.provinces[ref.province].name, catalog[ref.cityOnly].name]
      row += columns.lower(ref, in: catalog)
      row.append(URLText.ascii(entry.url))
      if levels { row.append(level(ref)) }
      return row
    }
    switch format {
    case .url:
      return refs.map { URLText.ascii(catalog[$0].url) + "\n" }
    case .tsv:
      return refs.map { fields($0).map(tsvField).joined(separator: "\t") + "\n" }
    case .json:
      return jsonArray(refs.map { cityObject(catalog, $0, level: levels) })
    case .geojson:
      return GeoJSONFormatter.collection(
        objects: refs.map { cityObject(catalog, $0, level: levels) },
        codes: refs.map { catalog[$0].code }, names: refs.map { _ in nil }, in: catalog)
    case .text:
      return alignedRows(refs.map { fields($0).map(TerminalText.sanitize) })
    }
  }

  /// `--search`'s list: each entry with its level last (`province`, `city`, `county`). A
  /// province's row has its name, empty city, county and URL fields (the data gives a
  /// province no page) and, in JSON, its city count and code; `url` lists only the URLs.
  public static func hits(
    _ hits: [SearchHit], in catalog: Catalog, format: OutputFormat,
    provinceCode: (Int) -> String? = { _ in nil }
  ) -> [String] {
    let places = hits.compactMap { hit -> CityRef? in
      if case .place(let ref) = hit { return ref } else { return nil }
    }
    guard places.count < hits.count else {
      return cities(places, in: catalog, format: format, levels: true)
    }
    if format == .url { return cities(places, in: catalog, format: .url) }
    let columns = Columns(places)
    func fields(_ hit: SearchHit) -> [String] {
      switch hit {
      case .province(let index):
        return [catalog.provinces[index].name]
          + Array(repeating: "", count: 2 + columns.count) + ["province"]
      case .place(let ref):
        let entry = catalog[ref]
        var row = [catalog.provinces[ref.province].name, catalog[ref.cityOnly].name]
        row += columns.lower(ref, in: catalog)
        return row + [URLText.ascii(entry.url), level(ref)]
      }
    }
    switch format {
    case .url, .tsv:
      return hits.map { fields($0).map(tsvField).joined(separator: "\t") + "\n" }
    case .json, .geojson:
      let objects =
        hits.map { hit in
          switch hit {
          case .province(let index):
            var members = [
              ("province", JSONWriter.string(catalog.provinces[index].name)),
              ("level", JSONWriter.string("province")),
              ("cities", "\(catalog.provinces[index].cities.count)"),
            ]
            if let code = provinceCode(index) {
              members.append(("code", JSONWriter.string(code)))
            }
            members.append(
              ("pinyin", JSONWriter.string(Pinyin.derive(catalog.provinces[index].name))))
            if let code = provinceCode(index) { members += GeoText.facts(code: code, in: catalog) }
            return JSONWriter.object(members)
          case .place(let ref):
            return cityObject(catalog, ref, level: true)
          }
        }
      guard format == .geojson else { return jsonArray(objects) }
      return GeoJSONFormatter.collection(
        objects: objects,
        codes: hits.map { hit in
          switch hit {
          case .province(let index): return provinceCode(index)
          case .place(let ref): return catalog[ref].code
          }
        }, names: hits.map { _ in nil }, in: catalog)
    case .text:
      return alignedRows(hits.map { fields($0).map(TerminalText.sanitize) })
    }
  }

  /// `city`, `county` or `township`, as `--search` lists say.
  public static func level(_ ref: CityRef) -> String {
    ref.isTownship ? "township" : ref.isCounty ? "county" : "city"
  }

  /// Former divisions as rows of `--search`'s TSV beside current `places`: the same
  /// columns (province, city, the county and township columns the places have, url,
  /// level), the name at its level, no URL, and `withdrawn` or `renamed` as the level.
  public static func formerRows(_ rows: [FormerFormatter.Row], besides places: [CityRef])
    -> [String]
  {
    let columns = Columns(places)
    return rows.map { row in
      let entry = row.entry
      let place = entry.place.split(separator: " ").map(String.init)
      let province = place.first ?? ""
      // A code ending 00 is a prefecture's; any other names a county (or a municipality's
      // district, whose place is its province alone).
      let isCity = entry.code.hasSuffix("00") || place.count < 2
      var cells = [province, isCity ? entry.name : place[1]]
      if columns.county { cells.append(isCity ? "" : entry.name) }
      if columns.township { cells.append("") }
      cells += ["", entry.status.rawValue]
      return cells.map(tsvField).joined(separator: "\t") + "\n"
    }
  }

  /// The county and township columns a list of entries needs, and their cells.
  struct Columns {
    var county: Bool
    var township: Bool

    init(_ refs: [CityRef]) {
      township = refs.contains(where: \.isTownship)
      // A township's row has the county column even where it is under a district or a
      // city without counties (东城区, 东莞市): `cut -f 4` is the township in any list
      // that has one.
      county = township || refs.contains { $0.county != nil }
    }

    var count: Int { (county ? 1 : 0) + (township ? 1 : 0) }

    func lower(_ ref: CityRef, in catalog: Catalog) -> [String] {
      var cells: [String] = []
      if county { cells.append(ref.countyOnly.map { catalog[$0].name } ?? "") }
      if township { cells.append(ref.isTownship ? catalog[ref].name : "") }
      return cells
    }
  }

  /// Where a division is, name first, for ambiguity lists: `鼓楼区  福州市  福建省`,
  /// `玉山镇  昆山市  苏州市  江苏省`.
  public static func placeRow(_ ref: CityRef, in catalog: Catalog) -> [String] {
    var row = [TerminalText.sanitize(catalog[ref].name)]
    if ref.isTownship, let county = ref.countyOnly {
      row.append(TerminalText.sanitize(catalog[county].name))
    }
    if ref.county != nil || ref.isTownship {
      row.append(TerminalText.sanitize(catalog[ref.cityOnly].name))
    }
    row.append(TerminalText.sanitize(catalog.provinces[ref.province].name))
    return row
  }

  /// The province list: name and city count. `url` has no meaning here and falls back to `tsv`.
  public static func provinces(_ catalog: Catalog, format: OutputFormat) -> [String] {
    switch format {
    case .tsv, .url:
      return catalog.provinces.map { tsvField($0.name) + "\t\($0.cities.count)\n" }
    case .json, .geojson:
      // Pinyin at every level: a province's is derived, as the matcher reads it.
      let objects = catalog.provinces.map {
        JSONWriter.object([
          ("province", JSONWriter.string($0.name)), ("cities", "\($0.cities.count)"),
          ("pinyin", JSONWriter.string(Pinyin.derive($0.name))),
        ])
      }
      guard format == .geojson else { return jsonArray(objects) }
      return GeoJSONFormatter.collection(
        objects: objects, codes: catalog.provinces.map { _ in nil },
        names: catalog.provinces.map(\.name), in: catalog)
    case .text:
      return alignedRows(
        catalog.provinces.map { [TerminalText.sanitize($0.name), "\($0.cities.count)"] })
    }
  }

  /// Every field of one city, in a stable order, for `--format json`. A county's object
  /// has its city as `city`, its own name as `county`, and its own URL, code and pinyin; a
  /// township's its county as `county` (none directly under a city) and its name as
  /// `township`.
  public static func cityObject(_ catalog: Catalog, _ ref: CityRef, level: Bool = false)
    -> String
  {
    JSONWriter.object(cityMembers(catalog, ref, level: level))
  }

  /// `cityObject`'s members, in its order: the one order of a division's fields wherever
  /// one is written (lists, search, `--at`, `--near`), what each adds coming before or after.
  static func cityMembers(_ catalog: Catalog, _ ref: CityRef, level: Bool = false)
    -> [(String, String)]
  {
    let city = catalog[ref]
    var members: [(String, String)] = [
      ("province", JSONWriter.string(catalog.provinces[ref.province].name)),
      ("city", JSONWriter.string(catalog[ref.cityOnly].name)),
    ]
    if let county = ref.countyOnly {
      members.append(("county", JSONWriter.string(catalog[county].name)))
    }
    if ref.isTownship { members.append(("township", JSONWriter.string(city.name))) }
    members.append(("url", JSONWriter.string(URLText.ascii(city.url))))
    if level { members.append(("level", JSONWriter.string(Self.level(ref)))) }
    if let code = city.code { members.append(("code", JSONWriter.string(code))) }
    if let pinyin = city.pinyin { members.append(("pinyin", JSONWriter.string(pinyin))) }
    // Where the catalog's outlines have its code: its centroid and bounding box.
    members += GeoText.facts(code: city.code, in: catalog)
    let taken = Set(members.map(\.0))
    for field in city.extra where !taken.contains(field.key) {
      members.append((field.key, JSONWriter.value(field.value)))
    }
    return members
  }

  /// The members of a division found by its outline (`--at`, `--near`): its catalog entry's
  /// (`cityMembers`) where it has one, else the outline's names, code, centroid and box in
  /// the same order (a division newer than the catalog).
  static func placeMembers(_ place: DivisionPlace, in catalog: Catalog, store: OutlineStore)
    -> [(String, String)]
  {
    if let ref = place.ref, catalog.contains(ref) { return cityMembers(catalog, ref) }
    var members: [(String, String)] = [
      ("province", JSONWriter.string(place.province)), ("city", JSONWriter.string(place.city)),
    ]
    if let county = place.county { members.append(("county", JSONWriter.string(county))) }
    members.append(("code", JSONWriter.string(place.code)))
    return members + GeoText.facts(store.outlines[place.outline])
  }

  /// A TSV field: sanitised, so a tab or newline in a name can never break the line.
  static func tsvField(_ text: String) -> String {
    TerminalText.sanitize(text)
  }

  private static func jsonArray(_ objects: [String]) -> [String] {
    guard !objects.isEmpty else { return ["[]\n"] }
    var lines = ["[\n"]
    for (index, object) in objects.enumerated() {
      lines.append(object + (index == objects.count - 1 ? "\n" : ",\n"))
    }
    lines.append("]\n")
    return lines
  }

  /// Columns padded to their widest cell (in terminal cells), the last column unpadded.
  public static func alignedRows(_ rows: [[String]]) -> [String] {
    guard let columns = rows.map(\.count).max() else { return [] }
    var widths = Array(repeating: 0, count: columns)
    for row in rows {
      for (index, cell) in row.enumerated() where index < columns - 1 {
        widths[index] = max(widths[index], TerminalText.width(cell))
      }
    }
    return rows.map { row in
      row.enumerated().map { index, cell in
        index == row.count - 1 ? cell : TerminalText.pad(cell, toWidth: widths[index])
      }.joined(separator: "  ") + "\n"
    }
  }
}
