import Foundation

/// libFuzzer target: any bytes through `CatalogLoader.load`, then the loaded catalog through
/// the matcher and the first screen. Beyond not crashing, checks that every diagnostic and
/// every rendered line is free of terminal controls, since both reach a terminal.
func fuzzLoader(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let data = Data(bytes: start, count: count)
  let result = CatalogLoader.load(data, source: "fuzz.plist")
  for diagnostic in result.diagnostics {
    requireNoControls(diagnostic.description, "diagnostic")
  }
  if result.catalog == nil && !result.diagnostics.contains(where: { $0.severity == .fatal }) {
    fail("no catalog and no fatal diagnostic")
  }
  guard let catalog = result.catalog, catalog.provinces.count <= 64 else { return 0 }
  let navigator = Navigator(catalog: catalog, matcher: Matcher(catalog: catalog))
  var state = navigator.start(viewport: Viewport(columns: 40, rows: 12))
  for line in ScreenRenderer.render(state, navigator: navigator, style: .plain) {
    requireNoControls(line, "rendered line")
  }
  if !catalog.provinces.isEmpty {
    _ = navigator.update(&state, .select(1))
    _ = navigator.update(&state, .select(1))
    for line in ScreenRenderer.render(state, navigator: navigator, style: .plain) {
      requireNoControls(line, "rendered line")
    }
  }
  return 0
}
