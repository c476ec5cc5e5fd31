import BuiltInCatalog
import CatalogModel
import Testing
import TextSupport

@testable import ProvinceCore

/// A division's page shows its history among its facts, as `--history` tells it. Facts
/// typed from knowledge: 昆山县 became the county-level city 昆山市 in 1989; 襄阳地区 went
/// into 襄樊市 in 1983, and 襄樊市 was renamed 襄阳市 in 2010.
@Suite struct HistoryFactsTests {
  static let catalog = BuiltInCatalog.catalog

  func page(_ province: String, _ city: String, _ county: String?, history: DivisionHistory)
    throws -> [String]
  {
    let catalog = Self.catalog
    let p = try #require(catalog.provinces.firstIndex { $0.name == province })
    let c = try #require(catalog.provinces[p].cities.firstIndex { $0.name == city })
    var ref = CityRef(province: p, city: c)
    if let county {
      let k = try #require(catalog.provinces[p].cities[c].counties.firstIndex { $0.name == county })
      ref.county = k
    }
    let navigator = Navigator(
      catalog: catalog, matcher: Matcher(catalog: catalog), history: history)
    var state = navigator.start(viewport: Viewport(columns: 120, rows: 40), policy: .lines)
    state.top = Screen(.detail(ref))
    return navigator.pageSections(state).header
  }

  @Test func kunshansPageSaysTheCountyBecameACityIn1989() throws {
    let header = try page("江苏省", "苏州市", "昆山市", history: BuiltInCatalog.history)
    let first = try #require(header.firstIndex { $0.hasPrefix("  History  ") })
    let rows = header[first...].prefix { !$0.hasPrefix("  URL ") }
    #expect(rows.contains { $0.contains("1989") && $0.contains("昆山县") && $0.contains("昆山市") })
    // Among the facts, before the URL.
    let url = try #require(header.firstIndex { $0.hasPrefix("  URL ") })
    #expect(first < url)
  }

  @Test func xiangyangsPageSaysItWasXiangfanUntil2010() throws {
    let header = try page("湖北省", "襄阳市", nil, history: BuiltInCatalog.history)
    #expect(header.contains { $0.contains("2010  renamed") && $0.contains("襄樊市") })
    // 襄阳地区 went into 襄樊市 in 1983: the first change, the one labelled.
    #expect(header.contains { $0.hasPrefix("  History  1983  merged") && $0.contains("襄阳地区") })
  }

  @Test func noHistoryNoRows() throws {
    let header = try page("江苏省", "苏州市", "昆山市", history: .none)
    #expect(!header.contains { $0.hasPrefix("  History") })
  }
}
