import TerminalUI
import Testing
import TextSupport

@testable import BuiltInCatalog
@testable import CatalogModel
@testable import ProvinceCore

/// `/` in the full screen and `-p` on the command line reading places as `--address`
/// does: a code is a code, not a row number; a former name finds today's division and
/// says so. On the built-in data; every code typed from knowledge of the places.
@Suite struct SearchResolverTests {
  static let catalog = BuiltInCatalog.catalog
  let navigator = Navigator(
    catalog: Self.catalog, matcher: Matcher(catalog: Self.catalog),
    history: BuiltInCatalog.history, variants: BuiltInCatalog.variants)

  func search(_ text: String) -> NavigationState {
    var state = navigator.start(
      viewport: Viewport(columns: 100, rows: 30), policy: .fullScreen)
    for key in [Key.character("/")] + text.map(Key.character) {
      if let command = KeyMap.command(for: key, in: state, navigator: navigator) {
        _ = navigator.update(&state, command)
      }
    }
    navigator.settle(&state)
    return state
  }

  func codes(_ state: NavigationState) -> [String] {
    guard case .search(_, let refs) = state.top.kind else { return [] }
    return refs.compactMap { Self.catalog[$0].code }
  }

  @Test func digitsTypedInASearchAreACodeNotARowNumber() {
    let state = search("320583")
    #expect(codes(state) == ["320583"])
    #expect(state.top.selection == 0)
  }

  @Test func aFormerNameFindsTodaysDivisionAndSaysSo() {
    let zhabei = search("闸北")
    #expect(codes(zhabei) == ["310106"])
    #expect(zhabei.message?.contains("静安区") == true)
    #expect(zhabei.message?.contains("2015") == true)
    // Shown while the search is typed, where the keys' hint would be.
    #expect(FullScreenRenderer.editorNote(zhabei).contains("闸北区 (until 2015) is now 静安区."))
    #expect(codes(search("zhabei")) == ["310106"])
  }

  @Test func aPastedAddressFindsItsDivision() {
    #expect(codes(search("浙江省杭州市西湖区文三路90号")) == ["330106"])
  }

  @Test func aProvinceIsTakenByItsCode() {
    let matcher = Matcher(catalog: Self.catalog)
    for code in ["32", "320000"] {
      guard case .unique(let index) = matcher.province(code) else {
        Issue.record("\(code) named no one province")
        continue
      }
      #expect(Self.catalog.provinces[index].name == "江苏省")
    }
    if case .unique = matcher.province("39") { Issue.record("39 is no province's code") }
  }

  @Test func aSearchsFormerRowsHaveTheCurrentRowsColumns() throws {
    var options = try OptionParser.parse(["--search", "崇文", "--format", "tsv"])
    options.format = .tsv
    guard case .catalog(let job) = options.mode,
      case .report(let report) = JobPlanner(
        catalog: Self.catalog, matcher: Matcher(catalog: Self.catalog), options: options,
        inputIsTerminal: false, outputIsTerminal: false, history: BuiltInCatalog.history
      ).plan(job)
    else {
      Issue.record("no report")
      return
    }
    let rows = report.output.joined().split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false)
    }
    // Townships named 崇文 (崇文门外街道…), then 崇文区, withdrawn in 2010: one shape.
    #expect(rows.count > 2)
    #expect(Set(rows.map(\.count)).count == 1)
    #expect(rows.last?.first == "北京市")
    #expect(rows.last?.contains("崇文区") == true)
    // The level column says what became of it, and the code column has its former code.
    let level = try #require(PlaceRecord.Layout.search.fields.firstIndex(of: .level))
    let code = try #require(PlaceRecord.Layout.search.fields.firstIndex(of: .code))
    #expect(rows.last?[level] == "withdrawn")
    #expect(rows.last?[code] == "110103")
  }
}
