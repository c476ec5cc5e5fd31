import FetchModel
import Foundation
import TerminalUI
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

/// Full-screen frames read back cell by cell: what is where, and that nothing spills.
@Suite struct FullScreenRendererTests {
  let palette = FullScreenRenderer.Palette(colors: false)

  func frame(
    _ catalog: Catalog, columns: Int, rows: Int,
    _ change: (Navigator, inout NavigationState) -> Void = { _, _ in }
  )
    -> Frame
  {
    let navigator = Navigator(catalog: catalog, matcher: Matcher(catalog: catalog))
    var state = navigator.start(
      viewport: Viewport(columns: columns, rows: rows), policy: .fullScreen)
    change(navigator, &state)
    return FullScreenRenderer.frame(state, navigator: navigator, palette: palette)
  }

  /// Every wide character has its right half beside it, inside the frame.
  func wideCharactersAreWhole(_ frame: Frame) -> Bool {
    for row in 0..<frame.rows {
      for column in 0..<frame.columns {
        let cell = frame[row, column]
        if cell.width == 2
          && (column + 1 >= frame.columns || !frame[row, column + 1].isContinuation)
        {
          return false
        }
        if cell.isContinuation && (column == 0 || frame[row, column - 1].width != 2) {
          return false
        }
      }
    }
    return true
  }

  @Test func aTwentyByFiveWindowHoldsThreeItemsAPromptAndTheStatus() {
    let drawn = frame(SampleCatalog.catalog, columns: 20, rows: 5)
    #expect(drawn.rows == 5 && drawn.columns == 20)
    #expect(drawn.text(row: 0) == " 1 北京市           ")
    #expect(drawn.text(row: 2).hasPrefix(" 3 辽宁省"))
    #expect(drawn.text(row: 4).hasSuffix(" 1 / 5 "))
    #expect(drawn.text(row: 4).hasPrefix(" 省份信息"))
    #expect(drawn[0, 5].style.reverse)
    #expect(!drawn[1, 5].style.reverse)
    #expect(wideCharactersAreWhole(drawn))
  }

  @Test func aWideCharacterThatDoesNotFitAtTheRightEdgeIsABlank() {
    // " 1 " takes 3 cells; at 10 columns 3½ characters fit: the half becomes a space.
    let long = Catalog(provinces: [
      Province(name: "新疆维吾尔自治区", cities: [City(name: "甲", url: "https://a.test/")])
    ])
    let drawn = frame(long, columns: 10, rows: 5)
    #expect(drawn.text(row: 0) == " 1 新疆维 ")
    #expect(drawn[0, 9].text == " ")
    #expect(wideCharactersAreWhole(drawn))
    let odd = frame(long, columns: 9, rows: 5)
    #expect(odd.text(row: 0) == " 1 新疆维")
    #expect(wideCharactersAreWhole(odd))
  }

  @Test func theMatchedCharactersOfAPinyinFilterAreHighlighted() {
    let drawn = frame(SampleCatalog.catalog, columns: 30, rows: 8) { navigator, state in
      navigator.press("gd".map(Key.character), &state)
    }
    #expect(drawn.text(row: 0).hasPrefix(" 1 广东省"))
    // 广 and 东 are what g and d matched; 省 is not.
    #expect(drawn[0, 3].style.bold && drawn[0, 5].style.bold)
    #expect(!drawn[0, 7].style.bold)
    #expect(drawn.text(row: 6).hasPrefix("filter: gd"))
    #expect(drawn.cursor == CursorPosition(row: 6, column: 10))
  }

  @Test func aFilterRestoredByGoingBackIsDrawnSelectedUntilAKeyReplacesIt() {
    // The prompt row of an 8-row frame is row 6; the field starts after "filter: ".
    let back = frame(SampleCatalog.catalog, columns: 30, rows: 8) { navigator, state in
      navigator.press("gd".map(Key.character) + [.enter, .left], &state)
    }
    #expect(back.text(row: 6).hasPrefix("filter: gd"))
    // Inverse video: seen without colour, as a text field's selection.
    #expect(back[6, 8].style.reverse && back[6, 9].style.reverse)
    #expect(!back[6, 7].style.reverse && !back[6, 10].style.reverse)
    let typed = frame(SampleCatalog.catalog, columns: 30, rows: 8) { navigator, state in
      navigator.press("gd".map(Key.character) + [.enter, .left, .character("l")], &state)
    }
    #expect(typed.text(row: 6).hasPrefix("filter: l "))
    #expect(!typed[6, 8].style.reverse)
  }

  /// The hints name keys from the key table; these are the words they have always had
  /// (Enter, Esc, ↑ ↓, PgUp PgDn, q), kept while the keys stay where they are.
  @Test func theHintsNameTheKeysOfTheKeyTable() {
    func prompt(_ keys: [Key]) -> String {
      frame(SampleCatalog.catalog, columns: 100, rows: 8) { navigator, state in
        navigator.press(keys, &state)
      }.text(row: 6)
    }
    #expect(
      prompt([.character("?")]).hasPrefix("↑ ↓ PgUp PgDn scroll · any other key closes this help"))
    #expect(
      prompt([.character("2")]).hasPrefix(
        "jump: 2   Enter open · another digit within a second adds to it"))
    let filtering = prompt("gd".map(Key.character))
    #expect(filtering.contains("   ↑ ↓ move · Enter open · "))
    #expect(filtering.contains(" · q is text"))
    let finding = frame(SampleCatalog.catalog, columns: 100, rows: 8) { navigator, state in
      navigator.press([.enter, .enter], &state)
      let url = navigator.pageURL(of: state.top) ?? ""
      let address = URL(string: URLText.ascii(url)) ?? URL(fileURLWithPath: "/")
      let page = FetchedPage(
        requestedURL: address, finalURL: address, status: 200, reason: "OK",
        headers: ["Content-Type": "text/html; charset=utf-8"], body: Data("<p>正文</p>".utf8))
      _ = navigator.update(&state, .pageLoaded(url: url, PageContent(page, width: 100)))
      navigator.press([.character("/")], &state)
    }
    #expect(finding.text(row: 6).contains("   Enter find · Esc never mind"))
    let nothing = frame(SampleCatalog.catalog, columns: 100, rows: 8) { navigator, state in
      navigator.press([.character("/")] + "zzzz".map(Key.character), &state)
    }
    #expect(nothing.text(row: 0).hasPrefix(" Nothing matches; Esc clears the filter."))
  }

  @Test func aLongPathIsCutInTheMiddleSoTheCountStays() {
    let cut = FullScreenRenderer.middleCut("省份信息 › 广东省 › 广州市", toWidth: 12)
    #expect(TerminalText.width(cut) <= 12)
    #expect(cut.hasPrefix("省份"))
    #expect(cut.hasSuffix("州市"))
    #expect(cut.contains("…"))
  }

  @Test func aPageOfAnyTitleFitsTheFrame() {
    let drawn = frame(SampleCatalog.catalog, columns: 20, rows: 5) { navigator, state in
      _ = navigator.update(&state, .choose)
      _ = navigator.update(&state, .choose)
    }
    #expect(drawn.text(row: 0).hasPrefix("  Province 北京市"))
    #expect(drawn.text(row: 4).contains("loading"))
    #expect(wideCharactersAreWhole(drawn))
  }

  @Test(arguments: [(1, 1), (2, 1), (1, 3), (5, 2), (3, 4)])
  func aTinyWindowStillGetsAFrameOfItsSize(columns: Int, rows: Int) {
    for open in 0..<3 {
      let drawn = frame(SampleCatalog.catalog, columns: columns, rows: rows) { navigator, state in
        for _ in 0..<open { _ = navigator.update(&state, .choose) }
      }
      #expect(drawn.rows == rows && drawn.columns == columns)
      #expect(wideCharactersAreWhole(drawn))
    }
  }

  @Test func aPageSearchMatchInsideALinkIsStillMarked() {
    let drawn = frame(SampleCatalog.catalog, columns: 40, rows: 12) { navigator, state in
      for command in [NavigationCommand.move(1), .choose, .choose] {
        _ = navigator.update(&state, command)
      }
      let url = navigator.pageURL(of: state.top) ?? ""
      let address = URL(string: URLText.ascii(url)) ?? URL(fileURLWithPath: "/")
      let page = FetchedPage(
        requestedURL: address, finalURL: address, status: 200, reason: "OK",
        headers: ["Content-Type": "text/html; charset=utf-8"],
        body: Data("<p>前文 <a href=\"https://a.test/\">目标链接</a></p>".utf8))
      _ = navigator.update(&state, .pageLoaded(url: url, PageContent(page, width: 40)))
      state.top.pageQuery = "目标"
    }
    let row = (0..<drawn.rows).first { drawn.text(row: $0).contains("目标链接") }
    #expect(row != nil)
    if let row {
      let column = TerminalText.width(String(drawn.text(row: row).prefix { $0 != "目" }))
      // The link is underlined; the match on it is bold too (colour aside).
      #expect(drawn[row, column].style.bold)
      #expect(drawn[row, column].style.underline)
    }
  }
}
