import ProvinceCore

/// `browse --check`: every city URL checked, the broken ones reported.
struct CheckCommand {
  let catalog: Catalog
  let matcher: Matcher
  let options: Options

  func run() -> ExitCode {
    StandardStream.error.write("browse: --check is not built yet\n")
    return .unavailable
  }
}
