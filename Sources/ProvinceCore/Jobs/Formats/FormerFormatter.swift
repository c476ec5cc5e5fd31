import CatalogModel
import GeoModel
import TextSupport

/// Codes and names no longer in use, in the four output formats: what each was, when it
/// went and what took its place (`110103 崇文区 (北京市), withdrawn 2010 → 110101 东城区`).
public enum FormerFormatter {
  /// One entry with the names of the codes that replaced it (nil where none is known).
  public struct Row: Sendable {
    public var entry: FormerDivision
    public var replacements: [(code: String, name: String?)]

    public init(entry: FormerDivision, replacements: [(code: String, name: String?)]) {
      self.entry = entry
      self.replacements = replacements
    }
  }

  /// The sentence for one entry, as text output and messages say it.
  public static func sentence(_ row: Row) -> String {
    let entry = row.entry
    var text = "\(entry.code) \(entry.name)"
    if !entry.place.isEmpty { text += " (\(entry.place))" }
    text += ", \(entry.status.rawValue)"
    if let until = entry.until { text += " \(until)" }
    let successors = row.replacements.map { successor in
      successor.name.map { "\(successor.code) \($0)" } ?? successor.code
    }
    if entry.status == .renamed {
      if let now = row.replacements.first?.name { text += " → now \(now)" }
    } else if !successors.isEmpty {
      text += " → " + successors.joined(separator: ", ")
    }
    return TerminalText.sanitize(text)
  }

  /// The entries one a line (`text`, `tsv`: code, name, place, status, until, replaced_by
  /// codes and names) or as JSON objects (not yet joined into an array).
  public static func lines(_ rows: [Row], format: OutputFormat) -> [String] {
    switch format {
    case .text, .url:
      return rows.map { sentence($0) + "\n" }
    case .tsv:
      return rows.map { row in
        let entry = row.entry
        return [
          entry.code, entry.name, entry.place, entry.status.rawValue, entry.until ?? "",
          row.replacements.map(\.code).joined(separator: ";"),
          row.replacements.map { $0.name ?? "" }.joined(separator: ";"),
        ].map(TerminalText.sanitize).joined(separator: "\t") + "\n"
      }
    case .json:
      return rows.map(object)
    case .geojson:
      // A former division has no outline of its own: a feature with a null geometry.
      return GeoJSONFormatter.collection(
        rows.map { (object($0), nil) }, store: OutlineStore(outlines: [], xs: [], ys: []))
    }
  }

  /// One entry as a JSON object: `code`, `name`, `place`, `status`, `until` (null where
  /// unknown) and `replaced_by`, each successor's code and name.
  public static func object(_ row: Row) -> String {
    let entry = row.entry
    let successors = row.replacements.map { successor in
      JSONWriter.object([
        ("code", JSONWriter.string(successor.code)),
        ("name", successor.name.map(JSONWriter.string) ?? "null"),
      ])
    }
    return JSONWriter.object([
      ("code", JSONWriter.string(entry.code)),
      ("name", JSONWriter.string(entry.name)),
      ("place", JSONWriter.string(entry.place)),
      ("status", JSONWriter.string(entry.status.rawValue)),
      ("until", entry.until.map(JSONWriter.string) ?? "null"),
      ("replaced_by", "[" + successors.joined(separator: ",") + "]"),
    ])
  }

  /// A JSON array of `objects` after the JSON array lines `array` (as ListFormatter makes
  /// them): one array, so that `jq` reads current and former entries together.
  public static func appending(_ objects: [String], toJSONArray array: [String]) -> [String] {
    guard !objects.isEmpty else { return array }
    var items = array.filter { $0 != "[\n" && $0 != "]\n" && $0 != "[]\n" }.map {
      $0.hasSuffix(",\n") ? String($0.dropLast(2)) : String($0.dropLast())
    }
    items += objects
    return ["[\n"] + items.enumerated().map { $1 + ($0 == items.count - 1 ? "\n" : ",\n") }
      + ["]\n"]
  }
}
