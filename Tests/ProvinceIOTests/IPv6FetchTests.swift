import FetchModel
import Foundation
import TestSupport
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

/// Fetching and checking `http://[::1]:PORT/…` against a server listening on ::1 only.
/// URLSession in Swift 6.3 refuses IPv6-literal URLs (swift-corelibs-foundation#5496);
/// CurlLoader hands Foundation the host as it expects (RELIABILITY.md, "IPv6 literals").
/// The page, its final URL and redirects must read as the IPv6 origin.
@Suite(.enabled(if: TestHTTPServer.canListenOnIPv6Loopback))
struct IPv6FetchTests {
  typealias Path = TestHTTPServer.Path

  private func withServer(_ body: (TestHTTPServer) async throws -> Void) async throws {
    let server = try TestHTTPServer.started(ipv6: true)
    defer { server.stop() }
    server.addStandardRoutes()
    server.addCheckRoutes()
    try await body(server)
  }

  @Test func aPageOnAnIPv6LiteralIsFetchedWithItsOwnHostHeader() async throws {
    try await withServer { server in
      #expect(server.baseURL.hasPrefix("http://[::1]:"))
      let url = server.url(Path.utf8)
      let page = try await PageFetcher().fetch(url)
      #expect(page.status == 200)
      #expect(page.text().contains("广州"))
      #expect(page.requestedURL == url)
      #expect(page.finalURL == url)
      #expect(server.requests.first?.header("Host") == "[::1]:\(server.port)")
    }
  }

  @Test func redirectsOnTheSameOriginAreFollowedAndReportedThere() async throws {
    try await withServer { server in
      let page = try await PageFetcher().fetch(server.url(Path.redirectChain))
      #expect(page.redirects == 3)
      #expect(page.finalURL.absoluteString == server.baseURL + Path.utf8)
      #expect(server.requests.map(\.path) == ["/hop/1", "/hop/2", "/hop/3", Path.utf8])
      #expect(server.requests.allSatisfy { $0.header("Host") == "[::1]:\(server.port)" })
    }
  }

  @Test func aGzipPageOnAnIPv6LiteralIsDecoded() async throws {
    try await withServer { server in
      let page = try await PageFetcher().fetch(server.url(Path.gzip))
      #expect(page.text().contains("gzip ok"))
    }
  }

  @Test func theLinkCheckerChecksAnIPv6Literal() async throws {
    try await withServer { server in
      let checker = LinkChecker(fetcher: PageFetcher(limits: .init(timeout: 30)), wait: { _ in })
      let result = await checker.check(
        LinkCheck.Target(
          province: "p", city: "c", url: server.url(TestHTTPServer.CheckPath.ok).absoluteString))
      #expect(result.outcome == .status(200))
      #expect(result.finalURL == server.url(TestHTTPServer.CheckPath.ok))
    }
  }

  @Test func nothingListeningOnTheIPv6PortIsARefusal() async throws {
    let port: UInt16
    do {
      let server = try TestHTTPServer.started(ipv6: true)
      port = server.port
      server.stop()
    }
    let url = try #require(URL(string: "http://[::1]:\(port)/"))
    await #expect(throws: FetchError.connectionRefused("[::1]")) {
      _ = try await PageFetcher(limits: .init(timeout: 30)).fetch(url)
    }
  }

  @Test func httpsToAnIPv6LiteralReachesTheServer() async throws {
    try await withServer { server in
      // https to a plain-HTTP port on ::1: only a connection that was made can fail in TLS.
      let url = try #require(URL(string: "https://[::1]:\(server.port)/"))
      do {
        let page = try await PageFetcher(limits: .init(timeout: 30)).fetch(url)
        Issue.record("expected a TLS failure, got a page with status \(page.status)")
      } catch {
        guard case FetchError.tlsFailure = error else {
          Issue.record("expected a TLS failure, got \(error)")
          return
        }
      }
    }
  }
}
