import BuiltInCatalog
import CatalogModel
import Testing
import TextSupport

@testable import ProvinceCore

/// The map above a division page's facts grows with the window, as the preview pane's does
/// (issue #47, "Maps that say where"), within bounds that leave the facts and the text room
/// on a small window; its rows are kept from the first frame, so the outlines' coming moves
/// no line.
@Suite struct PageMapSizeTests {
  let catalog = BuiltInCatalog.catalog

  /// 广州市's page, full screen, in `viewport`, with the outlines ready or still coming.
  func guangzhou(_ viewport: Viewport, ready: Bool = true) throws -> (Navigator, NavigationState) {
    let province = try #require(catalog.provinces.firstIndex { $0.name == "广东省" })
    let city = try #require(catalog.provinces[province].cities.firstIndex { $0.name == "广州市" })
    let navigator = Navigator(
      catalog: catalog, matcher: Matcher(catalog: catalog),
      outlines: ready ? .made(for: catalog) : MapOutlines(expected: true))
    var state = navigator.start(viewport: viewport, policy: .fullScreen)
    state.top = Screen(.detail(CityRef(province: province, city: city)))
    return (navigator, state)
  }

  @Test func thePagesMapIsLargerOnALargerWindow() throws {
    let (navigator, small) = try guangzhou(Viewport(columns: 100, rows: 30))
    let (_, large) = try guangzhou(Viewport(columns: 220, rows: 60))
    let few = try #require(navigator.pageSections(small).map)
    let many = try #require(navigator.pageSections(large).map)
    #expect(many.rows > few.rows && many.columns > few.columns, "\(few.rows) \(many.rows)")
    // About three columns a row, as the preview's: 广州 keeps its proportions.
    #expect(many.columns == 3 * many.rows)
    #expect(many.rows >= 14)
  }

  @Test(arguments: [(100, 30), (40, 30), (220, 200)])
  func theMapLeavesTheFactsAndTextRoomOnAnyWindow(columns: Int, rows: Int) throws {
    let (navigator, state) = try guangzhou(Viewport(columns: columns, rows: rows))
    let map = try #require(navigator.pageSections(state).map)
    // At most a quarter of the window's rows (never fewer than the 8 of a 30-row window),
    // and within its width beside the indent.
    #expect(map.rows <= max(8, rows / 4) && map.rows >= 8)
    #expect(map.columns + PageSections.mapIndent <= columns)
    let header = navigator.pageSections(state).header
    #expect(header.contains { $0.hasPrefix("  URL ") })
    #expect(map.rows + 1 < state.contentRows)
  }

  @Test func theRowsKeptForTheMapAreTheSameBeforeAndAfterTheOutlinesCome() throws {
    let viewport = Viewport(columns: 220, rows: 60)
    let (waiting, before) = try guangzhou(viewport, ready: false)
    let (navigator, after) = try guangzhou(viewport)
    let blank = waiting.pageSections(before).header
    let drawn = navigator.pageSections(after).header
    let rows = try #require(navigator.pageSections(after).map).rows
    #expect(blank.count == drawn.count)
    #expect(blank.prefix(rows + 1).allSatisfy { $0.isEmpty })
    #expect(drawn.prefix(rows).contains { !$0.trimmingSpaces.isEmpty })
  }
}
