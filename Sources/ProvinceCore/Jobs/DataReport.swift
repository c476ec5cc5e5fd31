import CatalogModel
import TextSupport

/// What loading the active data says, and whether the run may go on.
public enum DataReport {
  /// Warnings shown when loading; the rest are counted (`--validate` shows them all).
  public static let warningLimit = 20

  /// The catalog to use, or the report that ends the run; `messages` go to stderr either way.
  public static func loading(_ result: LoadResult, strict: Bool) -> (
    catalog: Catalog?, messages: [String], failure: ExitCode?
  ) {
    var messages = capped(result.diagnostics)
    guard let catalog = result.catalog, !result.isFatal else {
      return (nil, messages, .dataError)
    }
    if strict && !result.diagnostics.isEmpty {
      let count = result.diagnostics.count
      messages.append(
        "browse: \(counted(count, "problem")) in the data; --strict stops here\n")
      return (nil, messages, .dataError)
    }
    return (catalog, messages, nil)
  }

  /// `--validate`: every problem on stdout, then a verdict on stderr; 0 or 65.
  public static func validation(_ result: LoadResult, source: String) -> Report {
    let problems = result.diagnostics.map { "\($0)\n" }
    if let catalog = result.catalog, result.diagnostics.isEmpty {
      let cities = catalog.provinces.reduce(0) { $0 + $1.cities.count }
      let name = TerminalText.sanitize(source)
      return Report(
        output: problems,
        messages: [
          "\(name): ok: \(counted(catalog.provinces.count, "province")), \(counted(cities, "city"))\n"
        ])
    }
    let verdict =
      "\(TerminalText.sanitize(source)): \(counted(result.diagnostics.count, "problem"))"
      + (result.catalog == nil || result.isFatal ? "; the data cannot be used\n" : "\n")
    return Report(output: problems, messages: [verdict], exitCode: .dataError)
  }

  /// The first `warningLimit` diagnostics and a line counting the rest; fatal ones always.
  static func capped(_ diagnostics: [Diagnostic]) -> [String] {
    var lines: [String] = []
    var hidden = 0
    for diagnostic in diagnostics {
      if diagnostic.severity == .fatal || lines.count < warningLimit {
        lines.append("\(diagnostic)\n")
      } else {
        hidden += 1
      }
    }
    if hidden > 0 {
      lines.append(
        "browse: \(counted(hidden, "more warning")) not shown; --validate lists them all\n")
    }
    return lines
  }

  /// `1 province`, `2 provinces`, `3 cities`.
  public static func counted(_ count: Int, _ noun: String) -> String {
    guard count != 1 else { return "1 \(noun)" }
    if noun.hasSuffix("y") { return "\(count) \(noun.dropLast())ies" }
    return "\(count) \(noun)s"
  }
}
