import Foundation

/// libFuzzer target: each input line through `NavigationCommand.parse`, the commands through a
/// Navigator over a small hostile catalog, and every state through `ScreenRenderer.render`.
/// A line `!<columns>x<rows>` is a resize and a first line `!pick` picks: the parser never makes
/// either. Checks that plain output has no controls at all and fits the width, and that styled
/// output has no escape but the style's own.
func fuzzCommands(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let pick = lines.first == "!pick"
  if pick { lines.removeFirst() }
  let navigator = Navigator(
    catalog: fuzzCatalog, matcher: fuzzMatcher, mode: pick ? .pick : .browse)
  var state = navigator.start(viewport: Viewport(columns: 40, rows: 12))
  check(state, navigator)
  for line in lines.prefix(64) {
    let effect = navigator.update(&state, command(line))
    if state.stack.isEmpty { fail("empty stack after \(line.debugDescription)") }
    if state.top.isMenu && !(0..<navigator.pageCount(state)).contains(state.top.page) {
      fail("page \(state.top.page) of \(navigator.pageCount(state))")
    }
    check(state, navigator)
    if case .exit = effect { break }
    if case .picked = effect { break }
  }
  return 0
}

private func command(_ line: String) -> NavigationCommand {
  guard line.hasPrefix("!") else { return NavigationCommand.parse(line) }
  let parts = line.dropFirst().split(separator: "x", maxSplits: 1)
  guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
    abs(columns) <= 1000, abs(rows) <= 1000
  else { return NavigationCommand.parse(line) }
  return .resize(Viewport(columns: columns, rows: rows))
}

private func check(_ state: NavigationState, _ navigator: Navigator) {
  let columns = state.viewport.columns
  for line in ScreenRenderer.render(state, navigator: navigator, style: .plain) {
    for scalar in line.unicodeScalars
    where scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
      fail("plain line has U+\(String(scalar.value, radix: 16)): \(line.debugDescription)")
    }
    if TerminalText.width(line) > columns {
      fail("line wider than \(columns): \(line.debugDescription)")
    }
  }
  let style = TextStyle(enabled: true)
  for line in ScreenRenderer.render(state, navigator: navigator, style: style) {
    var rest = Substring(line)
    for code in ["0", "1", "2", "33", "36"] {
      rest = Substring(rest.replacingOccurrences(of: "\u{1B}[\(code)m", with: ""))
    }
    if rest.unicodeScalars.contains("\u{1B}") {
      fail("styled line has a foreign escape: \(line.debugDescription)")
    }
  }
}

/// Names with escapes, controls, bidi overrides, wide and combining characters, and enough
/// cities in one province to need several pages.
private let fuzzCatalog: Catalog = {
  func city(_ name: String, _ code: String? = nil, _ pinyin: String? = nil) -> City {
    City(name: name, url: "https://example.com/\(name)\u{1B}]8;;x\u{7}", code: code, pinyin: pinyin)
  }
  let many = (1...45).map { city("城市\($0)号", "\(440_100 + $0)") }
  return Catalog(provinces: [
    Province(name: "广东省", cities: [city("广州市", "440100"), city("深圳市", nil, "shenzhen")]),
    Province(name: "北京市", cities: [city("北京市", "110000")]),
    Province(
      name: "Evil\u{1B}[31m省\u{202E}",
      cities: [
        city("\u{1B}[2J清屏市\u{7}"), city("e\u{301}\u{200B}市\u{85}", "\u{1B}c"),
        city(String(repeating: "长", count: 60)),
      ]),
    Province(name: "多页省", cities: many),
    Province(name: "", cities: []),
    Province(name: "台湾省", cities: [city("台北市\t\r\n", nil, "tai\u{1B}bei")]),
  ])
}()

private let fuzzMatcher = Matcher(catalog: fuzzCatalog)
