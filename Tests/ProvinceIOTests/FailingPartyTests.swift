import FetchModel
import Foundation
import PageReader
import TestSupport
import Testing

@testable import ProvinceCore
@testable import ProvinceIO

/// An error names the party that failed: after a redirect, the hop (its host, and the
/// hop itself), a bad `Location` rather than the address asked for, and a proxy.
@Suite(.timeLimit(.minutes(2))) struct FailingPartyTests {
  private func failure(_ url: URL) async -> FetchError? {
    do {
      _ = try await PageFetcher(limits: .init(timeout: 20)).fetch(url)
      return nil
    } catch {
      return error
    }
  }

  @Test("A refused connection after a redirect names the hop's host and the hop")
  func aFailureAfterARedirectNamesTheHop() async throws {
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    let hop = "http://localhost:\(TestHTTPServer.unusedPort())/gone"
    server.redirectRoute("/moved", to: hop)
    let error = await failure(server.url("/moved"))
    #expect(error == .afterRedirect(hop, .connectionRefused("localhost")))
    let message = try #require(error?.message)
    #expect(message.contains("“localhost”"))
    #expect(message.contains(hop))
    #expect(!message.contains("127.0.0.1"))
    #expect(error?.kind == .networkUnavailable)
  }

  @Test(
    "A Location that is no valid web address is the redirect's fault, not the address's",
    arguments: ["http://1.2.3.256/", "http://a<b/x"])
  func aBadLocationIsNamed(location: String) async throws {
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    server.rawRoute("/bad") { connection in
      connection.write(
        "HTTP/1.1 302 Found\r\nLocation: \(location)\r\nContent-Length: 0\r\n"
          + "Connection: close\r\n\r\n")
    }
    let error = await failure(server.url("/bad"))
    guard case .invalidRedirect(let named) = error else {
      Issue.record("expected an invalid redirect, got \(String(describing: error))")
      return
    }
    #expect(named.contains(location.dropFirst(7).prefix(5)))
    #expect(CheckReport.errorWord(.invalidRedirect(named)) == "bad-redirect")
  }

  @Test("--check's text report shows the data's URL and the hop that failed")
  func theCheckReportSaysTheHop() {
    let target = LinkCheck.Target(province: "测试省", city: "甲市", url: "http://a.test/x")
    let result = LinkCheck.Result(
      target: target,
      outcome: .failed(.afterRedirect("http://b.test/y", .hostNotFound("b.test"))),
      finalURL: URL(string: "http://b.test/y"), attempts: 1)
    let text = CheckReport.text([result], total: 1, elapsed: 1, interrupted: false).joined()
    #expect(text.contains("host-not-found"))
    #expect(text.contains("http://a.test/x → http://b.test/y"))
  }

  @Test("libcurl's 'Failed to connect to' names the party; another host than the URL's is a proxy")
  func aRefusingProxyIsNamed() {
    let url = URL(string: "http://example.test/page")!
    let refusedByProxy = URLError(
      .cannotConnectToHost,
      userInfo: [
        NSLocalizedDescriptionKey:
          "Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn't connect to server"
      ])
    #expect(
      FetchError.from(refusedByProxy, url: url, maxRedirects: 10) == .proxyRefused("127.0.0.1:9"))
    let refusedByServer = URLError(
      .cannotConnectToHost,
      userInfo: [
        NSLocalizedDescriptionKey:
          "Failed to connect to example.test port 80 after 0 ms: Couldn't connect to server"
      ])
    #expect(
      FetchError.from(refusedByServer, url: url, maxRedirects: 10)
        == .connectionRefused("example.test"))
    #expect(FetchError.proxyRefused("127.0.0.1:9").message.contains("proxy “127.0.0.1:9”"))
    #expect(
      FetchError.http(status: 407, reason: "Proxy Authentication Required", page: nil).message
        .contains("proxy"))
  }
}
