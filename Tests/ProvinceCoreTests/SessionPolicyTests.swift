import FetchModel
import Foundation
import TerminalUI
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

/// The one value that says what the two views do differently (`SessionPolicy`): each view
/// gives its own, the navigator reads its fields, and what is not in it is the same for
/// both, whichever policy is given.
@Suite struct SessionPolicyTests {
  let navigator = Navigator(
    catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
  let guangzhou = "https://zh.wikipedia.org/wiki/广州市"

  /// 广州市's page, loaded with two links, under `policy`.
  func onGuangzhou(_ policy: SessionPolicy) -> NavigationState {
    var state = navigator.start(viewport: Viewport(columns: 60, rows: 20), policy: policy)
    _ = navigator.update(&state, .select(2))
    _ = navigator.update(&state, .select(1))
    let html = "<p><a href='https://e.test/1'>一</a> <a href='https://e.test/2'>二</a></p>"
    let address = URL(string: URLText.ascii(guangzhou)) ?? URL(fileURLWithPath: "/")
    let page = FetchedPage(
      requestedURL: address, finalURL: address, status: 200, reason: "OK",
      headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(html.utf8))
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, PageContent(page, width: 60)))
    return state
  }

  @Test func eachViewGivesItsPolicy() {
    #expect(Presentation.lines.policy == .lines)
    #expect(Presentation.fullScreen.policy == .fullScreen)
    #expect(SessionPolicy.lines.opensSingleMatch && !SessionPolicy.fullScreen.opensSingleMatch)
    #expect(
      SessionPolicy.fullScreen.showsFailureInPlace && !SessionPolicy.lines.showsFailureInPlace)
    // Line mode's chrome: the path, two blank lines, the message, the hints, the prompt.
    #expect(SessionPolicy.lines.chromeRows == 6)
    #expect(SessionPolicy.fullScreen.chromeRows == 2)
    // Line mode's messages name the words typed at its prompt; the full screen's, keys.
    #expect(SessionPolicy.lines.namesWords && !SessionPolicy.fullScreen.namesWords)
  }

  @Test func aFailureStaysInPlaceWhereThePolicySaysSoWhateverElseItSays() {
    var policy = SessionPolicy.lines
    policy.showsFailureInPlace = true
    var state = navigator.start(viewport: Viewport(columns: 60, rows: 20), policy: policy)
    _ = navigator.update(&state, .select(2))
    _ = navigator.update(&state, .select(1))
    _ = navigator.update(&state, .pageArrived(url: guangzhou, .failure(.timedOut)))
    #expect(state.top.kind == .detail(CityRef(province: 1, city: 0)))
    #expect(state.pages[guangzhou] == .failed("The page took too long to load (timed out)."))
  }

  @Test(arguments: [SessionPolicy.lines, .fullScreen])
  func backClosesAPagesLinkListBeforeLeavingThePage(policy: SessionPolicy) {
    var state = onGuangzhou(policy)
    _ = navigator.update(&state, .links)
    #expect(state.top.showingLinks)
    _ = navigator.update(&state, .back)
    #expect(!state.top.showingLinks)
    #expect(state.top.kind == .detail(CityRef(province: 1, city: 0)))
    _ = navigator.update(&state, .back)
    #expect(state.top.isMenu)
  }

  @Test(arguments: [SessionPolicy.lines, .fullScreen])
  func aLinkNumberAndTheFocusedLinkAreFollowedAlike(policy: SessionPolicy) {
    var typed = onGuangzhou(policy)
    var focused = typed
    #expect(navigator.update(&typed, .select(2)) == .fetch(url: "https://e.test/2"))
    _ = navigator.update(&focused, .nextLink)
    _ = navigator.update(&focused, .nextLink)
    #expect(navigator.update(&focused, .choose) == .fetch(url: "https://e.test/2"))
    #expect(typed.stack.map(\.kind) == focused.stack.map(\.kind))
  }
}
