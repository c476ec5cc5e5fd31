import CatalogModel
import TextSupport

/// `--province` as every job that takes it resolves it: one province, or the report of why
/// not (every candidate of an ambiguous name, or the closest names).
public struct ProvinceResolver: Sendable {
  public let catalog: Catalog
  public let matcher: Matcher

  public init(catalog: Catalog, matcher: Matcher) {
    self.catalog = catalog
    self.matcher = matcher
  }

  public func resolve(_ query: String) -> Result<Int, Report> {
    switch matcher.province(query) {
    case .unique(let index):
      return .success(index)
    case .ambiguous(let indices):
      let rows = indices.map {
        ["  " + TerminalText.sanitize(catalog.provinces[$0].name), matcher.pinyin(ofProvince: $0)]
      }
      return .failure(
        Report(
          messages: [
            "browse: '\(TerminalText.sanitize(query))' matches \(indices.count) provinces; say which:\n"
          ] + ListFormatter.alignedRows(rows), exitCode: .failure))
    case .notFound(let suggestions):
      return .failure(
        .failure("no province matches '\(EchoedValue.shown(query))'\(Self.hint(suggestions))"))
    }
  }

  /// ` (did you mean 广州市?)`, or nothing where nothing is close.
  public static func hint(_ suggestions: [String]) -> String {
    guard !suggestions.isEmpty else { return "" }
    return " (did you mean " + suggestions.map(TerminalText.sanitize).joined(separator: ", ") + "?)"
  }
}
