import Foundation
import TestSupport
import Testing

@testable import TextSupport

/// The preview pane beside a menu on a window of 140 columns or more (commit 7315efe), as fzf's
/// `--preview` and yazi show one: typed on a pseudo-terminal and read back from the screen.
@Suite(.serialized, .timeLimit(.minutes(3))) struct FullScreenPreviewTests {
  static let page = "/preview/page"

  /// 广东省 holds 广州市 (with code, pinyin, a page and two counties) and 深圳市; 江苏省
  /// holds 苏州市.
  func dataFile(_ server: TestHTTPServer) throws -> String {
    let plist = """
      <plist><dict><key>广东省</key><array>
      <dict><key>name</key><string>广州市</string><key>url</key><string>\(server.baseURL)\(Self.page)</string>
      <key>code</key><integer>440100</integer><key>pinyin</key><string>guang zhou shi</string>
      <key>counties</key><array>
      <dict><key>name</key><string>荔湾区</string><key>url</key><string>\(server.baseURL)/lw</string></dict>
      <dict><key>name</key><string>越秀区</string><key>url</key><string>\(server.baseURL)/yx</string></dict>
      </array></dict>
      <dict><key>name</key><string>深圳市</string><key>url</key><string>\(server.baseURL)/sz</string></dict>
      </array><key>江苏省</key><array>
      <dict><key>name</key><string>苏州市</string><key>url</key><string>\(server.baseURL)/su</string></dict>
      </array></dict></plist>
      """
    return try ReliabilityFixtures.file(plist)
  }

  func started(columns: Int, cache: URL, server: TestHTTPServer) async throws -> PTYSession {
    try #require(PTYSession.isAvailable)
    let session = try PTYSession(
      ["--data", try dataFile(server)], columns: columns, rows: 20,
      environment: ["XDG_CACHE_HOME": cache.path])
    #expect(await session.waitForScreen(containing: "省份信息"))
    return session
  }

  func withServer(_ body: (TestHTTPServer, URL) async throws -> Void) async throws {
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    server.route(Self.page) { _ in
      .html("<html><head><title>广州</title></head><body><p>广州是广东省的省会。</p></body></html>")
    }
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-preview-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    try await body(server, cache)
  }

  /// The text of the pane: what follows the rule on each row, trimmed.
  func pane(_ session: PTYSession) -> [String] {
    session.screen.lines.compactMap { line in
      line.firstIndex(of: "│").map {
        line[line.index(after: $0)...].trimmingCharacters(in: .whitespaces)
      }
    }
  }

  /// A province's pane names its cities and how many there are, and follows the selection;
  /// a click in the pane is no click on a row.
  @Test func theSelectedProvincesCitiesShowInThePaneAndFollowTheSelection() async throws {
    try await withServer { server, cache in
      let session = try await started(columns: 150, cache: cache, server: server)
      #expect(
        await session.waitUntil { self.pane($0).first == "广东省" }, "\(session.screen.text)")
      #expect(pane(session).contains("2 cities"), "\(session.screen.text)")
      #expect(pane(session).contains("广州市  深圳市"), "\(session.screen.text)")
      // The list keeps to the left of the rule: the rule is at one column on every row.
      let rules = Set(
        session.screen.lines.dropLast(2).compactMap { line in
          line.firstIndex(of: "│").map { TerminalText.width(String(line[..<$0])) }
        })
      #expect(rules.count == 1, "\(session.screen.text)")
      session.type("\u{1B}[B")
      #expect(
        await session.waitUntil { self.pane($0).first == "江苏省" }, "\(session.screen.text)")
      #expect(pane(session).contains("苏州市"))
      #expect(!pane(session).contains("广州市  深圳市"))
      // Two clicks on row 1 inside the pane neither select 广东省 nor open it. Help, opened
      // and closed after them, shows they have been read.
      session.type("\u{1B}[<0;140;1M\u{1B}[<0;140;1m\u{1B}[<0;140;1M\u{1B}[<0;140;1m?")
      #expect(
        await session.waitUntil { !$0.screen.text.contains("│") }, "\(session.screen.text)")
      session.type("?")
      #expect(
        await session.waitUntil { self.pane($0).first == "江苏省" }, "\(session.screen.text)")
      #expect(!session.screen.text.contains("省份信息 › 广东省"), "\(session.screen.text)")
      session.type("\u{03}")
      #expect(await session.waitForExit() == 130)
    }
  }

  /// A city's pane shows its facts, its URL, whether its page is at hand (not cached; once
  /// opened, loaded; in the next session, cached) and its counties.
  @Test func aCitysPaneSaysWhetherItsPageIsCached() async throws {
    try await withServer { server, cache in
      let session = try await started(columns: 150, cache: cache, server: server)
      session.type("\r")
      #expect(
        await session.waitUntil { self.pane($0).first == "广州市" }, "\(session.screen.text)")
      let facts = pane(session)
      #expect(facts.contains("Province 广东省"), "\(facts)")
      #expect(facts.contains("Code     440100"), "\(facts)")
      #expect(facts.contains("Pinyin   guang zhou shi"), "\(facts)")
      #expect(facts.contains("URL      \(server.baseURL)\(Self.page)"), "\(facts)")
      #expect(facts.contains("Page     not cached"), "\(facts)")
      #expect(facts.contains("2 counties"), "\(facts)")
      #expect(facts.contains("荔湾区  越秀区"), "\(facts)")
      // Enter opens the city's counties, where 1 is the city's own page.
      session.type("\r")
      #expect(await session.waitForScreen(containing: "1: the city's own page"))
      session.type("\r")
      #expect(await session.waitForScreen(containing: "广州是广东省的省会。"))
      session.type("\u{1B}[D")
      #expect(
        await session.waitUntil { self.pane($0).contains("Page     loaded") },
        "\(session.screen.text)")
      session.type("\u{03}")
      #expect(await session.waitForExit() == 130)

      let next = try await started(columns: 150, cache: cache, server: server)
      next.type("\r")
      #expect(
        await next.waitUntil { self.pane($0).contains { $0.hasPrefix("Page     cached · ") } },
        "\(next.screen.text)")
      next.type("\u{03}")
      #expect(await next.waitForExit() == 130)
    }
  }

  /// Below 140 columns there is no pane: the rows take the whole width.
  @Test func aNarrowerWindowHasNoPane() async throws {
    try await withServer { server, cache in
      let session = try await started(columns: 139, cache: cache, server: server)
      #expect(await session.waitForScreen(containing: "guang dong sheng"))
      #expect(!session.screen.text.contains("│"), "\(session.screen.text)")
      session.resize(columns: 140, rows: 20)
      #expect(
        await session.waitUntil { self.pane($0).first == "广东省" }, "\(session.screen.text)")
      session.type("\u{03}")
      #expect(await session.waitForExit() == 130)
    }
  }
}
