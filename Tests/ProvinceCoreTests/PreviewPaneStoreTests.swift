import BuiltInCatalog
import CatalogModel
import TerminalUI
import Testing
import TextSupport

@testable import ProvinceCore

/// The preview pane drawn once per item and copied after: a move costs what changes.
@Suite("The preview pane is drawn once per item")
struct PreviewPaneStoreTests {
  let palette = FullScreenRenderer.Palette(colors: true)

  /// The built-in menu of provinces at 160×40 with its outlines ready, at `selection`.
  func menu(_ selection: Int) -> (Navigator, NavigationState) {
    let catalog = BuiltInCatalog.catalog
    // The outlines at hand, as a session has them once decoded off its loop's thread.
    let navigator = Navigator(
      catalog: catalog, matcher: Matcher(catalog: catalog), outlines: .made(for: catalog))
    var state = navigator.start(
      viewport: Viewport(columns: 160, rows: 40), policy: .fullScreen)
    state.top.selection = selection
    return (navigator, state)
  }

  @Test("moving down and back draws each item's pane once, and shows the same frame again")
  func aMoveBackCopiesThePane() {
    let store = PaneStore()
    let (navigator, first) = menu(9)
    let before = FullScreenRenderer.frame(
      first, navigator: navigator, palette: palette, panes: store)
    #expect(store.drawn == 1)
    var next = first
    next.top.selection = 10
    _ = FullScreenRenderer.frame(next, navigator: navigator, palette: palette, panes: store)
    #expect(store.drawn == 2)
    let back = FullScreenRenderer.frame(first, navigator: navigator, palette: palette, panes: store)
    #expect(store.drawn == 2)
    #expect(back == before)
    // The copy is the pane drawn afresh, cell for cell, styles and map included.
    let fresh = FullScreenRenderer.frame(
      first, navigator: navigator, palette: palette, panes: PaneStore())
    #expect(back == fresh)
  }

  @Test("the copied pane sits right of the list: its rule in column 96, the name in 98")
  func thePaneIsWhereItWasDrawn() {
    let (navigator, state) = menu(9)  // the tenth province, 江苏省, in the built-in order
    #expect(navigator.name(for: state.top, at: 9) == "江苏省")
    let store = PaneStore()
    _ = FullScreenRenderer.frame(state, navigator: navigator, palette: palette, panes: store)
    let frame = FullScreenRenderer.frame(
      state, navigator: navigator, palette: palette, panes: store)
    #expect(store.drawn == 1)
    // 160 columns: the list takes 96, the pane (two fifths) the other 64.
    #expect(frame[0, 96].text == "│" && frame[0, 95].text == " " && frame[0, 97].text == " ")
    #expect(frame[0, 98].text == "江" && frame[0, 98].style.bold && frame[0, 99].isContinuation)
    #expect(frame[0, 100].text == "苏" && frame[0, 102].text == "省")
    #expect((0..<38).allSatisfy { frame[$0, 96].text == "│" })
    #expect(frame[38, 96].text != "│")  // the prompt row has no rule
  }

  @Test("a menu move at 160×40 writes the two rows whose mark moved, the pane and the count")
  func aMoveWritesOnlyChangedRows() {
    let store = PaneStore()
    let (navigator, first) = menu(9)
    var next = first
    next.top.selection = 10
    let before = FullScreenRenderer.frame(
      first, navigator: navigator, palette: palette, panes: store)
    let after = FullScreenRenderer.frame(
      next, navigator: navigator, palette: palette, panes: store)
    let output = FrameDiff.output(from: before, to: after)
    // Where the output moves the cursor (CUP, 1-based: ESC [ row ; column H, or ESC [ row H).
    var moves: [(row: Int, column: Int)] = []
    for part in output.split(separator: "\u{1B}") where part.hasPrefix("[") {
      guard let end = part.firstIndex(of: "H") else { continue }
      let numbers = part.dropFirst()[..<end].split(separator: ";").compactMap { Int($0) }
      guard let row = numbers.first else { continue }
      moves.append((row - 1, (numbers.count > 1 ? numbers[1] : 1) - 1))
    }
    let rows = Set(moves.map(\.row))
    // Rows 9 and 10 (0-based) lose and gain the mark; the status bar counts 11 / 34.
    #expect(rows.isSuperset(of: [9, 10, 39]))
    // The hint line is left alone, and the list's other rows too: what is written in
    // them is the pane's (from column 96 on).
    #expect(!rows.contains(38))
    #expect(moves.allSatisfy { [9, 10, 39].contains($0.row) || $0.column >= 96 })
  }
}
