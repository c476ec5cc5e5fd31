import BuiltInCatalog
import CatalogModel
import PageReader
import ProvinceCore
import ProvinceIO
import TextSupport

/// `--province` as every command that takes it resolves it: one province, or nil after
/// saying on stderr why not (every candidate of an ambiguous name, or the closest names).
struct ProvinceArgument {
  let catalog: Catalog
  let matcher: Matcher

  func resolve(_ query: String, quiet: Bool = false) -> Int? {
    let err = StandardStream.error
    switch matcher.province(query) {
    case .unique(let index):
      return index
    case .ambiguous(let indices):
      if quiet { return nil }
      err.write(
        "browse: '\(TerminalText.sanitize(query))' matches \(indices.count) provinces; say which:\n"
      )
      let rows = indices.map {
        ["  " + TerminalText.sanitize(catalog.provinces[$0].name), matcher.pinyin(ofProvince: $0)]
      }
      for line in ListFormatter.alignedRows(rows) { err.write(line) }
      return nil
    case .notFound(let suggestions):
      if !quiet {
        err.write(
          "browse: no province matches '\(TerminalText.sanitize(query))'"
            + "\(Self.hint(suggestions))\n")
      }
      return nil
    }
  }

  /// ` (did you mean 广州市?)`, or nothing where nothing is close.
  static func hint(_ suggestions: [String]) -> String {
    guard !suggestions.isEmpty else { return "" }
    return " (did you mean " + suggestions.map(TerminalText.sanitize).joined(separator: ", ") + "?)"
  }
}
