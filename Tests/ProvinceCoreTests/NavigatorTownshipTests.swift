import TerminalUI
import Testing
import TextSupport

@testable import CatalogModel
@testable import ProvinceCore

/// Counties → townships → page, as state transitions: a county with townships (or a city
/// without counties that has them, as 东莞市) opens their list, the county itself first;
/// a township opens its page; back restores the list and its selection; `/` finds
/// townships from two characters on.
@Suite struct NavigatorTownshipTests {
  static let catalog = Catalog(provinces: [
    Province(
      name: "江苏省",
      cities: [
        City(name: "南京市", url: "https://nj.test/", code: "320100"),
        City(
          name: "苏州市", url: "https://sz.test/", code: "320500", pinyin: "su zhou shi",
          counties: [
            City(name: "姑苏区", url: "https://gs.test/", code: "320508", pinyin: "gu su qu"),
            City(
              name: "昆山市", url: "https://ks.test/", code: "320583", pinyin: "kun shan shi",
              counties: [
                City(
                  name: "玉山镇", url: "https://ys.test/", code: "320583100",
                  pinyin: "yu shan zhen"),
                City(
                  name: "巴城镇", url: "https://bc.test/", code: "320583101",
                  pinyin: "ba cheng zhen"),
              ]),
          ]),
      ]),
    Province(
      name: "广东省",
      cities: [
        City(
          name: "东莞市", url: "https://dg.test/", code: "441900", pinyin: "dong guan shi",
          counties: [])
      ]),
  ])
  let navigator = Navigator(catalog: catalog, matcher: Matcher(catalog: catalog))
  let kunshan = CityRef(province: 0, city: 1, county: 1)
  var yushan: CityRef { CityRef(province: 0, city: 1, county: 1, township: 0) }
  var bacheng: CityRef { CityRef(province: 0, city: 1, county: 1, township: 1) }

  @Test func aCountyWithTownshipsOpensTheirListFirstRowTheCounty() {
    var state = navigator.start()
    _ = navigator.update(&state, .select(1))
    _ = navigator.update(&state, .select(2))
    #expect(navigator.update(&state, .select(3)) == .render)
    #expect(state.top.kind == .cities(province: 0, [kunshan, yushan, bacheng]))
    #expect(navigator.labels(for: state.top) == ["昆山市", "玉山镇", "巴城镇"])
    #expect(state.message == "昆山市: 2 townships; 1 昆山市 opens the division's own page.")
    #expect(ScreenRenderer.path(state, navigator: navigator) == "省份信息 › 江苏省 › 苏州市 › 昆山市")
    // The status bar's note agrees with the message: a county's own page, not a city's.
    #expect(
      FullScreenRenderer.countyListNote(state.top, navigator: navigator)
        == " · 1: the division's own page")
    #expect(
      navigator.update(&state, .select(1))
        == .fetch(url: "https://ks.test/", parents: [["苏州市", "苏州"], ["江苏省", "江苏"]]))
    #expect(state.top.kind == .detail(kunshan))
    _ = navigator.update(&state, .back)
    #expect(
      navigator.update(&state, .select(2))
        == .fetch(
          url: "https://ys.test/",
          parents: [["昆山市", "昆山"], ["苏州市", "苏州"], ["江苏省", "江苏"]]))
    #expect(state.top.kind == .detail(yushan))
  }

  @Test func theRowDetailsAndThePreviewCountACountysTownships() {
    var state = navigator.start()
    _ = navigator.update(&state, .select(1))
    _ = navigator.update(&state, .select(2))
    #expect(navigator.details(for: state.top, at: 2).last == "2 townships")
    #expect(navigator.details(for: state.top, at: 1).last == "")
  }

  @Test func backInFullScreenReturnsToTheCountyStillSelected() {
    var state = navigator.start(policy: .fullScreen)
    _ = navigator.update(&state, .choose)
    _ = navigator.update(&state, .move(1))
    _ = navigator.update(&state, .choose)
    _ = navigator.update(&state, .move(2))
    _ = navigator.update(&state, .choose)
    #expect(state.top.kind == .cities(province: 0, [kunshan, yushan, bacheng]))
    _ = navigator.update(&state, .move(2))
    _ = navigator.update(&state, .choose)
    #expect(state.top.kind == .detail(bacheng))
    _ = navigator.update(&state, .back)
    #expect(state.top.kind == .cities(province: 0, [kunshan, yushan, bacheng]))
    #expect(state.top.selection == 2)
    _ = navigator.update(&state, .back)
    #expect(navigator.labels(for: state.top) == ["苏州市", "姑苏区", "昆山市"])
    #expect(state.top.selection == 2)
  }

  @Test func aTownshipOpensItsPageAndHasNoListOfItsOwn() {
    #expect(navigator.children(of: yushan).isEmpty)
    #expect(navigator.children(of: kunshan) == [yushan, bacheng])
    #expect(navigator.children(of: CityRef(province: 0, city: 0)).isEmpty)
  }

  @Test func aTownshipsFactsNameItsCountyAndItself() {
    let facts = navigator.facts(of: yushan)
    #expect(facts.map(\.label) == ["Province", "City", "County", "Township", "Code", "Pinyin"])
    #expect(facts.map(\.value) == ["江苏省", "苏州市", "昆山市", "玉山镇", "320583100", "yu shan zhen"])
  }

  @Test func searchFindsTownshipsFromTwoCharactersOn() {
    var state = navigator.start()
    _ = navigator.update(&state, .search("玉山"))
    #expect(state.top.kind == .search(query: "玉山", [yushan]))
    #expect(navigator.labels(for: state.top) == ["玉山镇（江苏省 苏州市 昆山市）"])
    #expect(navigator.searchResults("玉").isEmpty)
    #expect(navigator.searchResults("bacheng") == [bacheng])
  }

  /// The divisions whose townships `/` searches are walked once a navigator, not on each
  /// key; one search after another, typed and erased, still finds what each finds alone.
  @Test func searchesOneAfterAnotherFindWhatEachFindsAlone() {
    let queries = ["ba", "bac", "bacheng", "bac", "yu", "玉山", "巴城镇", "ba"]
    for query in queries {
      let fresh = Navigator(catalog: Self.catalog, matcher: Matcher(catalog: Self.catalog))
      #expect(navigator.searchResults(query) == fresh.searchResults(query), "\(query)")
    }
    #expect(navigator.searchResults("bacheng") == [bacheng])
    #expect(navigator.searchResults("yushan") == [yushan])
  }

  @Test func aTownshipWithoutAnArticleSaysSoAndOffersItsCountyAndTheWikisSearch() {
    var state = navigator.start()
    _ = navigator.update(&state, .select(1))
    _ = navigator.update(&state, .select(2))
    _ = navigator.update(&state, .select(3))
    #expect(navigator.update(&state, .select(2)) != .render)
    _ = navigator.update(
      &state, .pageNotFound(url: "https://ys.test/", message: "The server answered HTTP 404."))
    #expect(state.top.kind == .detail(yushan))
    guard case .loaded(let content) = state.pages["https://ys.test/"] else {
      Issue.record("the 404 is not answered with a page")
      return
    }
    #expect(
      content.linkTargets.map(\.url) == [
        "https://ks.test/",
        "https://ys.test/w/index.php?search=%E7%8E%89%E5%B1%B1%E9%95%87",
      ])
    let text = navigator.pageSections(state).body.joined(separator: "\n")
    #expect(text.contains("玉山镇 has no article here (HTTP 404 Not Found)"))
    #expect(
      navigator.update(&state, .select(1))
        == .fetch(url: "https://ks.test/", parents: []))
  }

  @Test func aFailureOtherThanNotFoundStaysAFailure() {
    var state = navigator.start()
    _ = navigator.update(&state, .select(1))
    _ = navigator.update(&state, .select(2))
    _ = navigator.update(&state, .select(3))
    _ = navigator.update(&state, .select(2))
    _ = navigator.update(
      &state, .pageFailed(url: "https://ys.test/", message: "The server answered HTTP 500."))
    #expect(state.top.kind == .cities(province: 0, [kunshan, yushan, bacheng]))
    #expect(state.message == "The server answered HTTP 500.")
  }
}
