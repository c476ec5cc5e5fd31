import BuiltInCatalog
import CatalogModel
import FetchModel
import Foundation
import TerminalUI
import TestFixtures
import Testing
import TextSupport

@testable import ProvinceCore

/// A session's frames drawn with its `FrameMemo` (the menu's rows and the items' previews
/// kept from frame to frame) are the frames drawn afresh, whatever changed in between: a
/// move, a resize, a filter, a page arriving, the outlines arriving, other data, another
/// look. Each step below changes one of them and fails if the memo shows what it kept.
@Suite struct FrameMemoTests {
  let palette = FullScreenRenderer.Palette(colors: true)

  /// The frame `memo` gives for `state`, after checking it is the frame drawn without one
  /// (and with a store of panes of its own, so that nothing kept is reused).
  @discardableResult
  func drawn(
    _ state: NavigationState, _ navigator: Navigator, memo: FrameMemo,
    palette: FullScreenRenderer.Palette? = nil,
    _ step: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Frame {
    let look = palette ?? self.palette
    let kept = FullScreenRenderer.frame(
      state, navigator: navigator, palette: look, panes: PaneStore(), memo: memo)
    let fresh = FullScreenRenderer.frame(
      state, navigator: navigator, palette: look, panes: PaneStore())
    if kept != fresh {
      let row = (0..<fresh.rows).first { kept.text(row: $0) != fresh.text(row: $0) }
      Issue.record(
        "\(step): the memo's frame differs from a fresh one (row \(row.map(String.init) ?? "styles only"): \(row.map { kept.text(row: $0) } ?? "")",
        sourceLocation: sourceLocation)
    }
    return kept
  }

  @Test("moves, resizes, a filter and its clearing draw with the memo what they draw without")
  func movesResizesAndFilters() {
    let catalog = BuiltInCatalog.catalog
    let navigator = Navigator(catalog: catalog, matcher: Matcher(catalog: catalog))
    let memo = FrameMemo()
    var state = navigator.start(viewport: Viewport(columns: 160, rows: 40), policy: .fullScreen)
    let first = drawn(state, navigator, memo: memo, "the first frame")
    #expect(first[0, 2].text == "1" && first[0, 5].style.reverse)
    for step in 1...5 {
      navigator.press([.special(.down, [])], &state)
      let frame = drawn(state, navigator, memo: memo, "move \(step)")
      // The selection's bar is on its row alone.
      #expect(frame[step, 5].style.reverse && !frame[step - 1, 5].style.reverse)
    }
    navigator.press([.special(.up, [])], &state)
    drawn(state, navigator, memo: memo, "a move back")
    // Another list at the same size and scroll, unfiltered as the last: a province's
    // cities, then back.
    navigator.press([.enter], &state)
    drawn(state, navigator, memo: memo, "a province's cities")
    navigator.press([.special(.left, [])], &state)
    drawn(state, navigator, memo: memo, "back to the provinces")
    // Fewer rows: the list shows fewer items, and the prompt and status move up.
    _ = navigator.update(&state, .resize(Viewport(columns: 160, rows: 30)))
    drawn(state, navigator, memo: memo, "30 rows")
    // Narrow: the list's secondary columns no longer fit.
    _ = navigator.update(&state, .resize(Viewport(columns: 40, rows: 30)))
    drawn(state, navigator, memo: memo, "40 columns")
    // Fewer rows still: moving past the last row scrolls, a row at a time.
    _ = navigator.update(&state, .resize(Viewport(columns: 40, rows: 12)))
    drawn(state, navigator, memo: memo, "12 rows")
    for step in 1...8 {
      navigator.press([.special(.down, [])], &state)
      drawn(state, navigator, memo: memo, "12 rows, move \(step)")
    }
    #expect(state.top.scroll > 0)
    _ = navigator.update(&state, .resize(Viewport(columns: 160, rows: 40)))
    // A filter: the list and the marked characters change with each key.
    for (step, key) in "guang".map(Key.character).enumerated() {
      navigator.press([key], &state)
      drawn(state, navigator, memo: memo, "filter key \(step + 1)")
    }
    // Another look: no colour and no dim numbers (`--no-color`).
    drawn(state, navigator, memo: memo, palette: .init(colors: false, bold: false), "no colour")
    navigator.press([.backspace, .backspace], &state)
    drawn(state, navigator, memo: memo, "filter shortened")
    navigator.press([.escape], &state)
    drawn(state, navigator, memo: memo, "filter cleared")
  }

  @Test("the map comes into the kept preview when the outlines arrive")
  func outlinesArriving() {
    let catalog = BuiltInCatalog.catalog
    let outlines = MapOutlines(expected: true)
    let navigator = Navigator(
      catalog: catalog, matcher: Matcher(catalog: catalog), outlines: outlines)
    let memo = FrameMemo()
    var state = navigator.start(viewport: Viewport(columns: 160, rows: 40), policy: .fullScreen)
    state.top.selection = 9
    let before = drawn(state, navigator, memo: memo, "before the outlines")
    outlines.fill((try? CatalogOutlines.places(for: catalog)) ?? nil)
    let after = drawn(state, navigator, memo: memo, "the outlines here")
    // Braille dots (U+2800…) in the pane's lower rows now, none before.
    func dots(_ frame: Frame) -> Int {
      (0..<38).reduce(0) { sum, row in
        sum
          + frame.text(row: row).unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }
          .count
      }
    }
    #expect(dots(before) == 0 && dots(after) > 20)
  }

  @Test("a page arriving or found cached is said in the kept preview")
  func pageArriving() {
    let navigator = Navigator(
      catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
    let memo = FrameMemo()
    var state = navigator.start(viewport: Viewport(columns: 160, rows: 20), policy: .fullScreen)
    navigator.press([.enter], &state)  // a province's cities, each with its page
    guard let url = navigator.preview(for: state.top, at: state.top.selection)?.url else {
      Issue.record("the sample's first city has no page")
      return
    }
    _ = navigator.update(&state, .pageStored(url: url, bytes: nil))
    let notCached = drawn(state, navigator, memo: memo, "not cached")
    _ = navigator.update(&state, .pageStored(url: url, bytes: 2000))
    let cached = drawn(state, navigator, memo: memo, "cached")
    let address = URL(string: URLText.ascii(url)) ?? URL(fileURLWithPath: "/")
    let page = FetchedPage(
      requestedURL: address, finalURL: address, status: 200, reason: "OK",
      headers: ["Content-Type": "text/html; charset=utf-8"], body: Data("<p>正文</p>".utf8))
    state.pages[url] = .loaded(PageContent(page, width: 60))
    let loaded = drawn(state, navigator, memo: memo, "loaded")
    func says(_ frame: Frame, _ text: String) -> Bool {
      (0..<18).contains { frame.text(row: $0).contains(text) }
    }
    #expect(
      says(notCached, "not cached") && says(cached, "cached · 2.0 kB") && says(loaded, "loaded"))
  }

  @Test("a memo passed another catalog's navigator draws that catalog's names")
  func otherData() {
    func catalog(_ names: [String]) -> Catalog {
      Catalog(
        provinces: names.map { name in
          Province(
            name: name,
            cities: [City(name: name + "一市", url: "https://zh.wikipedia.org/wiki/" + name)])
        })
    }
    let memo = FrameMemo()
    // The same screen (provinces 0 and 1, the first selected) over two data sets.
    for (step, names) in [["甲省", "乙省"], ["丙省", "丁省"]].enumerated() {
      let data = catalog(names)
      let navigator = Navigator(catalog: data, matcher: Matcher(catalog: data))
      let state = navigator.start(
        viewport: Viewport(columns: 160, rows: 20), policy: .fullScreen)
      let frame = drawn(state, navigator, memo: memo, "data set \(step + 1)")
      #expect(frame.text(row: 1).contains(names[1]))
    }
  }

  @Test("a name put at once leaves the cells it leaves put a character at a time")
  func aNamePutWholeIsTheNameCharacterByCharacter() {
    var random = SeededGenerator(seed: 4705)
    let pieces = ["北京", "市", "a", "Ü", "e\u{301}", "😀", "👩\u{200D}💻", "\u{2060}", "ｗ", " ", "区"]
    for round in 0..<500 {
      let label = (0..<Int.random(in: 0...8, using: &random)).map { _ in
        pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }.joined()
      let width = Int.random(in: 1...16, using: &random)
      let column = Int.random(in: 0...4, using: &random)
      let selected = Bool.random(using: &random)
      var whole = Frame(rows: 1, columns: 20)
      whole.put("xxxxxxxxxxxxxxxxxxxx", row: 0, column: 0)
      var loop = whole
      FullScreenRenderer.drawName(
        label, marked: [], selected: selected, palette: palette, width: width, row: 0,
        column: column, into: &whole)
      FullScreenRenderer.drawName(
        label, marked: [], selected: selected, palette: palette, width: width, row: 0,
        column: column, whole: false, into: &loop)
      if whole != loop {
        Issue.record(
          "round \(round): \(label.debugDescription) at \(column) in \(width): \(whole.text(row: 0)) is not \(loop.text(row: 0))"
        )
        return
      }
    }
  }
}
