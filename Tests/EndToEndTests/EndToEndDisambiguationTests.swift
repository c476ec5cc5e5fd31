import Foundation
import TestSupport
import Testing

/// `browse --fetch` on a division whose page is a disambiguation page, against the loopback
/// server serving pages in zh.wikipedia's markup.
@Suite(.timeLimit(.minutes(3))) struct EndToEndDisambiguationTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("PageReaderTests/Fixtures")
  static let disambiguation = "/wiki/%E6%9C%9D%E9%98%B3%E5%8C%BA"
  static let beijing = "/wiki/%E6%9C%9D%E9%98%B3%E5%8C%BA_(%E5%8C%97%E4%BA%AC%E5%B8%82)"

  func server() throws -> TestHTTPServer {
    let server = try TestHTTPServer.started()
    for (path, file) in [
      (Self.disambiguation, "wiki-disambiguation-chaoyang.html"),
      (Self.beijing, "wiki-article-chaoyang.html"),
    ] {
      let html = String(
        decoding: try Data(contentsOf: Self.fixtures.appendingPathComponent(file)), as: UTF8.self)
      server.route(path) { _ in .html(html) }
    }
    return server
  }

  func dataFile(province: String, city: String, url: String) throws -> String {
    let plist =
      "<plist><dict><key>\(province)</key><array><dict><key>name</key><string>\(city)</string>"
      + "<key>url</key><string>\(url)</string></dict></array></dict></plist>"
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-dab-\(UUID().uuidString).plist")
    try Data(plist.utf8).write(to: file)
    return file.path
  }

  @Test func theEntryNamingTheParentIsFetchedAndSaidOnStderrAndInTheFacts() async throws {
    let server = try server()
    defer { server.stop() }
    let data = try dataFile(
      province: "北京市", city: "朝阳区", url: server.baseURL + Self.disambiguation)
    let result = try await BrowseProcess.run(["--data", data, "-c", "朝阳区", "--fetch"])
    #expect(result.status == 0)
    #expect(result.stderr == "browse: 消歧义页「朝阳区」→ 朝阳区 (北京市)\n")
    #expect(result.stdout.hasPrefix("朝阳区 (北京市)\n"))
    #expect(result.stdout.contains("朝阳区是中华人民共和国"))
    #expect(!result.stdout.contains("可以指"))
    #expect(server.requests.map(\.path) == [Self.disambiguation, Self.beijing])
  }

  @Test func whereNoEntryNamesTheParentTheEntriesAreOfferedNumbered() async throws {
    let server = try server()
    defer { server.stop() }
    let data = try dataFile(province: "测试省", city: "甲区", url: server.baseURL + Self.disambiguation)
    let result = try await BrowseProcess.run(["--data", data, "-c", "甲区", "--fetch"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("朝阳区可以指"))
    #expect(
      result.stderr.hasPrefix("browse: 消歧义页「朝阳区」: no entry names 测试省\n  1. 朝阳区 (北京市)"))
    #expect(result.stderr.contains("\n  1. 朝阳区 (北京市) ：中华人民共和国北京市下辖的市辖区。\n"))
    #expect(result.stderr.contains("\n  3. 双塔区 ：辽宁省朝阳市下辖的市辖区，1984年前称朝阳区。\n"))
    #expect(server.requests.count == 1)
  }

  @Test func lineModeFollowsTheEntryAndSaysSoInThePagesFacts() async throws {
    let server = try server()
    defer { server.stop() }
    let data = try dataFile(
      province: "北京市", city: "朝阳区", url: server.baseURL + Self.disambiguation)
    let result = try await BrowseProcess.run(["-i", "--data", data], input: "1\n1\nq\n")
    #expect(result.status == 0)
    #expect(result.stdout.contains("消歧义页「朝阳区」→ 朝阳区 (北京市)"))
    #expect(result.stdout.contains("朝阳区是中华人民共和国"))
    #expect(server.requests.map(\.path) == [Self.disambiguation, Self.beijing])
  }

  @Test func lineModeBackFromTheFollowedEntryIsTheDisambiguationPageAsFullScreenHasIt()
    async throws
  {
    let server = try server()
    defer { server.stop() }
    let data = try dataFile(
      province: "北京市", city: "朝阳区", url: server.baseURL + Self.disambiguation)
    let result = try await BrowseProcess.run(["-i", "--data", data], input: "1\n1\nback\nq\n")
    #expect(result.status == 0)
    // The one session decides for both views: the entry is a step of its own, so back
    // goes to the disambiguation page, kept, not fetched again.
    let parts = result.stdout.components(separatedBy: "> back\n")
    #expect(parts.count == 2)
    #expect(!parts[0].contains("朝阳区可以指"))
    let afterBack = parts.last ?? ""
    #expect(afterBack.contains("朝阳区可以指"))
    #expect(server.requests.map(\.path) == [Self.disambiguation, Self.beijing])
  }

  @Test func theFullPageShowsTheDisambiguationPageAsItIs() async throws {
    let server = try server()
    defer { server.stop() }
    let data = try dataFile(
      province: "北京市", city: "朝阳区", url: server.baseURL + Self.disambiguation)
    let result = try await BrowseProcess.run(
      ["--data", data, "-c", "朝阳区", "--fetch", "--full-page"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("朝阳区可以指"))
    #expect(server.requests.count == 1)
  }

  /// The full screen in a real terminal: the entry naming 北京市 is shown, its facts say the
  /// step, and one key (←) goes back to the disambiguation page and its list.
  @Test func theFullScreenFollowsTheEntryAndLeftGoesBackToTheList() async throws {
    try #require(PTYSession.isAvailable)
    let server = try server()
    defer { server.stop() }
    let data = try dataFile(
      province: "北京市", city: "朝阳区", url: server.baseURL + Self.disambiguation)
    defer { try? FileManager.default.removeItem(atPath: data) }
    let session = try PTYSession(["--data", data, "--no-cache"], columns: 120, rows: 30)
    #expect(await session.waitForScreen(containing: "省份信息"))
    session.type("1\r")
    #expect(await session.waitForScreen(containing: "省份信息 › 北京市"))
    session.type("1\r")
    #expect(await session.waitForScreen(containing: "朝阳区是中华人民共和国"))
    #expect(session.screen.text.contains("消歧义页「朝阳区」→ 朝阳区 (北京市)"))
    #expect(server.requests.map(\.path) == [Self.disambiguation, Self.beijing])
    session.type("\u{1B}[D")
    #expect(await session.waitForScreen(containing: "朝阳区可以指"), "\(session.screen.text)")
    // Back on the list, nothing was fetched again.
    #expect(server.requests.count == 2)
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }

  /// Where no entry names the division's parent, the full screen opens the page's links, the
  /// entries among them, to choose from.
  @Test func theFullScreenOffersTheLinksWhereNoEntryNamesTheParent() async throws {
    try #require(PTYSession.isAvailable)
    let server = try server()
    defer { server.stop() }
    let data = try dataFile(province: "测试省", city: "甲区", url: server.baseURL + Self.disambiguation)
    defer { try? FileManager.default.removeItem(atPath: data) }
    let session = try PTYSession(["--data", data, "--no-cache"], columns: 120, rows: 30)
    #expect(await session.waitForScreen(containing: "省份信息"))
    session.type("1\r")
    #expect(await session.waitForScreen(containing: "省份信息 › 测试省"))
    session.type("1\r")
    #expect(await session.waitForScreen(containing: "no entry names 测试省"), "\(session.screen.text)")
    // The link list, a screen of its own, with the entries in it.
    #expect(await session.waitForScreen(containing: "› 甲区 › links"), "\(session.screen.text)")
    #expect(session.screen.text.contains("[3] 双塔区"))
    #expect(server.requests.count == 1)
    session.type("\u{03}")
    #expect(await session.waitForExit() == 130)
  }
}
