import CatalogModel
import TextSupport

/// Lists of cities and provinces in the four output formats.
public enum ListFormatter {
  /// One city a line (`text`, `tsv`, `url`) or one JSON array, each line ending in "\n".
  public static func cities(_ refs: [CityRef], in catalog: Catalog, format: OutputFormat)
    -> [String]
  {
    switch format {
    case .url:
      return refs.map { URLText.ascii(catalog[$0].url) + "\n" }
    case .tsv:
      return refs.map { ref in
        let city = catalog[ref]
        let fields = [catalog.provinces[ref.province].name, city.name, URLText.ascii(city.url)]
        return fields.map(tsvField).joined(separator: "\t") + "\n"
      }
    case .json:
      return jsonArray(refs.map { cityObject(catalog, $0) })
    case .text:
      let rows = refs.map { ref in
        let city = catalog[ref]
        return [
          TerminalText.sanitize(catalog.provinces[ref.province].name),
          TerminalText.sanitize(city.name), URLText.ascii(city.url),
        ]
      }
      return alignedRows(rows)
    }
  }

  /// The province list: name and city count. `url` has no meaning here and falls back to `tsv`.
  public static func provinces(_ catalog: Catalog, format: OutputFormat) -> [String] {
    switch format {
    case .tsv, .url:
      return catalog.provinces.map { tsvField($0.name) + "\t\($0.cities.count)\n" }
    case .json:
      return jsonArray(
        catalog.provinces.map {
          JSONWriter.object([
            ("province", JSONWriter.string($0.name)), ("cities", "\($0.cities.count)"),
          ])
        })
    case .text:
      return alignedRows(
        catalog.provinces.map { [TerminalText.sanitize($0.name), "\($0.cities.count)"] })
    }
  }

  /// Every field of one city, in a stable order, for `--format json`.
  public static func cityObject(_ catalog: Catalog, _ ref: CityRef) -> String {
    let city = catalog[ref]
    var members: [(String, String)] = [
      ("province", JSONWriter.string(catalog.provinces[ref.province].name)),
      ("city", JSONWriter.string(city.name)),
      ("url", JSONWriter.string(URLText.ascii(city.url))),
    ]
    if let code = city.code { members.append(("code", JSONWriter.string(code))) }
    if let pinyin = city.pinyin { members.append(("pinyin", JSONWriter.string(pinyin))) }
    let taken = Set(members.map(\.0))
    for field in city.extra where !taken.contains(field.key) {
      members.append((field.key, JSONWriter.value(field.value)))
    }
    return JSONWriter.object(members)
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
