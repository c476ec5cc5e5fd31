import Foundation
import TestSupport
import Testing

@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO

/// The plain-HTTP client on the wire: framings the standard routes do not send, what it
/// asks for, and the hand-off to URLSession when a redirect leads to https.
@Suite(.timeLimit(.minutes(1))) struct PlainHTTPFetchTests {
  private func withServer(_ body: (TestHTTPServer) async throws -> Void) async throws {
    let server = try TestHTTPServer.withStandardRoutes()
    defer { server.stop() }
    try await body(server)
  }

  private func fetch(_ url: URL, limits: FetchLimits = .init(), headers: [String: String] = [:])
    async -> Result<FetchedPage, FetchError>
  {
    do {
      return .success(
        try await PageFetcher(limits: limits).fetch(url, method: "GET", headers: headers))
    } catch {
      return .failure(error)
    }
  }

  /// The detail of an `.other` failure, or nil for any other outcome.
  private func otherFailure(_ result: Result<FetchedPage, FetchError>) -> String? {
    if case .failure(.other(let why)) = result { return why }
    return nil
  }

  @Test func aChunkedBodySentInPausesArrivesWholeAndInOrder() async throws {
    try await withServer { server in
      server.rawRoute("/chunked") { connection in
        guard connection.write("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n")
        else { return }
        guard connection.write("Transfer-Encoding: chunked\r\n\r\n") else { return }
        for part in ["<p>广", "州", "市</p>"] {
          let size = String(part.utf8.count, radix: 16)
          guard connection.write("\(size)\r\n\(part)\r\n"), connection.pause(0.02) else { return }
        }
        _ = connection.write("0\r\n\r\n")
      }
      let page = try await fetch(server.url("/chunked")).get()
      #expect(page.text() == "<p>广州市</p>")
      #expect(!page.truncated)
    }
  }

  @Test func aBodyWithoutLengthEndsWhenTheServerCloses() async throws {
    try await withServer { server in
      server.rawRoute("/until-close") { connection in
        _ = connection.write("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nto the end")
      }
      let page = try await fetch(server.url("/until-close")).get()
      #expect(page.text() == "to the end")
      #expect(page.isPlainText)
    }
  }

  @Test func aRedirectIsFollowedWithoutWaitingForItsBody() async throws {
    try await withServer { server in
      server.rawRoute("/slow-redirect") { connection in
        let head =
          "HTTP/1.1 302 Found\r\nLocation: \(TestHTTPServer.Path.utf8)\r\n"
          + "Content-Length: 1000000\r\n\r\nmoved"
        guard connection.write(head) else { return }
        _ = connection.pause(20)
      }
      let events = EventLog()
      let page = try await PageFetcher(limits: FetchLimits(timeout: 5)).fetch(
        server.url("/slow-redirect"), onEvent: events.append
      )
      #expect(page.text().contains("广州"))
      #expect(page.redirects == 1)
      // Bytes are counted for the page only, never for the redirect's body.
      #expect(
        events.all.compactMap { if case .bytes(let n) = $0 { n } else { nil } }.allSatisfy {
          $0 <= page.body.count
        })
    }
  }

  @Test func aBodyCutShortOfItsLengthIsALostConnection() async throws {
    try await withServer { server in
      server.rawRoute("/short") { connection in
        _ = connection.write("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly this")
      }
      await #expect(throws: FetchError.connectionLost) {
        try await fetch(server.url("/short")).get()
      }
    }
  }

  @Test func garbageInsteadOfAnAnswerIsNotValidHTTP() async throws {
    try await withServer { server in
      server.rawRoute("/garbage") { connection in
        _ = connection.write("SSH-2.0-OpenSSH_9.2\r\n\r\n")
      }
      let why = otherFailure(await fetch(server.url("/garbage")))
      #expect(why?.contains("not valid HTTP") == true, "\(why ?? "no failure")")
    }
  }

  @Test func theRequestAsksForCompressionAndCloseAndCarriesExtraFields() async throws {
    try await withServer { server in
      _ = try await fetch(
        server.url(TestHTTPServer.Path.utf8), headers: ["If-None-Match": "\"v1\""]
      ).get()
      let request = try #require(server.requests.first)
      #expect(request.method == "GET")
      #expect(request.header("Host") == "127.0.0.1:\(server.port)")
      #expect(request.header("Accept-Encoding") == "gzip, deflate")
      #expect(request.header("Connection") == "close")
      #expect(request.header("If-None-Match") == "\"v1\"")
      #expect(request.header("User-Agent")?.hasPrefix("ProvinceBrowser/") == true)
    }
  }

  @Test func aFieldThatWouldSplitTheRequestIsLeftOut() async throws {
    try await withServer { server in
      // An ETag a hostile server stored in the cache, sent back as If-None-Match.
      _ = try await fetch(
        server.url(TestHTTPServer.Path.utf8), headers: ["If-None-Match": "\"v\"\r\nEvil: 1"]
      ).get()
      let request = try #require(server.requests.first)
      #expect(request.header("If-None-Match") == nil)
      #expect(request.header("Evil") == nil)
      #expect(server.requests.count == 1)
    }
  }

  @Test func aNameIsLookedUpAndEachAddressTried() async throws {
    try await withServer { server in
      // localhost may give ::1 first; the server listens on 127.0.0.1 only.
      let url = try #require(
        URL(string: "http://localhost:\(server.port)\(TestHTTPServer.Path.utf8)"))
      let page = try await fetch(url).get()
      #expect(page.text().contains("广州"))
      #expect(server.requests.first?.header("Host") == "localhost:\(server.port)")
    }
  }

  @Test func anUnknownNameIsHostNotFound() async {
    let url = URL(string: "http://no-such-host.invalid/")!
    await #expect(throws: FetchError.hostNotFound("no-such-host.invalid")) {
      try await fetch(url).get()
    }
  }

  @Test func aRedirectToHTTPSIsHandedToURLSessionWithTheRedirectsCounted() async throws {
    try await withServer { server in
      // https to a plain-HTTP port: only URLSession (libcurl's TLS) can have said so.
      server.redirectRoute("/to-https", to: "https://127.0.0.1:\(server.port)/secure")
      let result = await fetch(server.url("/to-https"))
      guard case .failure(.tlsFailure) = result else {
        Issue.record("expected a TLS failure from the hand-off, got \(result)")
        return
      }
      #expect(server.requests.first?.path == "/to-https")
    }
  }

  @Test func anEncodingThatWasNotAskedForIsOneClearError() async throws {
    try await withServer { server in
      server.route("/brotli") { _ in
        var response = TestHTTPServer.Response.html("<p>x</p>")
        response.headers.append(("Content-Encoding", "br"))
        return response
      }
      let why = otherFailure(await fetch(server.url("/brotli")))
      #expect(why?.contains("(br)") == true, "\(why ?? "no failure")")
    }
  }

  @Test func finishedFetchesLeaveNoDescriptorsOpen() async throws {
    try await withServer { server in
      let fetcher = PageFetcher(limits: FetchLimits(timeout: 30))
      _ = try await fetcher.fetch(server.url(TestHTTPServer.Path.utf8))
      let before = try Self.openDescriptors()
      for _ in 0..<100 { _ = try await fetcher.fetch(server.url(TestHTTPServer.Path.utf8)) }
      // Tests run in parallel in this process, so allow a little; a pipe or socket per
      // fetch kept until its 30 s timer would be 100 to 300.
      #expect(try Self.openDescriptors() < before + 40)
    }
  }

  private static func openDescriptors() throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
  }
}
