import FetchModel
import Foundation
import TerminalUI
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

/// The full screen on a division's page that is a disambiguation page: the entry that
/// names the division's parent is a step of its own (back returns to the list), and where
/// none does, the page's links are opened to choose from.
@Suite struct NavigatorDisambiguationTests {
  let navigator = Navigator(
    catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
  let guangzhou = "https://zh.wikipedia.org/wiki/广州市"
  let entry = "https://zh.wikipedia.org/wiki/广州市_(广东省)"
  let note = "消歧义页「广州市」→ 广州市 (广东省)"
  let list =
    "<p>广州市可以指：</p><ul><li><a href=\"/wiki/广州市_(广东省)\">广州市 (广东省)</a></li>"
    + "<li><a href=\"/wiki/广州_(消歧义)\">广州 (消歧义)</a></li></ul>"

  func content(_ html: String, url: String, step: DisambiguationStep? = nil) -> PageContent {
    let address = URL(string: URLText.ascii(url)) ?? URL(fileURLWithPath: "/")
    let page = FetchedPage(
      requestedURL: address, finalURL: address, status: 200, reason: "OK",
      headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(html.utf8))
    return PageContent(page, width: 40, disambiguation: step)
  }

  /// The full screen on 广州市's page, being fetched.
  func onGuangzhou(_ policy: SessionPolicy = .fullScreen) -> NavigationState {
    var state = navigator.start(
      viewport: Viewport(columns: 40, rows: 10), policy: policy)
    _ = navigator.update(&state, .select(2))
    _ = navigator.update(&state, .select(1))
    return state
  }

  @Test func theEntryNamingTheParentIsFetchedAsAStepAndBackReturnsToTheList() {
    var state = onGuangzhou()
    let arrived = content(list, url: guangzhou, step: .follow(url: entry, note: note))
    #expect(
      navigator.update(&state, .pageLoaded(url: guangzhou, arrived))
        == .fetch(url: entry, parents: []))
    #expect(state.top.kind == .link(entry))
    #expect(state.pages[entry] == .loading)

    _ = navigator.update(&state, .pageLoaded(url: entry, content("<p>广州市是广东省省会。</p>", url: entry)))
    guard case .loaded(let followed) = state.pages[entry] else {
      Issue.record("the entry's page was not kept")
      return
    }
    #expect(followed.note == note)

    // One key back: the disambiguation page, already here, and nothing fetched again.
    #expect(navigator.update(&state, .back) == .render)
    #expect(state.top.kind == .detail(CityRef(province: 1, city: 0)))
    guard case .loaded(let page) = state.pages[guangzhou] else {
      Issue.record("the disambiguation page was not kept")
      return
    }
    #expect(page.linkTargets.map(\.url).contains(URLText.ascii(entry)))
  }

  @Test func whereNoEntryNamesTheParentTheLinksAreOpenedToChooseFrom() {
    var state = onGuangzhou()
    let arrived = content(list, url: guangzhou, step: .offer(note: "消歧义页「广州市」", entries: []))
    #expect(navigator.update(&state, .pageLoaded(url: guangzhou, arrived)) == .render)
    #expect(state.top.kind == .detail(CityRef(province: 1, city: 0)))
    #expect(state.top.showingLinks)
  }

  @Test func aReloadOfTheDisambiguationPageDoesNotFollowAgain() {
    var state = onGuangzhou()
    let arrived = content(list, url: guangzhou, step: .follow(url: entry, note: note))
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, arrived))
    _ = navigator.update(&state, .pageLoaded(url: entry, content("<p>省会</p>", url: entry)))
    _ = navigator.update(&state, .back)
    #expect(
      navigator.update(&state, .reload) == .fetch(url: guangzhou, parents: [["广东省", "广东"]]))
    #expect(navigator.update(&state, .pageLoaded(url: guangzhou, arrived)) == .render)
    #expect(state.top.kind == .detail(CityRef(province: 1, city: 0)))
  }

  @Test func anEntryShownAlreadyIsShownAsItWasWithoutANoteAddedLater() {
    var state = onGuangzhou()
    let arrived = content(list, url: guangzhou, step: .follow(url: entry, note: note))
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, arrived))
    _ = navigator.update(&state, .pageLoaded(url: entry, content("<p>省会</p>", url: entry)))
    #expect(state.arrivalNotes.isEmpty)
  }
}
