import TerminalUI
import TestFixtures
import Testing

@testable import CatalogModel
@testable import ProvinceCore
@testable import TextSupport

/// `/` finds provinces too (a province name once found nothing): a query naming one province lists its
/// cities after whatever cities and counties match, in both policies.
@Suite struct SearchProvincesTests {
  let navigator = Navigator(
    catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
  let guangdongCities = (0..<3).map { CityRef(province: 1, city: $0) }

  @Test func slashGuangdongListsGuangdongsCities() {
    var state = navigator.start(
      viewport: Viewport(columns: 60, rows: 12), policy: .fullScreen)
    navigator.press([Key.character("/")] + "guangdong".map(Key.character), &state)
    #expect(state.top.kind == .search(query: "guangdong", guangdongCities))
  }

  @Test func lineModeSearchFindsTheProvinceToo() {
    var state = navigator.start()
    _ = navigator.update(&state, .search("guangdong"))
    #expect(state.top.kind == .search(query: "guangdong", guangdongCities))
    // A city's own match still comes first, and no city twice.
    #expect(navigator.searchResults("广州") == [guangdongCities[0]])
  }
}
