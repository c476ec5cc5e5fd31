import BuiltInCatalog
import CatalogModel
import Foundation
import Testing
import TextSupport

@testable import ProvinceCore

/// The outlines come with the catalog they belong to: the built-in catalog's page facts and
/// JSON have a division's centroid and box; a data file's catalog with the same codes has
/// neither, nor a map, nor `--at`.
@Suite("Outlines with their catalog")
struct CatalogOutlinesTests {
  /// 昆山市's page, in line mode (its facts without the map), in `catalog`.
  func kunshanPage(_ catalog: Catalog) throws -> [String] {
    let jiangsu = try #require(catalog.provinces.firstIndex { $0.name == "江苏省" })
    let suzhou = try #require(catalog.provinces[jiangsu].cities.firstIndex { $0.name == "苏州市" })
    let kunshan = try #require(
      catalog.provinces[jiangsu].cities[suzhou].counties.firstIndex { $0.name == "昆山市" })
    let navigator = Navigator(catalog: catalog, matcher: Matcher(catalog: catalog))
    var state = navigator.start(viewport: Viewport(columns: 100, rows: 40), policy: .lines)
    state.top = Screen(.detail(CityRef(province: jiangsu, city: suzhou, county: kunshan)))
    return navigator.pageSections(state).header
  }

  /// The degrees in a line, in order: `31.32° N, 120.95° E` → [31.32, 120.95].
  func degrees(_ line: String) -> [Double] {
    line.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
  }

  @Test("a county's page says its centroid and bounding box: 昆山 lies about 31.4° N, 121.0° E")
  func pageFacts() throws {
    let header = try kunshanPage(BuiltInCatalog.catalog)
    let centroid = try #require(header.first { $0.hasPrefix("  Centroid ") })
    let point = degrees(centroid)
    #expect(centroid.contains("° N, ") && centroid.hasSuffix("° E"))
    #expect(point.count == 2)
    #expect(point.first.map { (31.2...31.55).contains($0) } == true)
    #expect(point.last.map { (120.8...121.15).contains($0) } == true)
    // South to north, then west to east: 昆山 spans about 31.1–31.55° N, 120.8–121.15° E.
    let bounds = degrees(try #require(header.first { $0.hasPrefix("  Bounds   ") }))
    #expect(bounds.count == 4)
    if bounds.count == 4 {
      #expect((30.95...31.25).contains(bounds[0]) && (31.4...31.7).contains(bounds[1]))
      #expect((120.65...120.95).contains(bounds[2]) && (121.05...121.3).contains(bounds[3]))
    }
    // After what the data says, before the URL.
    let order = ["  Pinyin ", "  Centroid ", "  Bounds ", "  URL "].map { label in
      header.firstIndex { $0.hasPrefix(label) } ?? -1
    }
    #expect(order == order.sorted() && !order.contains(-1))
  }

  @Test("a data file's catalog with the built-in codes gets no outline: no centroid, map or --at")
  func dataFileCatalog() throws {
    var catalog = BuiltInCatalog.catalog
    catalog.outlines = .none
    let header = try kunshanPage(catalog)
    #expect(header.contains { $0.hasPrefix("  Code     320583") })
    #expect(!header.contains { $0.hasPrefix("  Centroid") || $0.hasPrefix("  Bounds") })
    let jiangsu = try #require(catalog.provinces.firstIndex { $0.name == "江苏省" })
    let json = ListFormatter.cities(
      [CityRef(province: jiangsu, city: 0)], in: catalog, format: .json)
    #expect(json.joined().contains("\"code\":\"32"))
    #expect(!json.joined().contains("centroid") && !json.joined().contains("bbox"))
    #expect(CatalogOutlines.ready(for: catalog) == nil)
    #expect(try CatalogOutlines.places(for: catalog) == nil)
    guard case .failure(let report) = PointReport.make(catalog: catalog, format: .text) else {
      Issue.record("--at answered from a data file's catalog")
      return
    }
    #expect(report.exitCode == .usage && report.messages.joined().contains("--data"))
  }

  @Test("a preview has no map until the session's outlines come, then has it")
  func previewWaitsForNothing() throws {
    let catalog = BuiltInCatalog.catalog
    let jiangsu = try #require(catalog.provinces.firstIndex { $0.name == "江苏省" })
    let outlines = MapOutlines(expected: true)
    let navigator = Navigator(
      catalog: catalog, matcher: Matcher(catalog: catalog), outlines: outlines)
    let screen = Screen(.provinces(Array(catalog.provinces.indices)))
    #expect(navigator.preview(for: screen, at: jiangsu)?.outline == nil)
    let places = try #require(try CatalogOutlines.places(for: catalog))
    outlines.fill(places)
    let outline = try #require(navigator.preview(for: screen, at: jiangsu)?.outline)
    #expect(places.store.outlines[outline].code == "320000")
  }

  /// Before, a page's map appeared above its facts when a background thread had made a
  /// global index of the outlines: every line below moved down nine rows under the reader.
  @Test func thePagesLinesStayWhereTheyAreWhenTheOutlinesCome() throws {
    let catalog = BuiltInCatalog.catalog
    let jiangsu = try #require(catalog.provinces.firstIndex { $0.name == "江苏省" })
    let suzhou = try #require(catalog.provinces[jiangsu].cities.firstIndex { $0.name == "苏州市" })
    let outlines = MapOutlines(expected: true)
    let navigator = Navigator(
      catalog: catalog, matcher: Matcher(catalog: catalog), outlines: outlines)
    var state = navigator.start(
      viewport: Viewport(columns: 100, rows: 40), policy: .fullScreen)
    state.top = Screen(.detail(CityRef(province: jiangsu, city: suzhou)))
    let before = navigator.pageSections(state)
    #expect(before.map == nil)
    outlines.fill(try CatalogOutlines.places(for: catalog))
    let after = navigator.pageSections(state)
    #expect(after.map != nil)
    #expect(after.count == before.count)
    let province = before.header.firstIndex { $0.hasPrefix("  Province") }
    #expect(province != nil && province == after.header.firstIndex { $0.hasPrefix("  Province") })
  }

  @Test("the built-in catalog's index of its outlines is made once and kept")
  func madeOnce() throws {
    let catalog = BuiltInCatalog.catalog
    let first = try #require(try CatalogOutlines.places(for: catalog))
    // Another value of the same catalog finds the same index, ready without waiting.
    let again = try #require(CatalogOutlines.ready(for: BuiltInCatalog.catalog))
    #expect(first.catalog == again.catalog)
    #expect(first.store.outlines.count == again.store.outlines.count)
  }
}
