import Foundation
import TestSupport
import Testing

/// `browse --check` reading the head of each page: a disambiguation page and a redirect to
/// another title are reported, against the loopback server with zh.wikipedia's markup.
@Suite(.timeLimit(.minutes(3))) struct EndToEndCheckPageTests {
  func server() throws -> TestHTTPServer {
    let server = try TestHTTPServer.started()
    for (path, file) in [
      ("/dab", "wiki-disambiguation-chaoyang.html"), ("/redirect", "wiki-redirect-chaoyang.html"),
      ("/article", "wiki-article-chaoyang.html"),
    ] {
      let url = EndToEndDisambiguationTests.fixtures.appendingPathComponent(file)
      let html = String(decoding: try Data(contentsOf: url), as: UTF8.self)
      server.route(path) { _ in .html(html) }
    }
    return server
  }

  func dataFile(_ server: TestHTTPServer) throws -> String {
    let cities = [("朝阳区", "/dab"), ("朝阳区 (北京)", "/redirect"), ("朝阳区 (北京市)", "/article")]
    let entries = cities.map { name, path in
      "<dict><key>name</key><string>\(name)</string><key>url</key><string>\(server.baseURL)\(path)</string></dict>"
    }
    let plist = "<plist><dict><key>北京市</key><array>\(entries.joined())</array></dict></plist>"
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-check-pages-\(UUID().uuidString).plist")
    try Data(plist.utf8).write(to: file)
    return file.path
  }

  @Test func aDisambiguationPageAndARedirectToAnotherTitleHaveStatusWordsOfTheirOwn() async throws {
    let server = try server()
    defer { server.stop() }
    let data = try dataFile(server)
    let tsv = try await BrowseProcess.run(["--data", data, "--check", "--format", "tsv"])
    #expect(tsv.status == 1)
    let rows = tsv.stdout.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false)
    }
    #expect(rows.count == 3)
    #expect(
      rows.first { $0[1] == "朝阳区" }.map { [$0[3], $0[5]] } == ["disambiguation", "朝阳区 (北京市)"])
    #expect(
      rows.first { $0[1] == "朝阳区 (北京)" }.map { [$0[3], $0[5]] } == ["redirect", "朝阳区 (北京市)"])
    #expect(rows.first { $0[1] == "朝阳区 (北京市)" }.map { $0.count == 5 && $0[3] == "200" } == true)
    // HEAD, then a GET of each HTML page's head, asking for the variant as pages do.
    #expect(server.requests.filter { $0.method == "GET" }.count == 3)
    #expect(
      server.requests.allSatisfy { $0.header("Accept-Language") == "zh-CN,zh;q=0.9,en;q=0.5" })

    let text = try await BrowseProcess.run(["--data", data, "--check", "--format", "text"])
    #expect(text.status == 1)
    // The rows as they are known, the summary last.
    #expect(text.stdout.hasPrefix("PROVINCE"))
    #expect(text.stdout.split(separator: "\n").last?.hasPrefix("Checked 3 URLs in ") == true)
    #expect(text.stdout.contains("1 broken, 1 redirected to another title."))
    #expect(text.stdout.contains("disambiguation → 朝阳区 (北京市)"))
    #expect(text.stdout.contains("redirect → 朝阳区 (北京市)"))
    #expect(!text.stdout.contains("/article"))
  }
}
