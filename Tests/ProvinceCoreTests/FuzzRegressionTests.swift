import Foundation
import TestFixtures
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import TextSupport

/// Inputs that libFuzzer found to break an invariant (see Fuzz/README.md), replayed the way
/// the harness in Fuzz/Targets/ fed them, so each finding stays fixed.
@Suite struct FuzzRegressionTests {
  /// True when `text` holds a C0 or C1 control, which could drive the terminal.
  private func hasControls(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
  }

  @Test func aJSONKeyWithALineBreakDoesNotReachTheDiagnosticUnsanitised() throws {
    // loader: `{"\name":"aK"b\\c\n...` — the province key "\n" + "ame" went into the
    // diagnostic's key path raw, so a data file could put escapes on the terminal.
    let input = try #require(
      Data(base64Encoded: "eyJcbmFtZSI6ImFLImJcXGNcbgAAACFcdWTLNmRcL2WAXC8vAAAAAAAAAFtdfQ=="))
    let result = CatalogLoader.load(input, source: "fuzz.plist")
    #expect(!result.diagnostics.isEmpty)
    for diagnostic in result.diagnostics {
      #expect(!hasControls(diagnostic.description), "\(diagnostic.description.debugDescription)")
    }
  }

  @Test func aKeyPathWithAnEscapeIsShownWithoutIt() {
    let diagnostic = Diagnostic(
      .warning, source: "f.json", at: .keyPath("\u{1B}[2J省[0]"), "missing 'url'")
    #expect(diagnostic.description == "f.json: \u{FFFD}[2J省[0]: warning: missing 'url'")
  }

  @Test func goingBackAfterAResizeLandsOnAPageThatStillExists() throws {
    // commands: `4`, `n` (page 2 of the 45 cities), junk, `20` (a detail screen), `n`,
    // `!099x60` (a resize that fits every city on one page), `b` — back on "page 2/1".
    // The junk's `x!5` is a filter, which narrows the list in place to nothing: `clear`
    // (added to the input found) gives the 45 back, as the fuzzer's run had them.
    let input = try #require(Data(base64Encoded: "NApuCm60cBoKeCE1CjIwCm4KITA5OXg2MApiCg=="))
    var lines = String(decoding: input, as: UTF8.self).split(separator: "\n").map(String.init)
    lines.insert("clear", at: try #require(lines.firstIndex(of: "x!5")) + 1)
    let navigator = Navigator(catalog: Self.catalog, matcher: Matcher(catalog: Self.catalog))
    var state = navigator.start(viewport: Viewport(columns: 40, rows: 12))
    for line in lines {
      _ = navigator.update(&state, Self.command(line))
      #expect(
        navigator.linePage(state) < navigator.pageCount(state), "after \(line.debugDescription)")
    }
    #expect(state.top.kind == .cities(province: 3, (0..<45).map { CityRef(province: 3, city: $0) }))
  }

  /// As the commands harness reads a line: `!<columns>x<rows>` is a resize.
  private static func command(_ line: String) -> NavigationCommand {
    let parts = line.dropFirst().split(separator: "x", maxSplits: 1)
    if line.hasPrefix("!"), parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1])
    {
      return .resize(Viewport(columns: columns, rows: rows))
    }
    return NavigationCommand.parse(line)
  }

  /// The shape of the commands harness's catalog that the findings depend on: a fourth
  /// province with enough cities for several pages.
  private static let catalog = Catalog(provinces: [
    Province(name: "广东省", cities: [City(name: "广州市", url: "https://example.com/gz")]),
    Province(name: "北京市", cities: [City(name: "北京市", url: "https://example.com/bj")]),
    Province(name: "Evil\u{1B}[31m省", cities: [City(name: "清屏市", url: "https://example.com/")]),
    Province(
      name: "多页省",
      cities: (1...45).map { City(name: "城市\($0)号", url: "https://example.com/\($0)") }),
  ])
}
