import BuiltInCatalog
import CatalogModel
import Foundation
import PageReader
import ProvinceCore
import ProvinceIO
import TextSupport

/// The `browse` command: parses the arguments, loads the data and runs the one job asked for.
enum Browse {
  static let out = StandardStream.output
  static let err = StandardStream.error

  static func run(_ arguments: [String]) -> ExitCode {
    Interrupts.shared.install(cleanup: {
      StandardStream.error.finish(with: StandardStream.error.isTerminal ? "\r\u{1B}[K\n" : "")
    })
    let options: Options
    do {
      options = try OptionParser.parse(arguments)
    } catch {
      err.write("\(error)\n\(OptionParser.usageLine)\n")
      return .usage
    }
    switch options.mode {
    case .help:
      out.write(HelpText.help + "\n")
      return .success
    case .version:
      out.write(HelpText.version + "\n")
      return .success
    case .completion(let shell):
      out.write(CompletionScript.script(for: shell))
      return .success
    case .validate(let file):
      return validate(
        file ?? DataFile.activePath(option: options.dataPath, environment: Terminal.environment))
    default:
      break
    }
    let catalog: Catalog
    switch loadCatalog(options) {
    case .success(let loaded): catalog = loaded
    case .failure(let code): return code
    }
    let matcher = Matcher(catalog: catalog)
    switch options.mode {
    case .interactive:
      return InteractiveSession(catalog: catalog, matcher: matcher, options: options, mode: .browse)
        .run()
    // No selection on a terminal is the seed app's menus; on a pipe, the province list.
    case .automatic where out.isTerminal && isatty(0) == 1:
      return InteractiveSession(catalog: catalog, matcher: matcher, options: options, mode: .browse)
        .run()
    case .pick:
      return InteractiveSession(catalog: catalog, matcher: matcher, options: options, mode: .pick)
        .run()
    case .check:
      return CheckCommand(catalog: catalog, matcher: matcher, options: options).run()
    case .complete(let what):
      return Lookup(catalog: catalog, matcher: matcher, options: options).complete(what)
    default:
      return Lookup(catalog: catalog, matcher: matcher, options: options).run()
    }
  }

  enum Loaded {
    case success(Catalog)
    case failure(ExitCode)
  }

  /// The active data, its warnings on stderr; a fatal problem (or any, with --strict) ends the run.
  static func loadCatalog(_ options: Options) -> Loaded {
    let path = DataFile.activePath(option: options.dataPath, environment: Terminal.environment)
    // The built-in data is checked when it is generated and tested equal to its plist.
    guard path != nil else { return .success(BuiltInCatalog.catalog) }
    guard let contents = readData(path) else { return .failure(.noInput) }
    let result = CatalogLoader.load(
      contents.data, source: DataFile.displayName(path), fileMapped: contents.isFileMapping)
    for diagnostic in result.diagnostics {
      err.write("\(diagnostic)\n")
    }
    guard let catalog = result.catalog else {
      return .failure(.dataError)
    }
    if options.strict && !result.diagnostics.isEmpty {
      err.write("browse: \(result.diagnostics.count) problem(s) in the data; --strict stops here\n")
      return .failure(.dataError)
    }
    return .success(catalog)
  }

  /// The bytes at `path` (nil: the built-in data); a read failure is reported here.
  static func readData(_ path: String?) -> DataFile.Contents? {
    guard let path else { return nil }
    do {
      return try DataFile.contents(of: path)
    } catch {
      err.write("browse: \(error)\n")
      return nil
    }
  }

  static func validate(_ path: String?) -> ExitCode {
    let result: LoadResult
    if path == nil {
      let catalog = BuiltInCatalog.catalog
      result = LoadResult(
        catalog: catalog, diagnostics: CatalogCheck.diagnostics(of: catalog, source: "<built-in>"))
    } else {
      guard let contents = readData(path) else { return .noInput }
      result = CatalogLoader.load(
        contents.data, source: DataFile.displayName(path), fileMapped: contents.isFileMapping)
    }
    for diagnostic in result.diagnostics {
      out.write("\(diagnostic)\n")
    }
    if let catalog = result.catalog, result.diagnostics.isEmpty {
      let cities = catalog.provinces.reduce(0) { $0 + $1.cities.count }
      err.write(
        "\(DataFile.displayName(path)): ok: \(catalog.provinces.count) provinces, \(cities) cities\n"
      )
      return .success
    }
    return .dataError
  }
}
