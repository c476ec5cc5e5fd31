import TerminalUI
import Testing
import TextSupport

@testable import CatalogModel
@testable import ProvinceCore

/// Provinces → cities → counties → page, as state transitions: a city with counties opens
/// its county list (the city itself first), one without opens its page, back returns to
/// the city list with the city still selected, search and pick reach counties.
@Suite struct NavigatorCountyTests {
  static let catalog = Catalog(provinces: [
    Province(
      name: "江苏省",
      cities: [
        City(name: "南京市", url: "https://nj.test/", code: "320100"),
        City(
          name: "苏州市", url: "https://sz.test/", code: "320500", pinyin: "su zhou shi",
          counties: [
            City(name: "姑苏区", url: "https://gs.test/", code: "320508", pinyin: "gu su qu"),
            City(name: "昆山市", url: "https://ks.test/", code: "320583", pinyin: "kun shan shi"),
          ]),
      ])
  ])
  let navigator = Navigator(catalog: catalog, matcher: Matcher(catalog: catalog))
  let suzhou = CityRef(province: 0, city: 1)
  let kunshan = CityRef(province: 0, city: 1, county: 1)

  var countyList: Screen.Kind {
    .cities(province: 0, [suzhou, CityRef(province: 0, city: 1, county: 0), kunshan])
  }

  @Test func aCityWithCountiesOpensItsCountyListFirstRowTheCity() {
    var state = navigator.start()
    _ = navigator.update(&state, .select(1))
    #expect(navigator.update(&state, .select(2)) == .render)
    #expect(state.top.kind == countyList)
    #expect(navigator.labels(for: state.top) == ["苏州市", "姑苏区", "昆山市"])
    #expect(state.message == "苏州市: 2 counties; 1 苏州市 opens the city's own page.")
    #expect(ScreenRenderer.path(state, navigator: navigator) == "省份信息 › 江苏省 › 苏州市")
    #expect(
      navigator.update(&state, .select(1))
        == .fetch(url: "https://sz.test/", parents: [["江苏省", "江苏"]]))
    #expect(state.top.kind == .detail(suzhou))
    _ = navigator.update(&state, .back)
    #expect(
      navigator.update(&state, .select(3))
        == .fetch(url: "https://ks.test/", parents: [["苏州市", "苏州"], ["江苏省", "江苏"]]))
    #expect(navigator.pageSections(state).header.contains("  County   昆山市"))
  }

  @Test func theStatusBarKeepsSayingWhatTheFirstRowOfACountyListIs() {
    var state = navigator.start(
      viewport: Viewport(columns: 80, rows: 12), policy: .fullScreen)
    _ = navigator.update(&state, .choose)
    _ = navigator.update(&state, .move(1))
    _ = navigator.update(&state, .choose)
    _ = navigator.update(&state, .move(1))
    let palette = FullScreenRenderer.Palette(colors: false)
    func statusBar() -> String {
      let frame = FullScreenRenderer.frame(state, navigator: navigator, palette: palette)
      return frame.text(row: frame.rows - 1)
    }
    // After a key the message is gone, and the status bar still says it.
    #expect(statusBar().contains("苏州市 · 1: the city's own page"))
    // Where it does not fit whole, the path keeps the room.
    _ = navigator.update(&state, .resize(Viewport(columns: 40, rows: 10)))
    #expect(statusBar().contains("江苏省 › 苏州市") && !statusBar().contains("own page"))
    _ = navigator.update(&state, .resize(Viewport(columns: 80, rows: 12)))
    // Not on a filtered list, whose first row may be a county, nor on the city list.
    _ = navigator.update(&state, .edit(.character("k")))
    #expect(!statusBar().contains("own page"))
    _ = navigator.update(&state, .back)
    #expect(state.top.kind == .cities(province: 0, [CityRef(province: 0, city: 0), suzhou]))
    #expect(!statusBar().contains("own page"))
  }

  @Test func aCityWithoutCountiesOpensItsPageAsBefore() {
    var state = navigator.start()
    _ = navigator.update(&state, .select(1))
    #expect(
      navigator.update(&state, .select(1))
        == .fetch(url: "https://nj.test/", parents: [["江苏省", "江苏"]]))
    #expect(state.top.kind == .detail(CityRef(province: 0, city: 0)))
  }

  @Test func filteringTheCountyListDownToTheCityOpensItsPage() {
    var state = navigator.start()
    _ = navigator.update(&state, .select(1))
    _ = navigator.update(&state, .select(2))
    #expect(
      navigator.update(&state, .filter("su zhou"))
        == .fetch(url: "https://sz.test/", parents: [["江苏省", "江苏"]]))
    #expect(state.top.kind == .detail(suzhou))
  }

  @Test func backInFullScreenReturnsToTheCityStillSelected() {
    var state = navigator.start(policy: .fullScreen)
    _ = navigator.update(&state, .choose)
    _ = navigator.update(&state, .move(1))
    _ = navigator.update(&state, .choose)
    #expect(state.top.kind == countyList)
    _ = navigator.update(&state, .back)
    #expect(state.top.kind == .cities(province: 0, [CityRef(province: 0, city: 0), suzhou]))
    #expect(state.top.selection == 1)
  }

  @Test func searchReachesCountiesAndPickReturnsOne() {
    var state = navigator.start()
    _ = navigator.update(&state, .search("kunshan"))
    #expect(state.top.kind == .search(query: "kunshan", [kunshan]))
    #expect(navigator.labels(for: state.top) == ["昆山市（江苏省 苏州市）"])
    let picker = Navigator(
      catalog: Self.catalog, matcher: Matcher(catalog: Self.catalog), mode: .pick)
    var picking = picker.start()
    _ = picker.update(&picking, .search("昆山"))
    #expect(picker.update(&picking, .select(1)) == .picked(kunshan))
  }
}
