import Foundation
import TestSupport
import Testing

/// Through `browse --fetch`: the error names the party that failed (a proxy, not the
/// page's server), and a proxy's flood of CONNECT header lines is refused like a server's.
/// The page is on 127.0.0.2, which the harness's no_proxy (127.0.0.1) does not cover.
@Suite(.timeLimit(.minutes(3))) struct ReliabilityPartyTests {
  typealias F = ReliabilityFixtures

  private func fetch(_ url: String, proxy: String) async throws -> BrowseProcess.Result {
    let data = try F.file(F.plist(province: "测试省", cities: [("甲市", url)]))
    defer { try? FileManager.default.removeItem(atPath: data) }
    let variable = url.hasPrefix("https") ? "https_proxy" : "http_proxy"
    return try await BrowseProcess.run(
      ["--data", data, "-c", "甲市", "--fetch", "--no-cache", "--timeout", "20"],
      environment: [variable: proxy])
  }

  @Test("A proxy that refuses the connection is named as the proxy, not as the page's server")
  func aDeadProxyIsNamed() async throws {
    let port = TestHTTPServer.unusedPort()
    let result = try await fetch(
      "http://127.0.0.2:\(TestHTTPServer.unusedPort())/page", proxy: "http://127.0.0.1:\(port)")
    #expect(result.status == 69, "\(result.stderr)")
    #expect(result.stderr.contains("proxy “127.0.0.1:\(port)”"), "\(result.stderr)")
    #expect(!result.stderr.contains("127.0.0.2"), "\(result.stderr)")
  }

  @Test("A proxy's 407 reads as the proxy's answer")
  func aProxy407IsTheProxys() async throws {
    let proxy = try TestHTTPServer.started()
    defer { proxy.stop() }
    let target = "http://127.0.0.2:\(TestHTTPServer.unusedPort())/page"
    proxy.route(target) { _ in
      TestHTTPServer.Response(
        status: 407, reason: "Proxy Authentication Required",
        headers: [("Proxy-Authenticate", "Basic realm=\"p\"")])
    }
    let result = try await fetch(target, proxy: proxy.baseURL)
    #expect(result.stderr.contains("proxy answered HTTP 407"), "\(result.stderr)")
  }

  @Test("A proxy whose CONNECT answer floods header lines is refused in one line at once")
  func aFloodingConnectAnswerIsRefused() async throws {
    let proxy = try TestHTTPServer.started()
    defer { proxy.stop() }
    let authority = "127.0.0.2:\(TestHTTPServer.unusedPort())"
    var flood = "HTTP/1.1 200 Connection established\r\n"
    for _ in 0..<5_000 { flood += "A: v\r\n" }
    flood += "\r\n"
    let answer = flood
    proxy.rawRoute(authority) { connection in
      connection.write(answer)
      connection.waitUntilClosed()
    }
    let result = try await fetch("https://\(authority)/page", proxy: proxy.baseURL)
    #expect(result.stderr.contains("header lines"), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.status == 1, "\(result.stderr)")
  }

  /// A proxy variable libcurl cannot parse is quoted in its error: the password (and any
  /// user information) is never printed, by --fetch nor by --check (issue 48, item 9).
  @Test(arguments: ["http://user:s3cr3t-pw@[bad", "user:s3cr3t-pw@[bad"])
  func aMalformedProxyNeverPrintsItsPassword(proxy: String) async throws {
    let url = "http://127.0.0.2:\(TestHTTPServer.unusedPort())/page"
    let fetched = try await fetch(url, proxy: proxy)
    #expect(fetched.status == 69, "\(fetched.stderr)")
    #expect(fetched.stderr.contains("proxy"), "\(fetched.stderr)")
    let data = try F.file(F.plist(province: "测试省", cities: [("甲市", url)]))
    defer { try? FileManager.default.removeItem(atPath: data) }
    let checked = try await BrowseProcess.run(
      ["--data", data, "--check", "--format", "json", "--no-cache", "--timeout", "20"],
      environment: ["http_proxy": proxy])
    #expect(checked.stdout.contains("proxy"), "\(checked.stdout)")
    for output in [fetched.stdout, fetched.stderr, checked.stdout, checked.stderr] {
      #expect(!output.contains("s3cr3t"), "\(output)")
      #expect(!output.contains("user:"), "\(output)")
    }
  }
}
