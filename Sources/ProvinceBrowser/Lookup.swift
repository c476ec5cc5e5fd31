import BuiltInCatalog
import CatalogModel
import Foundation
import PageReader
import ProvinceCore
import ProvinceIO
import TextSupport

/// The one-shot uses: print one city, list cities or provinces, search.
struct Lookup {
  let catalog: Catalog
  let matcher: Matcher
  let options: Options

  private var out: StandardStream { .output }
  private var err: StandardStream { .error }
  private var listFormat: OutputFormat { options.format ?? (out.isTerminal ? .text : .tsv) }

  func run() -> ExitCode {
    switch options.mode {
    case .lookup:
      return lookup()
    case .listProvince:
      guard let province = resolveProvince() else { return .failure }
      let refs = catalog.provinces[province].cities.indices.map {
        CityRef(province: province, city: $0)
      }
      return write(ListFormatter.cities(refs, in: catalog, format: listFormat))
    case .all:
      return write(ListFormatter.cities(catalog.allCities, in: catalog, format: listFormat))
    case .search(let query):
      var refs = matcher.search(query)
      if options.province != nil {
        guard let province = resolveProvince() else { return .failure }
        refs = refs.filter { $0.province == province }
      }
      if refs.isEmpty {
        err.write("browse: no city matches '\(TerminalText.sanitize(query))'\n")
        return .failure
      }
      return write(ListFormatter.cities(refs, in: catalog, format: listFormat))
    default:
      if options.format == .url {
        err.write("browse: '--format url' lists cities: add --all, --province or --search\n")
        return .usage
      }
      return write(ListFormatter.provinces(catalog, format: listFormat))
    }
  }

  /// Names for a completion script, one a line; a tab or newline in a name cannot split it.
  func complete(_ what: String) -> ExitCode {
    var names: [String]
    switch what {
    case "province":
      names = catalog.provinces.map(\.name)
    case "city":
      if options.province != nil {
        guard let province = resolveProvince(quiet: true) else { return .failure }
        names = catalog.provinces[province].cities.map(\.name)
      } else {
        names = catalog.provinces.flatMap { $0.cities.map(\.name) }
      }
    default:
      err.write("browse: '--complete' takes province or city\n")
      return .usage
    }
    var seen = Set<String>()
    names = names.map(TerminalText.sanitize).filter { seen.insert($0).inserted }
    return write(names.map { $0 + "\n" })
  }

  private func lookup() -> ExitCode {
    var province: Int?
    if options.province != nil {
      guard let found = resolveProvince() else { return .failure }
      province = found
    }
    guard let query = options.city else { return .usage }
    let ref: CityRef
    switch matcher.city(query, inProvince: province) {
    case .unique(let found):
      ref = found
    case .ambiguous(let refs):
      err.write(
        "browse: '\(TerminalText.sanitize(query))' matches \(refs.count) cities; say which:\n")
      let rows = refs.map { ref in
        [
          "  " + TerminalText.sanitize(catalog[ref].name),
          TerminalText.sanitize(catalog.provinces[ref.province].name), matcher.pinyin(of: ref),
        ]
      }
      for line in ListFormatter.alignedRows(rows) { err.write(line) }
      return .failure
    case .notFound(let suggestions):
      let place = province.map { " in \(TerminalText.sanitize(catalog.provinces[$0].name))" } ?? ""
      err.write(
        "browse: no city matches '\(TerminalText.sanitize(query))'\(place)\(ProvinceArgument.hint(suggestions))\n"
      )
      return .failure
    }
    if options.open {
      return BrowserLauncher.open(catalog[ref].url)
    }
    if options.fetch {
      return PageCommand(options: options).fetchAndPrint(catalog[ref].url)
    }
    let format = options.format ?? .url
    return write(ListFormatter.cities([ref], in: catalog, format: format))
  }

  /// The province `--province` names, or nil after saying why not on stderr.
  private func resolveProvince(quiet: Bool = false) -> Int? {
    guard let query = options.province else { return nil }
    return ProvinceArgument(catalog: catalog, matcher: matcher).resolve(query, quiet: quiet)
  }

  private func write(_ lines: [String]) -> ExitCode {
    for line in lines { out.write(line) }
    out.flush()
    return .success
  }
}
