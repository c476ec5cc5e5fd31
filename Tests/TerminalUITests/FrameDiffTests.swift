import TerminalUI
import TestFixtures
import Testing

@Suite struct FrameDiffTests {
  /// Shows `previous` on a junk-filled test terminal, applies the diff to `next` and
  /// returns the first difference from `next` (nil when the screen is exactly `next`).
  func check(from previous: Frame?, to next: Frame) -> String? {
    var terminal = TestTerminal(rows: next.rows, columns: next.columns)
    if let previous, previous.rows == next.rows, previous.columns == next.columns {
      terminal.apply(FrameDiff.output(from: nil, to: previous))
      if let problem = terminal.difference(from: previous) { return "drawing previous: \(problem)" }
    }
    terminal.apply(FrameDiff.output(from: previous, to: next))
    return terminal.difference(from: next)
  }

  /// A menu like the browser's, `selected` highlighted across the whole width.
  static func menu(rows: Int, columns: Int, selected: Int) -> Frame {
    var frame = Frame(rows: rows, columns: columns)
    frame.put("中国 › 广东省", row: 0, column: 0, style: Style(bold: true))
    let names = ["广州市 Guangzhou", "深圳市 Shenzhen", "珠海市 Zhuhai", "汕头市 Shantou"]
    for row in 1..<rows - 1 {
      let style: Style = row == selected ? .highlight : .plain
      if row == selected { frame.fill(row: row, columns: 0..<columns, style: style) }
      frame.put("\(row). \(names[row % names.count])", row: row, column: 2, style: style)
    }
    frame.put(
      "↑↓ move  Enter open  / filter  q quit", row: rows - 1, column: 0, style: Style(dim: true))
    return frame
  }

  @Test func aFirstFrameIsDrawnAfterClearingTheScreen() {
    let frame = Self.menu(rows: 5, columns: 20, selected: 2)
    let output = FrameDiff.output(from: nil, to: frame)
    #expect(output.hasPrefix("\u{1B}[?25l\u{1B}[0m\u{1B}[H\u{1B}[2J"))
    #expect(check(from: nil, to: frame) == nil)
  }

  @Test func equalFramesNeedNoOutput() {
    let frame = Self.menu(rows: 5, columns: 20, selected: 2)
    #expect(FrameDiff.output(from: frame, to: frame) == "")
  }

  @Test func movingTheHighlightOnASmallMenuRedrawsExactlyTheNextFrame() {
    let before = Self.menu(rows: 5, columns: 20, selected: 1)
    let after = Self.menu(rows: 5, columns: 20, selected: 2)
    #expect(check(from: before, to: after) == nil)
    #expect(check(from: after, to: before) == nil)
    // Rows 0, 3 and 4 are unchanged, so nothing is sent for them.
    let output = FrameDiff.output(from: before, to: after)
    #expect(!output.contains("\u{1B}[1H") && !output.contains("\u{1B}[4H"))
    #expect(!output.contains("\u{1B}[5H"))
  }

  @Test func movingTheHighlightOnAWideMenuTakesUnderOneKilobyte() {
    let before = Self.menu(rows: 30, columns: 100, selected: 3)
    let after = Self.menu(rows: 30, columns: 100, selected: 4)
    let output = FrameDiff.output(from: before, to: after)
    #expect(output.utf8.count < 1000, "\(output.utf8.count) bytes")
    #expect(output.utf8.count * 3 < FrameDiff.output(from: nil, to: after).utf8.count)
    #expect(check(from: before, to: after) == nil)
  }

  @Test func theStyleIsSetOnlyWhenItChanges() {
    let before = Frame(rows: 1, columns: 30)
    var after = before
    after.put("广州市 Guangzhou", row: 0, column: 0, style: .highlight)
    let output = FrameDiff.output(from: before, to: after)
    #expect(output.components(separatedBy: "\u{1B}[0;7m").count == 2)
    #expect(output.hasSuffix("\u{1B}[0m"))
    #expect(check(from: before, to: after) == nil)
  }

  @Test func onlyChangedCellsAreWritten() {
    var before = Frame(rows: 3, columns: 20)
    before.put("Guangzhou", row: 1, column: 0)
    var after = before
    after.put("X", row: 1, column: 5)
    #expect(FrameDiff.output(from: before, to: after) == "\u{1B}[?25l\u{1B}[2;6HX")
  }

  @Test func aShorterLineIsClearedWithEraseToEndOfLine() {
    var before = Frame(rows: 2, columns: 40)
    before.put("A long line of text that will be shortened", row: 1, column: 0)
    var after = Frame(rows: 2, columns: 40)
    after.put("A long", row: 1, column: 0)
    #expect(FrameDiff.output(from: before, to: after) == "\u{1B}[?25l\u{1B}[2;8H\u{1B}[K")
    #expect(check(from: before, to: after) == nil)
  }

  @Test func aNewSizeRedrawsEverything() {
    let before = Self.menu(rows: 5, columns: 20, selected: 1)
    let after = Self.menu(rows: 6, columns: 24, selected: 1)
    #expect(FrameDiff.output(from: before, to: after).contains("\u{1B}[2J"))
    #expect(check(from: before, to: after) == nil)
  }

  @Test func chineseAtTheRightEdgeIsDrawnWithoutAPartialCharacter() {
    var before = Frame(rows: 3, columns: 7)
    before.put("abc广州市", row: 0, column: 0)
    before.put("广州市深圳", row: 1, column: 1)
    before.put("xxxxxxx", row: 2, column: 0)
    #expect(before.text(row: 0) == "abc广州")
    #expect(before.text(row: 1) == " 广州市")
    var after = before
    after.put("z", row: 0, column: 6)
    after.put("深", row: 1, column: 2)
    after.put("市", row: 2, column: 5)
    after.put("a", row: 2, column: 0)
    #expect(check(from: nil, to: before) == nil)
    #expect(check(from: before, to: after) == nil)
    #expect(check(from: after, to: before) == nil)
  }

  @Test func narrowTextReplacingWideTextAndBackIsExact() {
    var wide = Frame(rows: 1, columns: 10)
    wide.put("广州深圳珠", row: 0, column: 0)
    var narrow = Frame(rows: 1, columns: 10)
    narrow.put(" abcdefgh ", row: 0, column: 0)
    var shifted = Frame(rows: 1, columns: 10)
    shifted.put("x广州深圳", row: 0, column: 0)
    for (a, b) in [(wide, narrow), (narrow, wide), (wide, shifted), (shifted, wide)] {
      #expect(check(from: a, to: b) == nil)
    }
  }

  @Test func theCursorIsLeftShownWhereTheFrameWantsIt() {
    var before = Self.menu(rows: 5, columns: 20, selected: 1)
    before.fill(row: 4, columns: 0..<20)
    before.put("/广", row: 4, column: 0)
    var after = before
    after.cursor = CursorPosition(row: 4, column: 3)
    let output = FrameDiff.output(from: before, to: after)
    #expect(output == "\u{1B}[5;4H\u{1B}[?25h")
    #expect(check(from: before, to: after) == nil)
    var typed = after
    typed.put("州", row: 4, column: 3)
    typed.cursor = CursorPosition(row: 4, column: 5)
    #expect(FrameDiff.output(from: after, to: typed).hasSuffix("\u{1B}[5;6H\u{1B}[?25h"))
    #expect(check(from: after, to: typed) == nil)
    #expect(FrameDiff.output(from: typed, to: before) == "\u{1B}[?25l\u{1B}[5;4H\u{1B}[K")
  }

  @Test func hidingTheCursorAloneSendsOnlyThat() {
    var before = Frame(rows: 2, columns: 4)
    before.cursor = CursorPosition(row: 1, column: 1)
    #expect(FrameDiff.output(from: before, to: Frame(rows: 2, columns: 4)) == "\u{1B}[?25l")
  }

  @Test func theBottomRightCellIsDrawnWithoutRelyingOnWrap() {
    var before = Frame(rows: 2, columns: 3)
    before.put("abc", row: 0, column: 0)
    before.put("def", row: 1, column: 0)
    var after = before
    after.put("XY", row: 0, column: 1)
    after.put("Z", row: 1, column: 0)
    after.put("W", row: 1, column: 2)
    #expect(check(from: before, to: after) == nil)
  }

  // MARK: - Random frames

  static let pieces = [
    "a", "Menu", "广州", "深圳市", "e\u{301}", "x", " ", "中", "１２", "😀", "ab中cd", "\u{1B}[31m",
    "Ünïcödé", "  ", "北京 Beijing", "市",
  ]
  static let styles: [Style] = [
    .plain, .plain, .highlight, Style(bold: true), Style(dim: true, foreground: .red),
    Style(underline: true, background: .blue), Style(foreground: .brightCyan),
    Style(bold: true, reverse: true, foreground: .yellow, background: .black),
  ]

  static func scribble(on frame: inout Frame, times: Int, using random: inout SeededGenerator) {
    for _ in 0..<times {
      let row = Int.random(in: 0..<frame.rows, using: &random)
      let column = Int.random(in: -2...frame.columns, using: &random)
      let style = styles[Int.random(in: 0..<styles.count, using: &random)]
      if Int.random(in: 0..<8, using: &random) == 0 {
        let end = Int.random(in: 0...frame.columns, using: &random)
        frame.fill(row: row, columns: max(column, 0)..<max(column, end), style: style)
      } else {
        let count = Int.random(in: 1...4, using: &random)
        let text = (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }
        frame.put(text.joined(), row: row, column: column, style: style)
      }
    }
    frame.cursor =
      Bool.random(using: &random)
      ? nil
      : CursorPosition(
        row: Int.random(in: 0..<frame.rows, using: &random),
        column: Int.random(in: 0..<frame.columns, using: &random))
  }

  @Test(arguments: [(1, 1), (1, 2), (2, 3), (5, 20), (8, 13), (30, 100)])
  func applyingTheDiffOfRandomFramesShowsExactlyTheNextFrame(rows: Int, columns: Int) {
    var random = SeededGenerator(seed: UInt64(rows * 1000 + columns))
    for round in 0..<150 {
      var previous = Frame(rows: rows, columns: columns)
      Self.scribble(on: &previous, times: rows * 2, using: &random)
      var next = previous
      if round % 3 == 0 { next = Frame(rows: rows, columns: columns) }
      Self.scribble(on: &next, times: Int.random(in: 1...rows * 2, using: &random), using: &random)
      if let problem = check(from: previous, to: next) {
        Issue.record("round \(round): \(problem)")
        return
      }
    }
  }

  @Test func aLongRandomSessionStaysInStepWithTheFrames() {
    var random = SeededGenerator(seed: 2024)
    var terminal = TestTerminal(rows: 12, columns: 31)
    var shown: Frame?
    var frame = Frame(rows: 12, columns: 31)
    for step in 0..<500 {
      Self.scribble(on: &frame, times: Int.random(in: 0...5, using: &random), using: &random)
      terminal.apply(FrameDiff.output(from: shown, to: frame))
      if let problem = terminal.difference(from: frame) {
        Issue.record("step \(step): \(problem)")
        return
      }
      shown = frame
    }
  }

  @Test("a change in one row of a 160×40 frame writes that row alone, from its first changed cell")
  func oneChangedRowIsTheOnlyRowWritten() {
    var before = Frame(rows: 40, columns: 160)
    for row in 0..<40 { before.put("第\(row)行 row \(row) │ 江苏省 ⣿⣿⡇", row: row, column: 0) }
    var after = before
    after.put("X", row: 17, column: 9)
    let output = FrameDiff.output(from: before, to: after)
    // One cursor move (row 18, column 10, 1-based), the cell, and the cursor hidden.
    #expect(output == "\u{1B}[?25l\u{1B}[18;10HX")
    #expect(check(from: before, to: after) == nil)
  }
}
