import Foundation
import TerminalUI
import TestFixtures
import Testing
import TextSupport

@testable import CatalogModel
@testable import ProvinceCore

/// Views read no disk (issue #47, "What to build" 2): whether a page is cached, as the
/// preview pane says, is state the shell learns once a page, before it draws, and the
/// frame is drawn from the state alone (it takes no closure or file system to ask).
@Suite struct PreviewStoredPageTests {
  let palette = FullScreenRenderer.Palette(colors: false)
  /// One province of 30 cities (P1-C1 … P1-C30), each with a page of its own.
  let catalog = SampleCatalog.numbered(provinces: 1, citiesEach: 30)

  /// The province's cities on a 160×20 window (wide enough for the pane), full screen.
  func cities() -> (Navigator, NavigationState) {
    let navigator = Navigator(catalog: catalog, matcher: Matcher(catalog: catalog))
    var state = navigator.start(viewport: Viewport(columns: 160, rows: 20), policy: .fullScreen)
    _ = navigator.update(&state, .choose)
    return (navigator, state)
  }

  /// The pane's `Page` line in `frame`, as drawn.
  func pageLine(_ frame: Frame) -> String? {
    for row in 0..<frame.rows {
      let text = frame.text(row: row)
      if let start = text.range(of: "Page ")?.lowerBound {
        return String(text[start...]).trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }

  @Test func thePanesCachedMarkIsWhatTheStateWasTold() {
    let (navigator, start) = cities()
    let url = catalog[CityRef(province: 0, city: 0)].url
    var cached = start
    _ = navigator.update(&cached, .pageStored(url: url, bytes: 84_000))
    var absent = start
    _ = navigator.update(&absent, .pageStored(url: url, bytes: nil))
    let frame = { (state: NavigationState) in
      FullScreenRenderer.frame(state, navigator: navigator, palette: palette, panes: PaneStore())
    }
    #expect(pageLine(frame(cached)) == "Page     cached · 84.0 kB")
    #expect(pageLine(frame(absent)) == "Page     not cached")
    // Before the shell has looked the pane says nothing of it, rather than guess.
    #expect(pageLine(frame(start)) == nil)
  }

  @Test func theShellLooksInTheCacheOncePerPageNotOncePerFrame() {
    var (navigator, state) = cities()
    var looked: [String: Int] = [:]
    var frames = 0
    let keys: [NavigationCommand] =
      Array(repeating: .move(1), count: 5) + Array(repeating: .move(-1), count: 5)
      + [.move(1), .move(1)]
    for command in keys {
      _ = navigator.update(&state, command)
      // As the session's loop: learn, then draw (twice here: a frame redrawn for a resize,
      // a clock tick or a load's progress asks nothing more).
      navigator.learnStoredPages(&state) { url in
        looked[url, default: 0] += 1
        return url.hasSuffix("/3") ? 2_048 : nil
      }
      for _ in 0..<2 {
        _ = FullScreenRenderer.frame(state, navigator: navigator, palette: palette)
        frames += 1
      }
    }
    // The selection went as far as P1-C6 (index 5): it and the two beyond, 0…7, each once.
    #expect(frames == 24)
    #expect(looked.count == 8)
    #expect(looked.values.allSatisfy { $0 == 1 }, "\(looked)")
    #expect(state.storedPages[catalog[CityRef(province: 0, city: 2)].url] == .some(2_048))
  }

  @Test func noPaneNoLook() {
    var (navigator, state) = cities()
    _ = navigator.update(&state, .resize(Viewport(columns: 100, rows: 20)))
    #expect(navigator.storedPagesWanted(state).isEmpty)
    // Line mode draws no pane at any width.
    var lines = navigator.start(viewport: Viewport(columns: 160, rows: 20), policy: .lines)
    _ = navigator.update(&lines, .select(1))
    #expect(navigator.storedPagesWanted(lines).isEmpty)
  }
}
