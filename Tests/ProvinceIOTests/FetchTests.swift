import FetchModel
import Foundation
import TestSupport
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches against a real HTTP server on 127.0.0.1: one test per kind of page or failure.
@Suite struct FetchTests {
  typealias Path = TestHTTPServer.Path

  /// Runs `body` with a fresh server that is stopped even when an expectation fails.
  private func withServer(
    _ body: (TestHTTPServer) async throws -> Void
  ) async throws {
    let server = try TestHTTPServer.withStandardRoutes()
    defer { server.stop() }
    try await body(server)
  }

  private func fetch(
    _ url: URL, limits: FetchLimits = .init(),
    onEvent: @escaping @Sendable (FetchEvent) -> Void = { _ in }
  ) async -> Result<FetchedPage, FetchError> {
    do {
      return .success(try await PageFetcher(limits: limits).fetch(url, onEvent: onEvent))
    } catch {
      return .failure(error)
    }
  }

  private func error(_ result: Result<FetchedPage, FetchError>) -> FetchError? {
    if case .failure(let error) = result { return error }
    return nil
  }

  @Test func aUTF8PageArrivesWithItsTextAndHeaders() async throws {
    try await withServer { server in
      let page = try await PageFetcher().fetch(server.url(Path.utf8))
      #expect(page.status == 200)
      #expect(page.isHTML)
      #expect(page.mimeType == "text/html")
      #expect(page.header("CONTENT-TYPE") == "text/html; charset=utf-8")
      #expect(page.text().contains("<h1>广州市</h1>"))
      #expect(page.finalURL == server.url(Path.utf8))
      #expect(page.redirects == 0)
      #expect(!page.truncated)
    }
  }

  @Test func aGzipEncodedBodyArrivesDecoded() async throws {
    try await withServer { server in
      let page = try await PageFetcher().fetch(server.url(Path.gzip))
      #expect(page.text() == "<p>压缩 gzip ok</p>")
    }
  }

  @Test func aGBKPageWithItsCharsetOnlyInAMetaTagDecodesToChinese() async throws {
    try await withServer { server in
      let page = try await PageFetcher().fetch(server.url(Path.gbkMeta))
      #expect(page.contentType == "text/html")
      #expect(CharsetDecoder.detectCharset(page.body, contentType: page.contentType) == "gb18030")
      #expect(page.text().contains("<p>你好 广州市</p>"))
    }
  }

  @Test func aBig5PageDecodesToTraditionalChinese() async throws {
    try await withServer { server in
      let page = try await PageFetcher().fetch(server.url(Path.big5))
      #expect(CharsetDecoder.detectCharset(page.body, contentType: page.contentType) == "big5")
      #expect(page.text().contains("<p>你好 臺北市</p>"))
    }
  }

  @Test func aThreeHopRedirectChainIsFollowedToTheFinalPage() async throws {
    try await withServer { server in
      let page = try await PageFetcher().fetch(server.url(Path.redirectChain))
      #expect(page.redirects == 3)
      #expect(page.requestedURL == server.url(Path.redirectChain))
      #expect(page.finalURL == server.url(Path.utf8))
      #expect(page.text().contains("广州市"))
      #expect(server.requests.map(\.path) == ["/hop/1", "/hop/2", "/hop/3", Path.utf8])
    }
  }

  @Test func redirectsReportOnlyTheFinalResponse() async throws {
    try await withServer { server in
      let events = EventLog()
      _ = try await PageFetcher().fetch(server.url(Path.redirectChain)) { events.append($0) }
      let responses = events.all.filter {
        if case .responseReceived = $0 { return true }
        return false
      }
      #expect(responses == [.responseReceived(status: 200)])
    }
  }

  @Test func aRedirectLoopStopsAfterTheRedirectLimit() async throws {
    try await withServer { server in
      let result = await fetch(server.url(Path.redirectLoop))
      #expect(error(result) == .tooManyRedirects(10))
      // The first request and ten followed redirects; the eleventh is not followed.
      #expect(server.requests.count == 11)
    }
  }

  @Test func aLowerRedirectLimitIsHonoured() async throws {
    try await withServer { server in
      let result = await fetch(server.url(Path.redirectChain), limits: .init(maxRedirects: 2))
      #expect(error(result) == .tooManyRedirects(2))
      #expect(server.requests.count == 3)
    }
  }

  @Test func aRedirectToAFileURLIsRefusedAndNotFollowed() async throws {
    try await withServer { server in
      let result = await fetch(server.url(Path.redirectToFile))
      let failure = try #require(error(result))
      #expect(failure == .redirectToUnsupportedScheme("file"))
      #expect(failure.message.contains("file:"))
      #expect(server.requests.count == 1)
    }
  }

  @Test(arguments: [
    (Path.notFound, 404, "Nothing here"), (Path.serverError, 500, "Something broke"),
    (Path.unavailable, 503, "Come back later"),
  ])
  func anHTTPErrorKeepsItsStatusReasonAndPage(path: String, status: Int, text: String)
    async throws
  {
    try await withServer { server in
      let result = await fetch(server.url(path))
      guard case .http(let gotStatus, let reason, let page) = error(result) else {
        Issue.record("expected an HTTP error, got \(result)")
        return
      }
      #expect(gotStatus == status)
      #expect(reason == HTTPURLResponse.localizedString(forStatusCode: status))
      #expect(!reason.isEmpty)
      #expect(page?.text().contains(text) == true)
      #expect(page?.status == status)
      #expect(error(result)?.message.contains("\(status)") == true)
    }
  }

  @Test func aSlowDripArrivesWholeWithGrowingByteEvents() async throws {
    try await withServer { server in
      let events = EventLog()
      let page = try await PageFetcher().fetch(server.url(Path.drip)) { events.append($0) }
      let total = TestHTTPServer.dripPieces * TestHTTPServer.dripPieceSize
      #expect(page.body.count == total)
      let log = events.all
      #expect(log.first == .started)
      #expect(log.dropFirst().first == .responseReceived(status: 200))
      let counts = log.compactMap { event -> Int? in
        if case .bytes(let total) = event { return total }
        return nil
      }
      #expect(counts.count > 1)
      #expect(counts == counts.sorted() && Set(counts).count == counts.count)
      #expect(counts.last == total)
    }
  }

  @Test func aServerThatNeverAnswersTimesOut() async throws {
    try await withServer { server in
      let result = await fetch(server.url(Path.silent), limits: .init(timeout: 1))
      #expect(error(result) == .timedOut)
    }
  }

  @Test func aServerThatHangsUpWithoutAnsweringLosesTheConnection() async throws {
    try await withServer { server in
      let result = await fetch(server.url(Path.hangUp))
      #expect(error(result) == .connectionLost)
    }
  }

  @Test func theTimeoutCoversTheWholeBodyAndKeepsWhatCame() async throws {
    try await withServer { server in
      // A byte comes every 0.1 s for a minute, so only a limit on the whole fetch stops this
      // body; what came by then is the page, cut at the timeout and marked so. The limit is
      // 3 s, not 1: under a loaded CI the first bytes alone once took over a second, and a
      // fetch with no body yet is rightly a timeout.
      let page = try await fetch(server.url(Path.dripForever), limits: .init(timeout: 3)).get()
      #expect(page.status == 200)
      #expect(page.truncated && page.cutAtTimeout)
      #expect(!page.body.isEmpty && page.body.count < 600, "\(page.body.count) bytes")
      #expect(page.body.allSatisfy { $0 == UInt8(ascii: "x") })
    }
  }

  @Test func anEndlessBodyIsCutAtTheSizeLimitAndMarkedTruncated() async throws {
    try await withServer { server in
      let page = try await PageFetcher(limits: .init(maxBytes: 100_000))
        .fetch(server.url(Path.endless))
      #expect(page.truncated)
      #expect(page.body.count == 100_000)
      #expect(page.body.allSatisfy { $0 == UInt8(ascii: "a") })
    }
  }

  @Test func aConnectionResetMidBodyIsReportedAsLost() async throws {
    try await withServer { server in
      let result = await fetch(server.url(Path.reset))
      #expect(error(result) == .connectionLost)
    }
  }

  @Test func anImageIsFetchedButNotTakenForHTML() async throws {
    try await withServer { server in
      let page = try await PageFetcher().fetch(server.url(Path.png))
      #expect(!page.isHTML)
      #expect(page.mimeType == "image/png")
      #expect(page.body == Data(TestHTTPServer.Bytes.png))
    }
  }

  @Test func anEmptyOKBodyIsAnError() async throws {
    try await withServer { server in
      let result = await fetch(server.url(Path.empty))
      #expect(error(result) == .emptyBody)
    }
  }

  @Test func cancellingTheTaskStopsASlowFetch() async throws {
    try await withServer { server in
      let (firstBytes, signal) = AsyncStream<Void>.makeStream()
      let task = Task {
        // The timeout only bounds a cancel that never lands; under load the first bytes
        // alone can take seconds, so it must not be what ends the fetch.
        await fetch(server.url(Path.dripForever), limits: .init(timeout: 60)) { event in
          if case .bytes = event { signal.yield() }
        }
      }
      for await _ in firstBytes { break }
      task.cancel()
      #expect(error(await task.value) == .cancelled)
    }
  }

  @Test func anAlreadyCancelledTaskMakesNoRequest() async throws {
    try await withServer { server in
      let task = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return await fetch(server.url(Path.utf8))
      }
      #expect(error(await task.value) == .cancelled)
      #expect(server.requests.isEmpty)
    }
  }

  @Test func aClosedPortRefusesTheConnection() async {
    let port = TestHTTPServer.unusedPort()
    let result = await fetch(URL(string: "http://127.0.0.1:\(port)/")!)
    #expect(error(result) == .connectionRefused("127.0.0.1"))
  }

  // Name resolution failures are covered by the error-mapping tests (FetchErrorTests):
  // resolving a name here would send a DNS query off this machine, and tests stay on loopback.

  @Test func httpsToAPlainHTTPServerIsATLSFailure() async throws {
    try await withServer { server in
      let result = await fetch(
        URL(string: "https://127.0.0.1:\(server.port)/utf8")!, limits: .init(timeout: 30))
      guard case .tlsFailure = error(result) else {
        Issue.record("expected a TLS failure, got \(result)")
        return
      }
    }
  }

  @Test(arguments: [
    ("file:///etc/passwd", "file"), ("javascript:alert(1)", "javascript"),
    ("FTP://127.0.0.1/x", "ftp"), ("mailto:a@example.com", "mailto"),
  ])
  func anUnsupportedSchemeIsRefusedWithoutARequest(address: String, scheme: String) async throws {
    let result = await fetch(try #require(URL(string: address)))
    #expect(error(result) == .unsupportedScheme(scheme))
  }

  @Test func anFTPAddressOnTheTestServerNeverReachesIt() async throws {
    try await withServer { server in
      let result = await fetch(URL(string: "ftp://127.0.0.1:\(server.port)/utf8")!)
      #expect(error(result) == .unsupportedScheme("ftp"))
      #expect(server.requests.isEmpty)
    }
  }

  @Test func theRequestIsAGETWithBrowserLikeHeaders() async throws {
    try await withServer { server in
      _ = try await PageFetcher().fetch(server.url(Path.utf8 + "?q=1"))
      let request = try #require(server.requests.first)
      #expect(request.method == "GET")
      #expect(request.target == Path.utf8 + "?q=1")
      #expect(request.header("accept")?.hasPrefix("text/html") == true)
      #expect(request.header("user-agent")?.contains("ProvinceBrowser") == true)
    }
  }
}

/// Events collected from a fetch's background queue.
final class EventLog: @unchecked Sendable {
  private let lock = NSLock()
  private var events: [FetchEvent] = []

  func append(_ event: FetchEvent) {
    lock.withLock { events.append(event) }
  }

  var all: [FetchEvent] {
    lock.withLock { events }
  }
}
