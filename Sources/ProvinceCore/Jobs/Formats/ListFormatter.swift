import CatalogModel
import GeoModel
import TextSupport

/// Lists of cities, counties and provinces in the four output formats.
public enum ListFormatter {
  /// One city a line (`text`, `tsv`, `url`) or one JSON array, each line ending in "\n".
  /// TSV and text rows have `layout`'s columns (docs/usage.md, "Output"), the same for every
  /// row: a list's command fixes it (`--counties` has the county column even for a city
  /// without counties); without one, the narrowest that fits the entries (a lookup's row).
  /// JSON objects are `PlaceRecord`s, every field on every object.
  public static func cities(
    _ refs: [CityRef], in catalog: Catalog, format: OutputFormat,
    layout: PlaceRecord.Layout? = nil
  ) -> [String] {
    let columns = (layout ?? .fitting(refs)).fields
    switch format {
    case .url:
      return refs.map { URLText.ascii(catalog[$0].url) + "\n" }
    case .tsv:
      return refs.map { PlaceRecord($0, in: catalog).cells(columns).joined(separator: "\t") + "\n" }
    case .json:
      return jsonArray(refs.map { cityObject(catalog, $0) })
    case .geojson:
      return GeoJSONFormatter.collection(
        objects: refs.map { cityObject(catalog, $0) },
        codes: refs.map { catalog[$0].code }, names: refs.map { _ in nil }, in: catalog)
    case .text:
      return alignedRows(refs.map { PlaceRecord($0, in: catalog).cells(columns) })
    }
  }

  /// `--search`'s list: `PlaceRecord.Layout.search`'s columns whatever matched, the level
  /// before the code. A province's row has its name, empty city, county, township and URL
  /// fields (the data gives a province no page) and, in JSON, its city count; `url` lists
  /// only the URLs.
  public static func hits(
    _ hits: [SearchHit], in catalog: Catalog, format: OutputFormat
  ) -> [String] {
    let places = hits.compactMap { hit -> CityRef? in
      if case .place(let ref) = hit { return ref } else { return nil }
    }
    if format == .url { return cities(places, in: catalog, format: .url) }
    func record(_ hit: SearchHit) -> PlaceRecord {
      switch hit {
      case .province(let index): PlaceRecord(province: index, in: catalog)
      case .place(let ref): PlaceRecord(ref, in: catalog)
      }
    }
    let columns = PlaceRecord.Layout.search.fields
    switch format {
    case .url, .tsv:
      return hits.map { record($0).cells(columns).joined(separator: "\t") + "\n" }
    case .json, .geojson:
      let objects = hits.map { hit in
        switch hit {
        case .province(let index): provinceObject(catalog, index)
        case .place(let ref): cityObject(catalog, ref)
        }
      }
      guard format == .geojson else { return jsonArray(objects) }
      return GeoJSONFormatter.collection(
        objects: objects,
        codes: hits.map { hit in
          switch hit {
          case .province(let index): return catalog.provinceCode(index)
          case .place(let ref): return catalog[ref].code
          }
        }, names: hits.map { _ in nil }, in: catalog)
    case .text:
      return alignedRows(hits.map { record($0).cells(columns) })
    }
  }

  /// `city`, `county` or `township`, as `--search` lists say.
  public static func level(_ ref: CityRef) -> String {
    ref.isTownship ? "township" : ref.isCounty ? "county" : "city"
  }

  /// Former divisions as rows of `--search`'s TSV: its columns, the name at its level, no
  /// URL, `withdrawn` or `renamed` as the level and the former code as the code.
  public static func formerRows(_ rows: [FormerFormatter.Row]) -> [String] {
    rows.map { row in
      let entry = row.entry
      let place = entry.place.split(separator: " ").map(String.init)
      var record = PlaceRecord()
      record.province = place.first ?? ""
      // A code ending 00 is a prefecture's; any other names a county (or a municipality's
      // district, whose place is its province alone).
      let isCity = entry.code.hasSuffix("00") || place.count < 2
      record.city = isCity ? entry.name : place[1]
      record.county = isCity ? "" : entry.name
      record.level = entry.status.rawValue
      record.code = entry.code
      return record.cells(PlaceRecord.Layout.search.fields).joined(separator: "\t") + "\n"
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

  /// The province list: name and city count, then the code and the facts (TSV and text);
  /// in JSON, `PlaceRecord`s with their city count. `url` has no meaning here and falls
  /// back to `tsv`.
  public static func provinces(_ catalog: Catalog, format: OutputFormat, order: [Int]? = nil)
    -> [String]
  {
    let indices = order ?? Array(catalog.provinces.indices)
    func cells(_ index: Int) -> [String] {
      let record = PlaceRecord(province: index, in: catalog)
      return [TerminalText.sanitize(record.province), "\(catalog.provinces[index].cities.count)"]
        + record.cells(PlaceRecord.trailing)
    }
    switch format {
    case .tsv, .url:
      return indices.map { cells($0).joined(separator: "\t") + "\n" }
    case .json, .geojson:
      let objects = indices.map { provinceObject(catalog, $0) }
      guard format == .geojson else { return jsonArray(objects) }
      return GeoJSONFormatter.collection(
        objects: objects, codes: indices.map { catalog.provinceCode($0) },
        names: indices.map { catalog.provinces[$0].name }, in: catalog)
    case .text:
      return alignedRows(indices.map(cells))
    }
  }

  /// The province list's columns (TSV and text).
  public static let provinceColumns = ["province", "cities"] + PlaceRecord.trailing.map(\.rawValue)

  /// A province as a JSON object: its record's members (no city, county, township or URL),
  /// its centroid and box where the outlines have it, its facts, and its city count.
  static func provinceObject(_ catalog: Catalog, _ index: Int) -> String {
    let record = PlaceRecord(province: index, in: catalog)
    let code = catalog.provinceCode(index)
    return JSONWriter.object(
      record.namedMembers + GeoText.facts(code: code, in: catalog) + record.factMembers
        + [("cities", "\(catalog.provinces[index].cities.count)")])
  }

  /// Every field of one city, county or township for `--format json`: its `PlaceRecord`.
  public static func cityObject(_ catalog: Catalog, _ ref: CityRef) -> String {
    JSONWriter.object(cityMembers(catalog, ref))
  }

  /// `cityObject`'s members, in its order: the one order of a division's fields wherever
  /// one is written (lists, search, `--at`, `--near`), what each adds coming after: the
  /// record's names, `url`, `level`, `code` and `pinyin`, the outline's centroid and box
  /// where it has one, the facts, then any extra keys of a data file.
  static func cityMembers(_ catalog: Catalog, _ ref: CityRef) -> [(String, String)] {
    let record = PlaceRecord(ref, in: catalog)
    var members = record.namedMembers
    members += GeoText.facts(code: catalog[ref].code, in: catalog)
    members += record.factMembers
    let taken = Set(members.map(\.0))
    for field in catalog[ref].extra where !taken.contains(field.key) {
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
    let record = PlaceRecord(place, in: catalog, store: store)
    return record.namedMembers + GeoText.facts(store.outlines[place.outline])
      + record.factMembers
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
