import Foundation
import TestSupport
import Testing

/// The variant a page is asked for, as the loopback server sees the requests of `browse`.
@Suite(.timeLimit(.minutes(3))) struct EndToEndVariantTests {
  func dataFile(_ server: TestHTTPServer) throws -> String {
    let plist =
      "<plist><dict><key>测试省</key><array><dict><key>name</key><string>甲市</string>"
      + "<key>url</key><string>\(server.baseURL)/page</string></dict></array></dict></plist>"
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-variant-\(UUID().uuidString).plist")
    try Data(plist.utf8).write(to: url)
    return url.path
  }

  func server() throws -> TestHTTPServer {
    let server = try TestHTTPServer.started()
    server.route("/page") { request in
      .html("<p>语言 \(request.header("Accept-Language") ?? "none")</p>")
    }
    return server
  }

  func languages(_ server: TestHTTPServer) -> [String] {
    server.requests.filter { $0.path == "/page" }.map { $0.header("Accept-Language") ?? "" }
  }

  @Test func everyPageRequestAsksForTheVariantFirstThenTheLocalesLanguage() async throws {
    let server = try server()
    defer { server.stop() }
    let data = try dataFile(server)
    let plain = try await BrowseProcess.run(["--data", data, "-c", "甲市", "--fetch", "--no-cache"])
    #expect(plain.status == 0)
    let taiwan = try await BrowseProcess.run(
      ["--data", data, "-c", "甲市", "--fetch", "--no-cache"],
      environment: ["LC_ALL": "", "LC_MESSAGES": "zh_TW.UTF-8"])
    #expect(taiwan.status == 0)
    let chosen = try await BrowseProcess.run(
      ["--data", data, "-c", "甲市", "--fetch", "--no-cache", "--variant", "zh-hk"],
      environment: ["LC_ALL": "", "LC_MESSAGES": "de_DE.UTF-8"])
    #expect(chosen.status == 0)
    #expect(
      languages(server) == ["zh-CN,zh;q=0.9,en;q=0.5", "zh-TW,zh;q=0.9", "zh-HK,zh;q=0.9,de;q=0.5"])
    #expect(chosen.stdout.contains("语言 zh-HK"))
  }

  @Test func thePageCacheKeepsOneCopyPerVariant() async throws {
    let server = try server()
    defer { server.stop() }
    let data = try dataFile(server)
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    let environment = ["XDG_CACHE_HOME": cache.path]
    func run(_ extra: [String]) async throws -> BrowseProcess.Result {
      try await BrowseProcess.run(
        ["--data", data, "-c", "甲市", "--fetch"] + extra, environment: environment)
    }
    let mainland = try await run(["--variant", "zh-cn"])
    #expect(mainland.status == 0)
    let taiwan = try await run(["--variant", "zh-tw"])
    #expect(taiwan.status == 0)
    server.stop()
    let offlineMainland = try await run(["--variant", "zh-cn", "--offline"])
    let offlineTaiwan = try await run(["--variant", "zh-tw", "--offline"])
    let offlineStored = try await run(["--variant", "zh", "--offline"])
    #expect(offlineMainland.stdout.contains("语言 zh-CN"))
    #expect(offlineTaiwan.stdout.contains("语言 zh-TW"))
    #expect(offlineStored.status == 1)
    #expect(offlineStored.stderr.contains("is not in the page cache"))
  }

  @Test func anUnknownVariantIsAUsageError() async throws {
    let result = try await BrowseProcess.run(["-c", "广州", "--fetch", "--variant", "zh-xx"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("expected one of: zh-cn, zh-tw"))
  }

  @Test func printedURLsStayTheDatas() async throws {
    let result = try await BrowseProcess.run(["-p", "广东", "-c", "广州", "--variant", "zh-tw"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("wikipedia.org/wiki/"))
    #expect(!result.stdout.contains("/zh-tw/"))
  }
}
