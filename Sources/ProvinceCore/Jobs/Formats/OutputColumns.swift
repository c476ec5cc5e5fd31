/// Every command's TSV columns, in order: the one table the formatters' layouts are listed
/// in for the man page (OUTPUT) and docs/usage.md ("Columns"), which a test holds to it.
public enum OutputColumns {
  /// Each command (as the documents name it) with its columns, the same for every row.
  public static let commands: [(command: String, columns: [String])] = [
    ("browse (the provinces)", ListFormatter.provinceColumns),
    ("-p, --all", PlaceRecord.Layout.cities.fields.map(\.rawValue)),
    ("--counties", PlaceRecord.Layout.counties.fields.map(\.rawValue)),
    ("--townships", PlaceRecord.Layout.townships.fields.map(\.rawValue)),
    ("--search", PlaceRecord.Layout.search.fields.map(\.rawValue)),
    ("--at", PointReport.tsvColumns),
    ("--near", NearReport.tsvColumns),
    ("--address", AddressReport.tsvColumns),
  ]

  /// The Markdown line docs/usage.md gives a command: `` - `--search`: `province`, … ``.
  public static func markdown(_ entry: (command: String, columns: [String])) -> String {
    "- `\(entry.command)`: " + entry.columns.map { "`\($0)`" }.joined(separator: ", ")
  }
}
