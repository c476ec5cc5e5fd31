import Foundation
import TerminalUI
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

/// Full screen, no layout is made inside `update`, whatever the page's size: a resize and
/// a page read again after it was released ask the shell for the layout (`.layOut`), the
/// screen keeping what it shows until it comes.
@Suite struct LayoutOffTheUIThreadTests {
  let navigator = Navigator(
    catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
  let guangzhou = "https://zh.wikipedia.org/wiki/广州市"

  func page(_ url: String, paragraphs: Int, next: String? = nil) -> PageContent {
    let link = next.map { "<p><a href=\"\($0)\">下一页</a></p>" } ?? ""
    let body = (1...paragraphs).map { "<p>第\($0)段，文字文字文字文字文字文字文字文字。</p>" }.joined()
    return PageContent(
      htmlPage("<title>页</title>" + body + link, url: url), width: 40, view: .fullPage)
  }

  /// Performs a `.layOut` as the shell does (there off the UI thread).
  func layOut(_ effect: NavigationEffect, _ state: inout NavigationState) {
    guard case .layOut(let url, let width, let view) = effect,
      case .loaded(let content) = state.pages[url]
    else { return }
    _ = navigator.update(&state, .pageLaidOut(url: url, content.layout(width: width, view: view)))
  }

  func opened() -> NavigationState {
    var state = navigator.start(
      viewport: Viewport(columns: 40, rows: 12), policy: .fullScreen)
    _ = navigator.update(&state, .move(1))
    _ = navigator.update(&state, .choose)
    _ = navigator.update(&state, .choose)
    return state
  }

  @Test("a resize of a small page keeps its layout until the new one comes, then its top line")
  func smallPageResize() {
    var state = opened()
    let small = page(guangzhou, paragraphs: 40)
    #expect(small.size < Navigator.backgroundLayoutBytes)
    _ = navigator.update(&state, .pageLoaded(url: guangzhou, small))
    let sections = navigator.pageSections(state)
    let twelfth = (0..<sections.count).first { sections.line($0).hasPrefix("第12段") } ?? 0
    _ = navigator.update(&state, .move(twelfth))
    #expect(state.top.scroll == twelfth)
    let top = sections.line(twelfth)
    #expect(top.hasPrefix("第12段"))
    let counter = LayoutCounter()
    let effect = LayoutCounter.$current.withValue(counter) {
      navigator.update(&state, .resize(Viewport(columns: 60, rows: 12)))
    }
    #expect(counter.count == 0)
    #expect(effect == .layOut(url: guangzhou, width: 60, view: .fullPage))
    #expect(navigator.pageSections(state).line(state.top.scroll) == top)
    layOut(effect, &state)
    guard case .loaded(let shown) = state.pages[guangzhou] else {
      Issue.record("the page is gone")
      return
    }
    #expect(shown.width == 60)
    // The same paragraph at the top, wrapped wider.
    #expect(navigator.pageSections(state).line(state.top.scroll).hasPrefix("第12段"))
  }

  @Test("back to a released page keeps the line it was left at, laid out off the UI thread")
  func releasedPageKeepsItsScroll() {
    var state = opened()
    var url = guangzhou
    _ = navigator.update(
      &state, .pageLoaded(url: url, page(url, paragraphs: 40, next: "https://a.test/1")))
    var left = 0
    var line = ""
    for number in 1...Navigator.laidOutPages {
      // The link is below the text: Tab scrolls down to it, the line to come back to.
      _ = navigator.update(&state, .nextLink)
      if number == 1 {
        left = state.top.scroll
        line = navigator.pageSections(state).line(left)
      }
      _ = navigator.update(&state, .choose)
      let next = "https://a.test/\(number + 1)"
      url = "https://a.test/\(number)"
      _ = navigator.update(&state, .pageLoaded(url: url, page(url, paragraphs: 5, next: next)))
    }
    #expect(left > 40)
    guard case .loaded(let released) = state.pages[guangzhou] else {
      Issue.record("the first page is gone")
      return
    }
    #expect(!released.isLaidOut)
    var effect = NavigationEffect.render
    for _ in 1...Navigator.laidOutPages {
      layOut(effect, &state)
      effect = navigator.update(&state, .back)
    }
    #expect(navigator.pageURL(of: state.top) == guangzhou)
    #expect(effect == .layOut(url: guangzhou, width: 40, view: .fullPage))
    #expect(state.top.scroll == left)
    layOut(effect, &state)
    #expect(state.top.scroll == left)
    #expect(navigator.pageSections(state).line(left) == line)
  }

  @Test("line mode: back to a released page comes back to the part it was left at")
  func lineModeReleasedPageKeepsItsPart() {
    var state = navigator.start(viewport: Viewport(columns: 40, rows: 12))
    for line in ["2", "1"] { _ = navigator.update(&state, NavigationCommand.parse(line)) }
    var url = guangzhou
    _ = navigator.update(
      &state, .pageLoaded(url: url, page(url, paragraphs: 40, next: "https://a.test/1")))
    _ = navigator.update(&state, NavigationCommand.parse("n"))
    _ = navigator.update(&state, NavigationCommand.parse("n"))
    let part = state.top.page
    #expect(part == 2)
    for number in 1...Navigator.laidOutPages {
      // Each page's one link, [1], goes on to the next.
      _ = navigator.update(&state, NavigationCommand.parse("1"))
      let next = "https://a.test/\(number + 1)"
      url = "https://a.test/\(number)"
      _ = navigator.update(&state, .pageLoaded(url: url, page(url, paragraphs: 5, next: next)))
    }
    guard case .loaded(let released) = state.pages[guangzhou] else {
      Issue.record("the first page is gone")
      return
    }
    #expect(!released.isLaidOut)
    var effect = NavigationEffect.render
    for _ in 1...Navigator.laidOutPages {
      layOut(effect, &state)
      effect = navigator.update(&state, NavigationCommand.parse("b"))
    }
    #expect(navigator.pageURL(of: state.top) == guangzhou)
    layOut(effect, &state)
    #expect(state.top.page == part)
  }

  @Test(
    "back from a page still loading to one the window outgrew: its layout asked, the load let go")
  func backFromALoadToAPageToLayOut() {
    var state = opened()
    let next = "https://a.test/1"
    _ = navigator.update(
      &state, .pageLoaded(url: guangzhou, page(guangzhou, paragraphs: 8, next: next)))
    _ = navigator.update(&state, .nextLink)
    #expect(navigator.update(&state, .choose) == .fetch(url: next))
    _ = navigator.update(&state, .resize(Viewport(columns: 60, rows: 12)))
    let counter = LayoutCounter()
    let effect = LayoutCounter.$current.withValue(counter) { navigator.update(&state, .back) }
    #expect(counter.count == 0)
    #expect(effect == .layOut(url: guangzhou, width: 60, view: .fullPage))
    // The shell stops the load whose page is no longer waited for.
    #expect(state.pages[next] == nil)
  }
}
