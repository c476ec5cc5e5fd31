import BuiltInCatalog
import CatalogModel
import TerminalUI
import Testing
import TextSupport

@testable import GeoModel
@testable import ProvinceCore

/// A map's cells in the full screen: the division, its parent's outline and its siblings
/// in three colours where colour is allowed, and the same dots unstyled where it is not.
@Suite("The map's colours in the full screen")
struct MapColourTests {
  /// One row: a filled cell, a parent's top edge, a sibling's lower-left dot, a blank.
  let picture = MapPicture(
    columns: 4, rows: 1, dots: [0xFF, 0x09, 0x40, 0], tones: [.fill, .outline, .faint, .empty])

  func drawn(_ palette: FullScreenRenderer.Palette) -> Frame {
    var frame = Frame(rows: 2, columns: 6)
    FullScreenRenderer.drawMap(
      picture, rows: 0..<1, at: 1, column: 1, width: 4, palette: palette, into: &frame)
    return frame
  }

  @Test("with colour, fill, outline and faint siblings each have their own colour")
  func colours() {
    let frame = drawn(FullScreenRenderer.Palette(colors: true))
    #expect(frame.text(row: 1) == " \u{28FF}\u{2809}\u{2840}  ")
    let styles = [frame[1, 1].style, frame[1, 2].style, frame[1, 3].style]
    #expect(styles.allSatisfy { $0.foreground != nil })
    #expect(Set(styles).count == 3)
    // The division stands out most: bold, and not in the sibling's grey.
    #expect(styles[0].bold && styles[2].foreground == .brightBlack)
    // Nothing drawn outside the picture, and a blank cell stays unstyled.
    #expect(frame[1, 4].style == .plain && frame.text(row: 0) == "      ")
  }

  @Test("without colour (NO_COLOR, --no-color) the same dots are drawn plain")
  func shapeAlone() {
    for palette in [
      FullScreenRenderer.Palette(colors: false),
      FullScreenRenderer.Palette(colors: false, bold: false),
    ] {
      let frame = drawn(palette)
      #expect(frame.text(row: 1) == " \u{28FF}\u{2809}\u{2840}  ")
      #expect((1...3).allSatisfy { frame[1, $0].style == .plain })
    }
  }

  @Test("the preview pane of 江苏省 on a wide window colours its map only where colour is on")
  func previewPane() throws {
    let catalog = BuiltInCatalog.catalog
    let jiangsu = try #require(catalog.provinces.firstIndex { $0.name == "江苏省" })
    // The outlines at hand, as a session has them once decoded off its loop's thread.
    let navigator = Navigator(
      catalog: catalog, matcher: Matcher(catalog: catalog), outlines: .made(for: catalog))
    var state = navigator.start(
      viewport: Viewport(columns: 160, rows: 40), policy: .fullScreen)
    state.top.selection = jiangsu
    func styles(colors: Bool) -> [Style] {
      let frame = FullScreenRenderer.frame(
        state, navigator: navigator, palette: FullScreenRenderer.Palette(colors: colors))
      var found: [Style] = []
      for row in 0..<frame.rows {
        for column in 100..<frame.columns
        where frame[row, column].text.unicodeScalars.first.map({
          (0x2801...0x28FF).contains($0.value)
        }) ?? false {
          found.append(frame[row, column].style)
        }
      }
      return found
    }
    let coloured = styles(colors: true)
    // A province inside China: 江苏省 filled (green), China's edge around it (cyan); the
    // other provinces' borders are not drawn (they hid a small province's fill).
    #expect(coloured.contains { $0.foreground == .green })
    #expect(coloured.contains { $0.foreground == .cyan })
    #expect(!coloured.contains { $0.foreground == .brightBlack })
    let plain = styles(colors: false)
    #expect(plain.count == coloured.count && plain.allSatisfy { $0 == .plain })
  }

  /// 昆山市's page on a window `columns` × `rows`, in `policy`.
  func kunshanPage(_ policy: SessionPolicy, columns: Int = 100, rows: Int) throws -> (
    Navigator, NavigationState
  ) {
    let catalog = BuiltInCatalog.catalog
    let jiangsu = try #require(catalog.provinces.firstIndex { $0.name == "江苏省" })
    let suzhou = try #require(catalog.provinces[jiangsu].cities.firstIndex { $0.name == "苏州市" })
    let kunshan = try #require(
      catalog.provinces[jiangsu].cities[suzhou].counties.firstIndex { $0.name == "昆山市" })
    // The outlines at hand, as a session has them once decoded off its loop's thread.
    let navigator = Navigator(
      catalog: catalog, matcher: Matcher(catalog: catalog), outlines: .made(for: catalog))
    var state = navigator.start(
      viewport: Viewport(columns: columns, rows: rows), policy: policy)
    state.top = Screen(.detail(CityRef(province: jiangsu, city: suzhou, county: kunshan)))
    return (navigator, state)
  }

  func isBraille(_ text: String) -> Bool {
    text.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }
  }

  @Test("a county's page, full screen on a tall window, starts with its map in colour")
  func pageMap() throws {
    let (navigator, state) = try kunshanPage(.fullScreen, rows: 40)
    let frame = FullScreenRenderer.frame(
      state, navigator: navigator, palette: FullScreenRenderer.Palette(colors: true))
    // Ten rows of map (a quarter of the window's 40), a blank, then the facts as before.
    #expect((0..<10).allSatisfy { isBraille(frame.text(row: $0)) })
    #expect(frame.text(row: 10).allSatisfy { $0 == " " })
    #expect(frame.text(row: 11).hasPrefix("  Province 江苏省"))
    let mapCells = (0..<10).flatMap { row in (0..<32).map { frame[row, $0] } }
      .filter { isBraille($0.text) }
    // 昆山市 filled in green inside 苏州市's outline (cyan); its siblings' borders are not
    // drawn (they hid a small division's fill).
    #expect(mapCells.contains { $0.style.foreground == .green })
    #expect(mapCells.contains { $0.style.foreground == .cyan })
    #expect(!mapCells.contains { $0.style.foreground == .brightBlack })
  }

  @Test("no map on a short window, nor in line mode (transcripts, pipes)")
  func noPageMap() throws {
    let (shortNavigator, short) = try kunshanPage(.fullScreen, rows: 24)
    let frame = FullScreenRenderer.frame(
      short, navigator: shortNavigator, palette: FullScreenRenderer.Palette(colors: true))
    #expect(frame.text(row: 0).hasPrefix("  Province 江苏省"))
    #expect(!(0..<frame.rows).contains { isBraille(frame.text(row: $0)) })
    let (lineNavigator, lines) = try kunshanPage(.lines, rows: 60)
    let sections = lineNavigator.pageSections(lines)
    #expect(sections.map == nil && sections.header.first?.hasPrefix("  Province") == true)
    #expect(!sections.header.contains(where: isBraille))
  }
}
