import Foundation
import TestSupport
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

/// `browse --fetch` and the interactive detail screen against the loopback test server.
@Suite(.timeLimit(.minutes(3))) struct EndToEndPageTests {
  /// A data file whose one province's cities point at `server`'s routes.
  func dataFile(_ server: TestHTTPServer, _ cities: [(String, String)]) throws -> String {
    let entries = cities.map { name, path in
      "<dict><key>name</key><string>\(name)</string><key>url</key><string>\(server.baseURL)\(path)</string></dict>"
    }
    let plist = "<plist><dict><key>测试省</key><array>\(entries.joined())</array></dict></plist>"
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-pages-\(UUID().uuidString).plist")
    try Data(plist.utf8).write(to: url)
    return url.path
  }

  func withServer(_ body: (TestHTTPServer) async throws -> Void) async throws {
    let server = try TestHTTPServer.withStandardRoutes()
    defer { server.stop() }
    try await body(server)
  }

  @Test func fetchPrintsThePageAsText() async throws {
    try await withServer { server in
      let data = try dataFile(server, [("甲市", TestHTTPServer.Path.utf8)])
      let result = try await BrowseProcess.run(["--data", data, "-c", "甲市", "--fetch"])
      #expect(result.status == 0)
      #expect(result.stdout.hasPrefix("广州市\n"))
      #expect(result.stdout.contains("Guangzhou, 广东省"))
      #expect(result.stderr == "")
    }
  }

  @Test func aFetchOfANameNotFoundEndsCleanlyWhileTheTransportIsStillLoading() async throws {
    // The transport is made ready on a thread of its own from the start; a run that ends
    // at once (the name is not there) must not exit under it: once in some 300 runs that
    // exit was a SIGSEGV in libcurl's loading, reported as an internal error (exit 70).
    try await withServer { server in
      let data = try dataFile(server, [("甲市", TestHTTPServer.Path.utf8)])
      for _ in 0..<12 {
        let result = try await BrowseProcess.run(["--data", data, "-c", "无此市", "--fetch"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr == "browse: no city or county matches '无此市'\n")
      }
    }
  }

  @Test func fetchDecodesAGBKPageDeclaredOnlyInMeta() async throws {
    try await withServer { server in
      let data = try dataFile(server, [("甲市", TestHTTPServer.Path.gbkMeta)])
      let result = try await BrowseProcess.run(["--data", data, "-c", "甲市", "--fetch"])
      #expect(result.status == 0)
      #expect(result.stdout.contains("你好 广州市"))
    }
  }

  @Test func anHTTPErrorExitsOneAndARefusedConnectionSixtyNine() async throws {
    try await withServer { server in
      let data = try dataFile(server, [("甲市", TestHTTPServer.Path.notFound)])
      let missing = try await BrowseProcess.run(["--data", data, "-c", "甲市", "--fetch"])
      #expect(missing.status == 1)
      #expect(missing.stderr.contains("404"))
      #expect(missing.stdout == "")
    }
    let port = TestHTTPServer.unusedPort()
    let plist =
      "<plist><dict><key>测试省</key><array><dict><key>name</key><string>乙市</string>"
      + "<key>url</key><string>http://127.0.0.1:\(port)/</string></dict></array></dict></plist>"
    let refused = try await BrowseProcess.run(["--data", "-", "-c", "乙市", "--fetch"], input: plist)
    #expect(refused.status == 69)
    #expect(refused.stderr.hasPrefix("browse: "))
    #expect(refused.stderr.split(separator: "\n").count == 1)
  }

  @Test func aRedirectToAFileURLIsRefused() async throws {
    try await withServer { server in
      let data = try dataFile(server, [("甲市", TestHTTPServer.Path.redirectToFile)])
      let result = try await BrowseProcess.run(["--data", data, "-c", "甲市", "--fetch"])
      // A refused redirect is a failure of that page, not of the network.
      #expect(result.status == 1)
      #expect(result.stderr.contains("file"))
      #expect(!result.stdout.contains("root:"))
    }
  }

  @Test func theDetailScreenShowsThePageAndAFailureReturnsToTheList() async throws {
    try await withServer { server in
      let data = try dataFile(
        server, [("甲市", TestHTTPServer.Path.utf8), ("乙市", TestHTTPServer.Path.serverError)])
      let result = try await BrowseProcess.run(["-i", "--data", data], input: "1\n1\nback\n2\nq\n")
      #expect(result.status == 0)
      #expect(result.stdout.contains("  Status   200 OK · text/html"))
      #expect(result.stdout.contains("Guangzhou, 广东省"))
      // After the 500 (the detail screen drawn while it loaded), the screen is the city
      // list again, with the reason on one line.
      let afterChoice = result.stdout.components(separatedBy: "> 2\n").last ?? ""
      #expect(afterChoice.hasPrefix("省份信息 › 测试省 › 乙市\n"))
      let list = afterChoice.components(separatedBy: "省份信息 › 测试省\n").last ?? ""
      #expect(list.contains("1 甲市  2 乙市"))
      #expect(list.contains("\nThe server answered HTTP 500 Internal Server Error.\n"))
      // Back and forth never fetches the same page twice.
      #expect(server.requests.filter { $0.path == TestHTTPServer.Path.utf8 }.count == 1)
    }
  }

  /// A transcript (`-i` into a pipe) writes a page's facts once: the frame drawn while it
  /// loads names the city, the loaded frame goes on from the status, and page 2 of the
  /// text is the text alone; every paragraph is there exactly once.
  @Test func aTranscriptWritesAPagesFactsOnce() async throws {
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    let paragraphs = (1...30).map { "Paragraph number \($0) of the long page." }
    let html = "<html><body>" + paragraphs.map { "<p>\($0)</p>" }.joined() + "</body></html>"
    server.route("/long") { _ in .bytes(Array(html.utf8), contentType: "text/html") }
    let data = try dataFile(server, [("甲市", "/long")])
    let result = try await BrowseProcess.run(
      ["-i", "--data", data, "--no-cache"], input: "1\n1\n\n\n\n\n\nback\nq\n",
      environment: ["LINES": "24", "COLUMNS": "80"])
    #expect(result.status == 0, "\(result.stderr)")
    let out = result.stdout
    func count(_ text: String) -> Int { out.components(separatedBy: text).count - 1 }
    #expect(count("  Province 测试省") == 1, "\(out)")
    #expect(count("  URL      \(server.baseURL)/long") == 1)
    #expect(count("  Status   loading…") == 1)
    #expect(count("  Status   200 OK") == 1)
    #expect(count("省份信息 › 测试省 › 甲市") == 1)
    #expect(out.contains("page 6/6"))
    for paragraph in paragraphs { #expect(count(paragraph) == 1, "\(paragraph)") }
    // Back on the list, the list is drawn whole again.
    #expect(count("省份信息 › 测试省\n") == 2)
  }

  @Test func aSlowPageTimesOutWithinTheLimit() async throws {
    try await withServer { server in
      let data = try dataFile(server, [("甲市", TestHTTPServer.Path.silent)])
      // Timed by the shell beside browse, not by this test's task, which a busy test
      // run can leave waiting long after browse has gone.
      let result = try await BrowseProcess.shell(
        """
        started=$(date +%s%N)
        "$BROWSE" --data '\(data)' -c 甲市 --fetch --timeout 1
        status=$?
        echo "status=$status ms=$((($(date +%s%N) - started) / 1000000))"
        """)
      let summary = result.stdout.split(separator: "\n").last ?? ""
      #expect(summary.hasPrefix("status=69 "), "\(result.stdout)")
      #expect(result.stderr.contains("time"))
      let milliseconds = Int(summary.split(separator: "=").last ?? "") ?? .max
      #expect(milliseconds < 10_000, "\(summary)")
    }
  }

  /// A page still arriving at the timeout is shown as far as it came, says so, and is not
  /// cached: offline there is no copy of it.
  @Test func aPageStillArrivingAtTheTimeoutIsShownAsFarAsItCame() async throws {
    try await withServer { server in
      let data = try dataFile(
        server, [("甲市", TestHTTPServer.Path.dripForever), ("乙市", TestHTTPServer.Path.utf8)])
      let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
        "browse-timeout-cache-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: cache) }
      let shared = ["XDG_CACHE_HOME": cache.path]
      func fetch(_ city: String, _ extra: [String]) async throws -> BrowseProcess.Result {
        try await BrowseProcess.run(
          ["--data", data, "-c", city, "--fetch"] + extra, environment: shared)
      }
      // 3 s, not 1: on a loaded machine a new process's first bytes can take over a second,
      // and a fetch with no body yet is rightly a timeout rather than a cut page.
      let result = try await fetch("甲市", ["--timeout", "3"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.contains("still arriving at the timeout; this is as far as it came"))
      // Some of the body, however little came (a byte every 0.1 s, from a loaded server).
      #expect(
        result.stdout.split(separator: "\n").contains { !$0.isEmpty && $0.allSatisfy { $0 == "x" } }
      )
      // A whole page in the same cache is there offline; the cut one is not.
      #expect(try await fetch("乙市", []).status == 0)
      #expect(try await fetch("乙市", ["--offline"]).stdout.contains("广州"))
      let offline = try await fetch("甲市", ["--offline"])
      #expect(offline.status != 0)
      #expect(offline.stderr.contains("is not in the page cache"), "\(offline.stderr)")
    }
  }

  @Test func aPageIsCutAtMaxBytesAndSaysSo() async throws {
    try await withServer { server in
      let data = try dataFile(server, [("甲市", TestHTTPServer.Path.endless)])
      let result = try await BrowseProcess.run([
        "--data", data, "-c", "甲市", "--fetch", "--max-bytes", "50k",
      ])
      #expect(result.status == 0)
      #expect(result.stdout.contains("cut at the size limit"))
    }
  }

  /// A smaller `--max-bytes` cuts the page it fetches, but the cut copy never replaces the
  /// whole one in the cache (issue 48, item 3): offline, the whole page is still there. Both
  /// a page the small run can read from the cache (300 KB) and one past its read limit
  /// (1.5 MB, over 50k and the entry's megabyte of room).
  @Test func aCutCopyNeverReplacesAWholeOneInTheCache() async throws {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-cut-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    let environment = ["XDG_CACHE_HOME": cache.path]
    try await withServer { server in
      for (path, size) in [("/long-300k", 300_000), ("/long-1500k", 1_500_000)] {
        let filler = String(repeating: "<p>正文段落 filler text.</p>\n", count: size / 40)
        server.route(path) { _ in .html("<p>页首</p>\n\(filler)<p>页尾标记</p>") }
      }
      let data = try dataFile(server, [("甲市", "/long-300k"), ("乙市", "/long-1500k")])
      defer { try? FileManager.default.removeItem(atPath: data) }
      for city in ["甲市", "乙市"] {
        func fetch(_ extra: [String]) async throws -> BrowseProcess.Result {
          try await BrowseProcess.run(
            ["--data", data, "-c", city, "--fetch"] + extra, environment: environment)
        }
        let whole = try await fetch([])
        #expect(whole.status == 0)
        #expect(whole.stdout.contains("页尾标记"), "the whole page has its end")
        let cut = try await fetch(["--max-bytes", "50k"])
        #expect(cut.status == 0)
        #expect(cut.stdout.contains("cut at the size limit"))
        #expect(!cut.stdout.contains("页尾标记"))
        let offline = try await fetch(["--offline"])
        #expect(offline.status == 0, "\(city): \(offline.stderr)")
        #expect(offline.stdout.contains("页尾标记"), "\(city): the cached copy is the whole page")
        #expect(!offline.stdout.contains("cut at the size limit"), "\(city)")
      }
    }
  }

  @Test func offlineShowsTheCachedCopyAndSaysSoWhereThereIsNone() async throws {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    let environment = ["XDG_CACHE_HOME": cache.path]
    let server = try TestHTTPServer.withStandardRoutes()
    let data = try dataFile(server, [("甲市", TestHTTPServer.Path.utf8)])
    let online = try await BrowseProcess.run(
      ["--data", data, "-c", "甲市", "--fetch"], environment: environment)
    server.stop()
    #expect(online.status == 0)
    let offline = try await BrowseProcess.run(
      ["--data", data, "-c", "甲市", "--fetch", "--offline"], environment: environment)
    #expect(offline.status == 0)
    #expect(offline.stdout == online.stdout)
    #expect(offline.stderr.hasPrefix("browse: cached copy, "))
    let empty = try await BrowseProcess.run(["--data", data, "-c", "甲市", "--fetch", "--offline"])
    #expect(empty.status == 1)
    #expect(empty.stderr.contains("is not in the page cache"))
    #expect(empty.stdout == "")
  }

  @Test func aRevisitRevalidatesAndNoCacheBypasses() async throws {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    let environment = ["XDG_CACHE_HOME": cache.path]
    try await withServer { server in
      server.route("/etag") { request in
        if request.header("If-None-Match") == "\"v1\"" {
          return TestHTTPServer.Response(status: 304, headers: [("ETag", "\"v1\"")])
        }
        return TestHTTPServer.Response(
          status: 200, headers: [("ETag", "\"v1\""), ("Content-Type", "text/html")],
          body: Data("<p>版本一</p>".utf8))
      }
      let data = try dataFile(server, [("甲市", "/etag")])
      let first = try await BrowseProcess.run(
        ["--data", data, "-c", "甲市", "--fetch"], environment: environment)
      let second = try await BrowseProcess.run(
        ["--data", data, "-c", "甲市", "--fetch"], environment: environment)
      #expect(first.stdout.contains("版本一"))
      #expect(second.stdout == first.stdout)
      let seen = server.requests.filter { $0.path == "/etag" }
      #expect(seen.count == 2)
      #expect(seen.last?.header("If-None-Match") == "\"v1\"")
      _ = try await BrowseProcess.run(
        ["--data", data, "-c", "甲市", "--fetch", "--no-cache"], environment: environment)
      #expect(server.requests.filter { $0.path == "/etag" }.last?.header("If-None-Match") == nil)
    }
  }
}
