import Foundation
import TestSupport
import Testing

@testable import TextSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The full screen's keys as fzf, less and w3m users expect them, typed on a
/// pseudo-terminal and read back from the screen.
@Suite(.serialized, .timeLimit(.minutes(3))) struct FullScreenKeysTests {
  static let up = "\u{1B}[A"
  static let down = "\u{1B}[B"
  static let left = "\u{1B}[D"
  static let escape = "\u{1B}"
  static let article = "/keys/article"
  static let noLinks = "/keys/plain"

  /// Provinces whose pinyin starts with j, k and q, and enough of them (12) for a number
  /// of two digits; 广州市 is the long page, 深圳市 never answers, 珠海市 has no links,
  /// 东莞市 is an article with long paragraphs and a reader view.
  func dataFile(_ server: TestHTTPServer) throws -> String {
    func city(_ name: String, _ path: String) -> String {
      "<dict><key>name</key><string>\(name)</string><key>url</key><string>"
        + "\(server.baseURL)\(path)</string></dict>"
    }
    let long = TestHTTPServer.ScreenPath.longPage
    var plist = "<plist><dict>"
    for (index, name) in Self.provinces.dropLast().enumerated() {
      plist += "<key>\(name)</key><array>\(city("城\(index)区", long))</array>"
    }
    plist +=
      "<key>广东省</key><array>\(city("广州市", long))"
      + "\(city("深圳市", TestHTTPServer.ScreenPath.stall))\(city("珠海市", Self.noLinks))"
      + "\(city("东莞市", Self.article))</array></dict></plist>"
    return try ReliabilityFixtures.file(plist)
  }

  static let provinces = [
    "北京市", "江苏省", "吉林省", "青海省", "湖南省", "云南省", "河北省", "山西省", "辽宁省",
    "浙江省", "安徽省", "广东省",
  ]

  func addRoutes(_ server: TestHTTPServer) {
    server.addScreenRoutes()
    server.route(Self.noLinks) { _ in
      .html("<html><head><title>无链接</title></head><body><p>这一页没有链接。</p></body></html>")
    }
    server.route(Self.article) { _ in
      // Paragraphs of every length, so a new width wraps each differently; an article
      // inside a page with a menu of links, so the reader view is not the whole page.
      let paragraphs = (1...60).map { number in
        "<p>第\(number)节" + String(repeating: "城市的历史与文化。", count: 1 + (number * 7) % 23)
          + "</p>"
      }
      let menu = (1...30).map { "<li><a href=\"/menu/\($0)\">栏目\($0)</a></li>" }.joined()
      return .html(
        "<html><head><title>东莞</title></head><body><nav><ul>\(menu)</ul></nav>"
          + "<article><h1>东莞</h1>\(paragraphs.joined())</article></body></html>")
    }
  }

  func started(
    columns: Int = 100, rows: Int = 30, arguments: [String] = [], pipingOutput: Bool = false,
    underJobControl: Bool = false
  ) async throws -> (TestHTTPServer, PTYSession) {
    try #require(PTYSession.isAvailable)
    let server = try TestHTTPServer.started()
    addRoutes(server)
    let session = try PTYSession(
      ["--data", try dataFile(server), "--no-cache"] + arguments, columns: columns, rows: rows,
      pipingOutput: pipingOutput, underJobControl: underJobControl)
    #expect(await session.waitForScreen(containing: "省份信息"))
    return (server, session)
  }

  /// The prompt line, above the status bar.
  func prompt(_ session: PTYSession) -> String {
    session.screen.lines[session.screen.lines.count - 2]
  }

  func status(_ session: PTYSession) -> String { session.screen.lines.last ?? "" }

  /// The first line of the window.
  func top(_ session: PTYSession) -> String { session.screen.lines.first ?? "" }

  /// Opens 广东省's city `number` (1 广州市 … 4 东莞市) and waits for `text` on its page.
  func open(city number: Int, _ session: PTYSession, showing text: String) async {
    session.type("12\r")
    #expect(await session.waitForScreen(containing: "省份信息 › 广东省"))
    session.type("\(number)\r")
    #expect(await session.waitForScreen(containing: text))
  }

  /// `/` with nothing typed lists the cities in the data's order, as fzf lists everything
  /// before the first key, and a query cleared again lists them again (not `0 / 0`).
  @Test func anEmptySearchListsTheCitiesAndAClearedOneListsThemAgain() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    session.type("/")
    #expect(
      await session.waitUntil { self.status($0).hasSuffix("1 / 15") }, "\(session.screen.text)")
    #expect(session.screen.lines[0].contains("1 城0区"))
    #expect(session.screen.lines[0].contains("北京市"))
    session.type("珠海")
    #expect(
      await session.waitUntil { self.status($0).hasSuffix("1 / 1") }, "\(session.screen.text)")
    session.type("\u{7F}\u{7F}")
    #expect(
      await session.waitUntil { self.status($0).hasSuffix("1 / 15") }, "\(session.screen.text)")
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  /// The attributes of every SGR sequence the session wrote (`ESC [ 0 ; 1 ; 4 m` → 1, 4).
  func attributes(_ session: PTYSession) -> Set<String> {
    let text = String(decoding: session.output, as: UTF8.self)
    var found: Set<String> = []
    for piece in text.components(separatedBy: "\u{1B}[").dropFirst() {
      guard let end = piece.firstIndex(where: { !($0.isNumber || $0 == ";") }), piece[end] == "m"
      else { continue }
      found.formUnion(piece[..<end].split(separator: ";").map(String.init))
    }
    return found
  }

  /// Rows carry what the data knows, dimmed, in columns where the window has room: the
  /// pinyin and the number of cities of a province, and in search results the province
  /// in a column of its own rather than in brackets after the name.
  @Test func rowsShowPinyinAndCountsAndSearchResultsTheirProvinceInAColumn() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    let guangdong = try #require(session.screen.lines.first { $0.contains("广东省") })
    #expect(guangdong.contains("guang dong sheng"), "\(guangdong)")
    #expect(guangdong.contains("4 cities"), "\(guangdong)")
    let beijing = try #require(session.screen.lines.first { $0.contains("北京市") })
    #expect(beijing.contains("1 city"), "\(beijing)")
    // The pinyin column starts at one place on every row (in cells).
    let starts = session.screen.lines.prefix(12).compactMap { line in
      line.firstIndex { $0.isASCII && $0.isLetter }.map { TerminalText.width(String(line[..<$0])) }
    }
    #expect(starts.count == 12 && Set(starts).count == 1, "\(starts)")
    session.type("/珠海")
    #expect(
      await session.waitUntil { self.status($0).hasSuffix("1 / 1") }, "\(session.screen.text)")
    let found = session.screen.lines[0]
    #expect(found.contains("珠海市") && found.contains("广东省"), "\(found)")
    #expect(!found.contains("（"), "\(found)")
    #expect(found.contains("zhu hai shi"), "\(found)")
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  /// `--no-color` is "no colour or bold", as --help says: the search's matches, hints and
  /// numbers are shown without bold or dim (underline and reverse video still show them),
  /// while NO_COLOR alone keeps the attributes.
  @Test(arguments: [(["--no-color"], [String: String](), false), ([], ["NO_COLOR": "1"], true)])
  func noColorMeansNoBoldEither(
    arguments: [String], environment: [String: String], bold: Bool
  ) async throws {
    try #require(PTYSession.isAvailable)
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    addRoutes(server)
    let session = try PTYSession(
      ["--data", try dataFile(server), "--no-cache"] + arguments, columns: 100, rows: 30,
      environment: environment)
    #expect(await session.waitForScreen(containing: "省份信息"))
    session.type("/城1")
    #expect(
      await session.waitUntil { self.status($0).hasSuffix("1 / 2") }, "\(session.screen.text)")
    let seen = attributes(session)
    #expect(seen.contains("1") == bold, "\(seen)")
    #expect(seen.contains("2") == bold, "\(seen)")
    #expect(seen.contains("4"), "matches are still underlined: \(seen)")
    #expect(seen.contains("7"), "the selection is still reverse video: \(seen)")
    #expect(!seen.contains(where: { $0.hasPrefix("3") && $0.count == 2 }), "no colour: \(seen)")
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  @Test func everyLetterOfAFilterGoesToTheFilterAndCtrlKeysMove() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    session.type("qinghai")
    #expect(await session.waitForScreen(containing: "filter: qinghai"))
    #expect(await session.waitUntil { $0.screen.text.contains("1 青海省") })
    #expect(session.screen.text.contains("q is text"))
    // Filtered, the count says how many of how many matched.
    #expect(status(session).contains("1 / 1 (of 12)"))
    session.type("\u{15}jiang")
    #expect(await session.waitForScreen(containing: "filter: jiang"))
    #expect(await session.waitUntil { $0.screen.text.contains("江苏省") })
    #expect(!session.screen.text.contains("香港"))
    // Ctrl-J and Ctrl-N go down, Ctrl-K and Ctrl-P up, as in fzf.
    session.type("\u{0A}")
    #expect(await session.waitUntil { self.status($0).contains("2 / ") })
    session.type("\u{0B}")
    #expect(await session.waitUntil { self.status($0).contains("1 / ") })
    session.type("\u{15}kun\r")
    #expect(await session.waitForScreen(containing: "filter: kun"))
    #expect(!session.screen.text.contains("省份信息 › 湖南省"))
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  @Test func escBacksOutOfEveryScreenAndLeavesAtTheTopAndQBacksOutOfAPage() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    // A menu's prompt has the keys (q is text): Esc is the way out there.
    #expect(await session.waitUntil { self.prompt($0).contains("Esc quit") })
    session.type("gd")
    #expect(await session.waitUntil { $0.screen.text.contains("1 广东省") })
    session.type("\r")
    #expect(await session.waitForScreen(containing: "省份信息 › 广东省"))
    #expect(await session.waitUntil { self.prompt($0).contains("← Esc back") })
    session.type("\r")
    #expect(await session.waitForScreen(containing: "第1段"))
    #expect(await session.waitUntil { self.prompt($0).contains("← q Esc back") })
    session.type("q")
    #expect(await session.waitUntil { !$0.screen.text.contains("第1段") })
    session.type(Self.escape)
    // The restored filter is shown; Esc clears it, then leaves.
    #expect(await session.waitUntil { self.prompt($0).contains("filter: gd") })
    #expect(self.prompt(session).contains("Esc clear"))
    session.type(Self.escape)
    #expect(await session.waitUntil { !self.prompt($0).contains("filter: gd") })
    #expect(self.prompt(session).contains("Esc quit"))
    session.type(Self.escape)
    #expect(await session.waitForExit() == 0)
  }

  @Test func escBacksOutOfTheGlobalSearchToo() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    session.type("/zhuhai")
    #expect(await session.waitForScreen(containing: "search: zhuhai"))
    #expect(await session.waitUntil { $0.screen.text.contains("珠海市") })
    session.type("\r")
    #expect(await session.waitForScreen(containing: "这一页没有链接"))
    session.type("q")
    #expect(await session.waitUntil { self.prompt($0).contains("Esc clear") })
    session.type(Self.escape + Self.escape)
    #expect(await session.waitUntil { self.prompt($0).contains("Esc quit") })
    #expect(!session.screen.text.contains("zhuhaiq"))
    session.type(Self.escape)
    #expect(await session.waitForExit() == 0)
  }

  @Test func theHintsSayWhatTheKeysDoOnEachScreen() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    await open(city: 3, session, showing: "这一页没有链接")
    #expect(await session.waitUntil { self.prompt($0).contains("← q Esc back") })
    #expect(!prompt(session).contains("links"))
    session.type(Self.left)
    session.type("1\r")
    #expect(await session.waitForScreen(containing: "第1段"))
    #expect(await session.waitUntil { self.prompt($0).contains("Tab/Enter links") })
    // Narrow, the hints worth least go first and `? keys` stays.
    session.resize(columns: 30, rows: 12)
    #expect(await session.waitUntil { self.prompt($0).contains("? keys") })
    #expect(!prompt(session).contains("o open"))
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  @Test func pickSaysEnterPicks() async throws {
    let (server, session) = try await started(arguments: ["--pick"], pipingOutput: true)
    defer { server.stop() }
    session.type("12\r")
    #expect(await session.waitForScreen(containing: "省份信息 › 广东省"))
    #expect(await session.waitUntil { self.prompt($0).contains("Enter pick") })
    // Esc backs out, and on the first screen cancels, as fzf does: exit 1, stdout empty.
    session.type(Self.escape)
    #expect(await session.waitUntil { !$0.screen.text.contains("省份信息 › 广东省") })
    session.type(Self.escape)
    #expect(await session.waitForExit() == 1)
    #expect(session.pipedOutput().stdout.isEmpty)
  }

  @Test func lineModeHelpSaysWhatQDoesThere() async throws {
    try #require(PTYSession.isAvailable)
    let session = try PTYSession(["--offline", "--line-mode"], columns: 100, rows: 40)
    #expect(await session.waitUntil { String(decoding: $0.output, as: UTF8.self).contains("> ") })
    session.type("?\r")
    #expect(
      await session.waitUntil {
        String(decoding: $0.output, as: UTF8.self).contains("leave at once, from any screen")
      })
    session.type("q\r")
    #expect(await session.waitForExit() == 0)
  }

  @Test func theLinkListIsAScreenOfItsOwnThatLeftQAndEscClose() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    await open(city: 1, session, showing: "第1段")
    session.type("f")
    #expect(await session.waitUntil { self.status($0).contains("29–") })
    let reading = top(session)
    for close in [Self.left, "q", Self.escape] {
      session.type("l")
      #expect(await session.waitUntil { self.status($0).contains("links 1 / 1") })
      #expect(session.screen.text.contains("› links"))
      #expect(prompt(session).contains("Enter follow"))
      #expect(prompt(session).contains("← q Esc close"))
      session.type(close)
      #expect(await session.waitUntil { !self.status($0).contains("links") })
      #expect(await session.waitUntil { self.top($0) == reading })
      #expect(session.screen.text.contains("广东省 › 广州市"))
    }
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  @Test func lessKeysScrollAPageAndCtrlDNoLongerClosesIt() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    await open(city: 1, session, showing: "第1段")
    // 28 rows of text a screen, 14 half a screen.
    for (key, lines) in [
      ("f", "29–56"), ("b", "1–28"), ("\u{06}", "29–56"), ("\u{02}", "1–28"), ("d", "15–42"),
      ("u", "1–28"), ("\u{04}", "15–42"), ("\u{15}", "1–28"), ("\u{05}", "2–29"),
      ("\u{19}", "1–28"), (" ", "29–56"),
    ] {
      session.type(key)
      #expect(await session.waitUntil { self.status($0).contains(lines + " /") }, "\(key)")
    }
    #expect(session.screen.text.contains("广东省 › 广州市"))
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  @Test func escBacksOutOneStepAtATime() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    // A menu: Esc on a filter keeps the item selected.
    session.type("sheng")
    #expect(await session.waitForScreen(containing: "filter: sheng"))
    session.type(Self.down + Self.down)
    #expect(await session.waitUntil { self.status($0).contains("3 / ") })
    let third = try #require(session.screen.lines.first { $0.hasPrefix("  3 ") })
    let chosen = try #require(Self.provinces.firstIndex { third.contains(" 3 " + $0) })
    session.type(Self.escape)
    #expect(await session.waitUntil { !self.prompt($0).contains("filter: ") })
    #expect(await session.waitUntil { self.status($0).contains("\(chosen + 1) / 12") }, "\(third)")
    // A page: the match first, then the page.
    session.type("12\r1\r")
    #expect(await session.waitForScreen(containing: "第1段"))
    session.type("/第5段\r")
    #expect(await session.waitForScreen(containing: "Match 1 of 1"))
    session.type(Self.escape)
    #expect(await session.waitUntil { !$0.screen.text.contains("Match 1 of 1") })
    #expect(session.screen.text.contains("广东省 › 广州市"))
    session.type(Self.escape)
    #expect(await session.waitUntil { !$0.screen.text.contains("广东省 › 广州市") })
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  @Test func nAndNSearchFromTheScreenBeingRead() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    await open(city: 1, session, showing: "第1段")
    // 第1段 and 第10–19段: eleven matches, the first in the first screen.
    session.type("/第1\r")
    #expect(await session.waitForScreen(containing: "Match 1 of 11"))
    // Read on a screen, past 第10段–第14段: n goes on from the window, not from 第1段.
    session.type("f")
    #expect(await session.waitUntil { !$0.screen.text.contains("Match") })
    session.type("n")
    #expect(await session.waitForScreen(containing: " of 11"))
    #expect(!session.screen.text.contains("Match 2 of 11"))
    #expect(top(session).hasPrefix("第1"))
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  @Test func aResizeThereAndBackKeepsTheLineAtTheTop() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    await open(city: 4, session, showing: "第1节")
    session.type("ff")
    #expect(await session.waitUntil { self.status($0).contains("57–") })
    let reading = Array(session.screen.lines.prefix(3))
    session.resize(columns: 60, rows: 30)
    #expect(await session.waitUntil { self.status($0).contains(" / ") })
    #expect(session.screen.lines.prefix(3) != reading[...])
    session.resize(columns: 100, rows: 30)
    #expect(
      await session.waitUntil { Array($0.screen.lines.prefix(3)) == reading },
      "\(session.screen.lines.prefix(3)) ≠ \(reading)")
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  /// The widest line of the article's text on screen, in cells.
  func widestParagraphLine(_ session: PTYSession) -> Int {
    session.screen.lines.filter { $0.contains("城市的历史") }
      .map { TerminalText.width($0.trimmingSpaces) }.max() ?? 0
  }

  /// A wide window keeps the reader view's lines to a readable measure (100 cells), while
  /// the whole page takes the window's width; `--width` sets both, on screen too.
  @Test(arguments: [([String](), 100, 140), (["--width", "60"], 60, 60)])
  func theReaderViewKeepsAMeasureOnAWideWindow(
    arguments: [String], reader: Int, wholePage: Int
  ) async throws {
    let (server, session) = try await started(columns: 140, arguments: arguments)
    defer { server.stop() }
    await open(city: 4, session, showing: "第1节")
    #expect(await session.waitUntil { self.widestParagraphLine($0) > 0 })
    let readerWidth = widestParagraphLine(session)
    #expect(readerWidth <= reader && readerWidth > reader - 4, "\(session.screen.text)")
    session.type("v")
    #expect(await session.waitForScreen(containing: "The whole page"))
    #expect(await session.waitUntil { self.widestParagraphLine($0) > 0 })
    let pageWidth = widestParagraphLine(session)
    #expect(pageWidth <= wholePage && pageWidth > wholePage - 4, "\(session.screen.text)")
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  /// The page-search prompt has a history, as a shell's: ↑ brings back the searches made,
  /// the latest first, ↓ goes on, and past the latest is what was being typed.
  @Test func theFindPromptRecallsEarlierSearchesWithUpAndDown() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    await open(city: 4, session, showing: "第1节")
    session.type("/第5节\r")
    #expect(await session.waitUntil { self.prompt($0).contains("Match 1 of") })
    session.type("/第9节\r")
    #expect(await session.waitUntil { self.prompt($0).contains("Match 1 of") })
    session.type("/第2")
    #expect(await session.waitUntil { self.prompt($0).contains("第2") })
    #expect(prompt(session).contains("↑ ↓ earlier searches"))
    session.type(Self.up)
    #expect(await session.waitUntil { self.prompt($0).contains("第9节") }, "\(prompt(session))")
    session.type(Self.up)
    #expect(await session.waitUntil { self.prompt($0).contains("第5节") }, "\(prompt(session))")
    session.type(Self.up)
    #expect(await session.waitUntil { self.prompt($0).contains("第5节") }, "the oldest stays")
    session.type(Self.down)
    #expect(await session.waitUntil { self.prompt($0).contains("第9节") }, "\(prompt(session))")
    session.type(Self.down)
    #expect(
      await session.waitUntil { self.prompt($0).contains("第2") && !self.prompt($0).contains("第9") },
      "\(prompt(session))")
    session.type(Self.up + "\r")
    #expect(await session.waitUntil { self.top($0).contains("第9节") }, "\(session.screen.text)")
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  /// A click on a link's text follows it, as in w3m (here a `#fragment` of the page, so
  /// the page moves to its anchor); a click on plain text does nothing.
  @Test func aClickOnALinkFollowsIt() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    await open(city: 1, session, showing: "跳到历史")
    let row = try #require(session.screen.lines.firstIndex { $0.contains("跳到历史") })
    let line = session.screen.lines[row]
    let start = try #require(line.range(of: "跳到历史")).lowerBound
    let column = TerminalText.width(String(line[..<start])) + 2
    // SGR reports (1006): press, then release, 1-based.
    let before = session.screen.lines
    // Beside the link: two cells past its end, on the same row.
    let beside = TerminalText.width(line) + 3
    session.type("\u{1B}[<0;\(beside);\(row + 1)M\u{1B}[<0;\(beside);\(row + 1)m")
    // Keys typed after the click, and their answer on the screen: once the keys are shown,
    // the click has been read (a pause for it was a guess of how long a loaded machine takes).
    session.type("?")
    #expect(await session.waitUntil { $0.screen.lines != before }, "\(session.screen.text)")
    session.type("?")
    #expect(
      await session.waitUntil { $0.screen.lines.first == before.first },
      "\(session.screen.text)")
    #expect(!session.screen.text.contains("故事在这里"), "a click beside the link followed it")
    #expect(session.screen.lines[row] == line, "a click beside the link moved the page")
    session.type("\u{1B}[<0;\(column);\(row + 1)M\u{1B}[<0;\(column);\(row + 1)m")
    #expect(await session.waitForScreen(containing: "故事在这里"), "\(session.screen.text)")
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  /// `--no-mouse` leaves the mouse to the terminal: no mouse reports are asked for.
  @Test(arguments: [([String](), true), (["--no-mouse"], false)])
  func noMouseAsksForNoMouseReports(arguments: [String], reports: Bool) async throws {
    let (server, session) = try await started(arguments: arguments)
    defer { server.stop() }
    let asked = String(decoding: session.output, as: UTF8.self).contains("\u{1B}[?1000h")
    #expect(asked == reports)
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  @Test func reloadKeepsTheViewAndTheLine() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    await open(city: 4, session, showing: "第1节")
    #expect(session.screen.text.contains("reader view · v: whole page"))
    session.type("v")
    #expect(await session.waitForScreen(containing: "The whole page"))
    session.type("gff")
    #expect(await session.waitUntil { self.status($0).contains("57–") })
    let reading = top(session)
    session.type("r")
    // Fetched again, and shown in the same view at the same line.
    #expect(
      await session.waitUntil { _ in server.requests.filter { $0.path == Self.article }.count == 2 }
    )
    #expect(
      await session.waitUntil { !$0.screen.text.contains("loading") && self.top($0) == reading })
    #expect(status(session).contains("57–"))
    // The old screen can still be up while the reloaded page is laid out, and a key then
    // waits for nothing: g is typed again until the top of the page is shown.
    var atTop = false
    for _ in 0..<20 where !atTop {
      session.type("g")
      atTop = await session.waitForScreen(containing: "whole page · v: reader view", timeout: 1.5)
    }
    #expect(atTop, "\(session.screen.text)")
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  @Test func followingAFragmentIsAStepThatLeftUndoes() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    await open(city: 1, session, showing: "跳到历史")
    session.type("\t")
    // The link Tab is on says where it goes, as in lynx and w3m.
    #expect(await session.waitUntil { self.prompt($0).hasPrefix("→ " + server.baseURL) })
    session.type("\r")
    #expect(await session.waitForScreen(containing: "故事在这里"))
    session.type(Self.left)
    #expect(await session.waitUntil { self.status($0).contains("1–28") })
    #expect(session.screen.text.contains("跳到历史"))
    #expect(session.screen.text.contains("广东省 › 广州市"))
    session.type(Self.left)
    #expect(await session.waitUntil { !$0.screen.text.contains("广东省 › 广州市") })
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  @Test func aNumberShowsItsDigitsAndEndsAfterASecond() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    // The two digits go in one write, so the program reads them at one instant of its own
    // clock: a loaded machine cannot stretch the gap between them past the second (the
    // second itself is held with injected time in FullScreenNavigatorTests).
    session.type("12")
    #expect(await session.waitUntil { self.prompt($0).contains("jump: 12") })
    #expect(await session.waitUntil { self.status($0).contains("12 / 12") })
    // After a pause the number has ended: the digit starts a new one.
    #expect(await session.waitUntil(timeout: 5) { !self.prompt($0).contains("jump") })
    session.type("2")
    #expect(
      await session.waitUntil {
        self.status($0).contains("2 / 12") && !self.status($0).contains("12 / 12")
      })
    #expect(prompt(session).contains("jump: 2"))
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  @Test func ctrlCWhileAPageLoadsCancelsTheLoad() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    await open(city: 2, session, showing: "loading")
    session.type("\u{03}")
    #expect(await session.waitUntil { !$0.screen.text.contains("loading") })
    #expect(session.screen.text.contains("省份信息 › 广东省"))
    #expect(session.processState != nil)
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  @Test func ctrlZStopsWithSIGTSTPAsAJobControlShellExpects() async throws {
    let (server, session) = try await started(underJobControl: true)
    defer { server.stop() }
    session.type("\u{1A}")
    // The shell's status for a job stopped by SIGTSTP is 128 + 20 (SIGSTOP's: 147).
    // (Read from the output: browse, resumed at once by the shell's fg, draws over it.)
    func said(_ text: String) -> (PTYSession) -> Bool {
      { String(decoding: $0.output, as: UTF8.self).contains(text) }
    }
    #expect(await session.waitUntil(said(PTYSession.shellReport + "148")))
    // Resumed, the screen comes back, and Esc (q is text on this menu) leaves as usual.
    #expect(await session.waitUntil { $0.screen.alternate && $0.screen.text.contains("省份信息") })
    session.type(Self.escape)
    #expect(await session.waitUntil(said(PTYSession.shellReport + "0")))
  }

  @Test func aPasteWithoutBracketsFiltersOnceAndCtrlCIsReadAtOnce() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    session.type("/")
    #expect(await session.waitForScreen(containing: "search:"))
    session.type(String(repeating: "guangzhou", count: 2_223) + "\u{03}")
    #expect(await session.waitForExit(timeout: 20) == 130)
  }

  @Test func aBracketedPasteIsOneEditOfTheFilter() async throws {
    let (server, session) = try await started()
    defer { server.stop() }
    session.type("\u{1B}[200~qinghai\u{1B}[201~")
    #expect(await session.waitForScreen(containing: "filter: qinghai"))
    #expect(await session.waitUntil { $0.screen.text.contains("1 青海省") })
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }
}
