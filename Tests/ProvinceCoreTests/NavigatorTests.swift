import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

@Suite struct NavigatorTests {
  let navigator = Navigator(
    catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))

  func kinds(_ state: NavigationState) -> [Screen.Kind] { state.stack.map(\.kind) }

  @Test func startsOnTheProvinceMenuInFileOrder() {
    let state = navigator.start()
    #expect(kinds(state) == [.provinces([0, 1, 2, 3, 4])])
    #expect(navigator.labels(for: state.top) == ["北京市", "广东省", "辽宁省", "山西省", "陕西省"])
  }

  @Test func numbersDrillDownToProvinceCityAndDetail() {
    var state = navigator.start()
    #expect(navigator.update(&state, .select(2)) == .render)
    #expect(state.top.kind == .cities(province: 1, (0..<3).map { CityRef(province: 1, city: $0) }))
    #expect(
      navigator.update(&state, .select(1))
        == .fetch(url: "https://zh.wikipedia.org/wiki/广州市", parents: [["广东省", "广东"]]))
    #expect(state.top.kind == .detail(CityRef(province: 1, city: 0)))
    #expect(state.pages["https://zh.wikipedia.org/wiki/广州市"] == .loading)
    #expect(state.stack.count == 3)
  }

  @Test func backPopsOneScreenAndSaysSoAtTheTop() {
    var state = navigator.start()
    _ = navigator.update(&state, .select(2))
    _ = navigator.update(&state, .back)
    #expect(state.stack.count == 1)
    #expect(state.message == nil)
    _ = navigator.update(&state, .back)
    #expect(state.stack.count == 1)
    #expect(state.message == "Already at the top.")
  }

  @Test func topReturnsToTheFullProvinceMenu() {
    var state = navigator.start()
    _ = navigator.update(&state, .filter("西"))
    _ = navigator.update(&state, .select(1))
    _ = navigator.update(&state, .select(1))
    #expect(state.stack.count == 3)
    _ = navigator.update(&state, .top)
    #expect(kinds(state) == [.provinces([0, 1, 2, 3, 4])])
  }

  @Test func aFilterNamingOneOfSeveralMatchesExactlyOpensIt() {
    let catalog = Catalog(provinces: [
      Province(
        name: "测试",
        cities: [
          SampleCatalog.city("gbkmeta"), SampleCatalog.city("gbk"), SampleCatalog.city("gb"),
        ])
    ])
    let navigator = Navigator(catalog: catalog, matcher: Matcher(catalog: catalog))
    var state = navigator.start()
    _ = navigator.update(&state, .select(1))
    // `gbk` is in gbkmeta's name too, but names gbk alone; case and spaces do not count.
    #expect(
      navigator.update(&state, .filter("GBK "))
        == .fetch(url: "https://zh.wikipedia.org/wiki/gbk", parents: [["测试"]]))
    #expect(state.top.kind == .detail(CityRef(province: 0, city: 1)))
    // `gb` begins every name but is gb's whole name; `g` is nobody's, so the menu stays.
    _ = navigator.update(&state, .back)
    _ = navigator.update(&state, .filter("gb"))
    #expect(state.top.kind == .detail(CityRef(province: 0, city: 2)))
    _ = navigator.update(&state, .back)
    _ = navigator.update(&state, .filter("g"))
    #expect(state.top.editor?.text == "g")
    #expect(navigator.labels(for: state.top).count == 3)
  }

  @Test func aProvinceFilterMatchingTwoNamesOpensNeither() {
    var state = navigator.start()
    // 山西 and 陕西 are both shanxi in plain pinyin (Shaanxi is the other's romanisation).
    _ = navigator.update(&state, .filter("shanxi"))
    #expect(state.stack.count == 1)
    #expect(state.top.kind == .provinces([3, 4]))
    #expect(state.top.editor?.text == "shanxi")
  }

  @Test func outOfRangeNumbersLeaveTheScreenWithAMessage() {
    var state = navigator.start()
    _ = navigator.update(&state, .select(9))
    #expect(state.stack.count == 1)
    #expect(state.message == "No item 9: choose 1–5.")
    _ = navigator.update(&state, .select(0))
    #expect(state.stack.count == 1)
  }

  @Test func aFilterWithOneMatchChoosesItAndBackReturnsToTheFilteredList() {
    var state = navigator.start()
    _ = navigator.update(&state, .filter("广东"))
    #expect(state.top.kind == .cities(province: 1, (0..<3).map { CityRef(province: 1, city: $0) }))
    _ = navigator.update(&state, .back)
    // As ← returns to a list full screen: its filter kept, and selected.
    #expect(kinds(state) == [.provinces([1])])
    #expect(state.top.editor?.text == "广东")
    #expect(state.top.filterSelected)
  }

  @Test func aFilterWithSeveralMatchesNarrowsTheListInPlace() {
    var state = navigator.start()
    _ = navigator.update(&state, .filter("西"))
    #expect(kinds(state) == [.provinces([3, 4])])
    #expect(state.top.editor?.text == "西")
    _ = navigator.update(&state, .select(2))
    #expect(state.top.kind == .cities(province: 4, [CityRef(province: 4, city: 0)]))
  }

  @Test func aFilterWithNoMatchKeepsTheScreenAndSuggestsSearching() {
    var state = navigator.start()
    _ = navigator.update(&state, .filter("火星"))
    #expect(state.stack.count == 1)
    #expect(state.message == "火星: nothing here, nor in the whole tree; clear clears the filter.")
    _ = navigator.update(&state, .filter("chao"))
    // 朝阳区 is in 北京 and 辽宁's 朝阳市 is a city: the whole tree's search offered, as typed.
    #expect(state.message?.hasPrefix("chao: nothing here; /chao finds ") == true)
  }

  @Test func searchFindsCitiesInEveryProvinceAndBackReturnsToTheResults() {
    var state = navigator.start()
    _ = navigator.update(&state, .select(2))
    _ = navigator.update(&state, .search("朝阳"))
    guard case .search(_, let refs) = state.top.kind else {
      Issue.record("expected search results, got \(state.top.kind)")
      return
    }
    #expect(Set(refs) == [CityRef(province: 0, city: 1), CityRef(province: 2, city: 1)])
    _ = navigator.update(&state, .select(1))
    #expect(state.top.kind == .detail(refs[0]))
    _ = navigator.update(&state, .back)
    #expect(state.top.kind == .search(query: "朝阳", refs))
    _ = navigator.update(&state, .back)
    #expect(state.top.kind == .cities(province: 1, (0..<3).map { CityRef(province: 1, city: $0) }))
  }

  @Test func aSearchWithNoResultSaysSo() {
    var state = navigator.start()
    _ = navigator.update(&state, .search("火星"))
    #expect(state.stack.count == 1)
    #expect(state.message == "No city matches '火星'.")
  }

  /// End of input has no command of its own: the shell (InteractiveSession) sends `.quit`
  /// when a read returns nothing, at whatever screen it arrives. So this tests `.quit` from
  /// every screen; that end of input really becomes `.quit` is the shell's, tested end to
  /// end by ReliabilityProcessTests.endOfInputAtEveryPromptExitsZero.
  @Test(arguments: [
    ("provinces", [NavigationCommand]()), ("cities", [.select(2)]),
    ("detail", [.select(2), .select(1)]), ("filtered", [.filter("西")]),
    ("search results", [.search("zhou")]), ("help", [.help]),
    ("help over cities", [.select(2), .help]),
    ("a message", [.select(99)]),
  ])
  func quitExitsWithSuccessFromEveryScreen(screen: String, path: [NavigationCommand]) {
    var state = navigator.start()
    for command in path { _ = navigator.update(&state, command) }
    let depth = state.stack.count
    #expect(navigator.update(&state, .quit) == .exit(.success), "\(screen)")
    // Quitting changes nothing on the way out.
    #expect(state.stack.count == depth, "\(screen)")
  }

  @Test func helpTogglesAndAnyCommandClosesIt() {
    var state = navigator.start()
    _ = navigator.update(&state, .help)
    #expect(state.showingHelp)
    _ = navigator.update(&state, .help)
    #expect(!state.showingHelp)
    _ = navigator.update(&state, .help)
    _ = navigator.update(&state, .enter)
    #expect(!state.showingHelp)
  }

  @Test func invalidInputGetsAOneLineMessage() {
    var state = navigator.start()
    _ = navigator.update(&state, .invalid("no item 99999999999999999999"))
    #expect(state.message == "no item 99999999999999999999 (type ? for help)")
    _ = navigator.update(&state, .enter)
    #expect(state.message == nil)
  }

  @Test func numbersOnADetailScreenWaitForThePage() {
    var state = navigator.start()
    _ = navigator.update(&state, .select(1))
    _ = navigator.update(&state, .select(1))
    _ = navigator.update(&state, .select(1))
    #expect(state.stack.count == 3)
    #expect(state.message == "The page has not arrived.")
  }

  @Test func pickModeEndsWithTheChosenCity() {
    let picker = Navigator(
      catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog), mode: .pick)
    var state = picker.start()
    #expect(picker.update(&state, .select(2)) == .render)
    #expect(picker.update(&state, .select(3)) == .picked(CityRef(province: 1, city: 2)))
  }

  @Test func pagingStopsAtBothEnds() {
    let catalog = SampleCatalog.numbered(provinces: 30, citiesEach: 1)
    let paged = Navigator(catalog: catalog, matcher: Matcher(catalog: catalog))
    // 8 rows: 2 rows of items in one column of width 10 → 2 per page… widths decide columns.
    var state = paged.start(viewport: Viewport(columns: 10, rows: 8))
    let pages = paged.pageCount(state)
    #expect(pages == 15)
    _ = paged.update(&state, .previousPage)
    #expect(paged.linePage(state) == 0)
    #expect(state.message == "This is the first page.")
    for _ in 0..<20 { _ = paged.update(&state, .nextPage) }
    #expect(paged.linePage(state) == 14)
    #expect(state.message == "This is the last page.")
    _ = paged.update(&state, .enter)
    #expect(paged.linePage(state) == 14)
    #expect(state.message == nil)
  }

  @Test func enterTurnsThePageAndNumbersKeepCountingAcrossPages() {
    let catalog = SampleCatalog.numbered(provinces: 30, citiesEach: 1)
    let paged = Navigator(catalog: catalog, matcher: Matcher(catalog: catalog))
    var state = paged.start(viewport: Viewport(columns: 10, rows: 8))
    _ = paged.update(&state, .enter)
    #expect(paged.linePage(state) == 1)
    let text = ScreenRenderer.render(state, navigator: paged, style: .plain)
    #expect(text.contains(" 3 P3"))
    _ = paged.update(&state, .select(30))
    #expect(state.top.kind == .cities(province: 29, [CityRef(province: 29, city: 0)]))
  }

  @Test func aResizeKeepsTheMessageAndClampsThePage() {
    let catalog = SampleCatalog.numbered(provinces: 30, citiesEach: 1)
    let paged = Navigator(catalog: catalog, matcher: Matcher(catalog: catalog))
    var state = paged.start(viewport: Viewport(columns: 10, rows: 8))
    for _ in 0..<20 { _ = paged.update(&state, .nextPage) }
    _ = paged.update(&state, .resize(Viewport(columns: 200, rows: 50)))
    #expect(paged.linePage(state) == 0)
    #expect(state.message == "This is the last page.")
  }

  @Test func thePathNamesEveryScreenAndFilter() {
    var state = navigator.start()
    _ = navigator.update(&state, .filter("西"))
    // The list on top names its filter; below, a list is named as it is.
    #expect(ScreenRenderer.path(state, navigator: navigator) == "省份信息 “西”")
    _ = navigator.update(&state, .select(2))
    #expect(ScreenRenderer.path(state, navigator: navigator) == "省份信息 › 陕西省")
    _ = navigator.update(&state, .search("朝阳"))
    #expect(ScreenRenderer.path(state, navigator: navigator) == "省份信息 › 陕西省 › /朝阳")
  }

  @Test func thePathIsSanitised() {
    let hostile = Catalog(provinces: [
      Province(name: "坏\u{1B}[2J省", cities: [City(name: "甲\u{202E}市", url: "https://a.test/")])
    ])
    let nav = Navigator(catalog: hostile, matcher: Matcher(catalog: hostile))
    var state = nav.start()
    _ = nav.update(&state, .select(1))
    #expect(ScreenRenderer.path(state, navigator: nav) == "省份信息 › 坏\u{FFFD}[2J省")
    #expect(nav.labels(for: state.top) == ["甲市"])
  }
}
