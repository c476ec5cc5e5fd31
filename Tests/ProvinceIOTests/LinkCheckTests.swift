import FetchModel
import Foundation
import TestSupport
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

/// The link checker against a real server on 127.0.0.1: statuses, HEAD and GET, retries,
/// redirects, timeouts, the concurrency limits and cancellation.
@Suite struct LinkCheckTests {
  typealias CheckPath = TestHTTPServer.CheckPath

  /// The waits the checker asked for, instead of waiting.
  final class Waits: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [TimeInterval] = []
    func record(_ seconds: TimeInterval) { lock.withLock { seen.append(seconds) } }
    var all: [TimeInterval] { lock.withLock { seen } }
  }

  private func server(gauge: TestHTTPServer.Gauge = .init()) throws -> TestHTTPServer {
    let server = try TestHTTPServer.withStandardRoutes()
    server.addCheckRoutes(gauge: gauge)
    return server
  }

  private func checker(
    timeout: TimeInterval = 1, jobs: Int = 8, perHost: Int = 4, waits: Waits = Waits()
  ) -> LinkChecker {
    LinkChecker(
      fetcher: PageFetcher(limits: FetchLimits(timeout: timeout, maxBytes: 16_384)),
      jobs: jobs, perHost: perHost, wait: { waits.record($0) })
  }

  private func target(_ server: TestHTTPServer, _ path: String) -> LinkCheck.Target {
    LinkCheck.Target(province: "广东省", city: path, url: server.url(path).absoluteString)
  }

  @Test func aMixOfPagesGetsOneResultEachInTheOrderGiven() async throws {
    let server = try server()
    defer { server.stop() }
    let paths = [
      CheckPath.ok, TestHTTPServer.Path.notFound, TestHTTPServer.Path.serverError,
      CheckPath.headRefused, CheckPath.busyOnce, CheckPath.redirect,
    ]
    // No page here is to time out: the limit only ends a hang. (A 1 s limit failed the
    // healthy pages of this mix under CI's load; the timeout is its own test below.)
    let waits = Waits()
    let results = await checker(timeout: 30, waits: waits).check(paths.map { target(server, $0) })

    #expect(results.map(\.target.city) == paths)
    // busy-once asks for 7 s, which the 30 s limit allows: waited (the wait is the
    // test's, not slept), then asked again.
    #expect(
      results.map(\.outcome) == [
        .status(200), .status(404), .status(500), .status(200), .status(200), .status(200),
      ])
    #expect(results.map(\.isBroken) == [false, true, true, false, false, false])
    #expect(waits.all == [7])
  }

  @Test func aPageSlowerThanTheLimitTimesOutAndOneAskingForMoreIsNotWaitedFor() async throws {
    let server = try server()
    defer { server.stop() }
    let paths = [CheckPath.slow, CheckPath.busyOnce]
    let waits = Waits()
    // The slow page answers after 5 s and busy-once asks for 7: with a 3 s limit, short of
    // both and well past the 429's own exchange, the one times out and the other is
    // rate-limited, not waited for.
    let results = await checker(timeout: 3, waits: waits).check(paths.map { target(server, $0) })
    #expect(results.map(\.outcome) == [.failed(.timedOut), .failed(.rateLimited(retryAfter: 7))])
    #expect(results.map(\.isBroken) == [true, true])
    #expect(waits.all.isEmpty)
  }

  @Test func headComesFirstAndGetReadsAnHTMLPagesHeadOrTheStatusWhenHeadIsRefused()
    async throws
  {
    let server = try server()
    defer { server.stop() }
    let checker = checker(timeout: 30)
    let ok = await checker.check(target(server, CheckPath.ok))
    let refused = await checker.check(target(server, CheckPath.headRefused))
    let notImplemented = await checker.check(target(server, CheckPath.headNotImplemented))

    #expect(ok.attempts == 1)
    #expect(refused.outcome == .status(200) && refused.attempts == 2)
    #expect(notImplemented.outcome == .status(200) && notImplemented.attempts == 2)
    let methods = server.requests.map { "\($0.method) \($0.path)" }
    #expect(
      methods == [
        "HEAD \(CheckPath.ok)", "GET \(CheckPath.ok)", "HEAD \(CheckPath.headRefused)",
        "GET \(CheckPath.headRefused)",
        "HEAD \(CheckPath.headNotImplemented)", "GET \(CheckPath.headNotImplemented)",
      ])
  }

  @Test func aHeadAnswerIsAPageWithoutABodyNotAnEmptyBodyError() async throws {
    let server = try server()
    defer { server.stop() }
    let fetcher = PageFetcher(limits: FetchLimits(timeout: 30))
    let head = try await fetcher.fetch(server.url(CheckPath.ok), method: "HEAD", headers: [:])
    #expect(head.status == 200)
    #expect(head.body.isEmpty)
    #expect(head.mimeType == "text/html")
    await #expect(throws: FetchError.emptyBody) {
      _ = try await fetcher.fetch(server.url(TestHTTPServer.Path.empty))
    }
    #expect(server.requests.first?.method == "HEAD")
  }

  @Test func aRedirectIsFollowedAndTheFinalURLReported() async throws {
    let server = try server()
    defer { server.stop() }
    let result = await checker(timeout: 30).check(target(server, CheckPath.redirect))
    #expect(result.outcome == .status(200))
    #expect(result.finalURL == server.url(CheckPath.ok))
  }

  @Test func a429IsRetriedAfterTheWaitItsRetryAfterAsks() async throws {
    let server = try server()
    defer { server.stop() }
    let waits = Waits()
    let result = await checker(timeout: 10, waits: waits).check(target(server, CheckPath.busyOnce))
    #expect(result.outcome == .status(200))
    #expect(result.attempts == 2)
    #expect(waits.all == [7])
  }

  @Test func a429KeepsFailingAfterBoundedRetries() async throws {
    let server = try server()
    defer { server.stop() }
    let waits = Waits()
    let checker = LinkChecker(
      fetcher: PageFetcher(limits: FetchLimits(timeout: 15)),
      retry: .init(maxRetries: 2, baseDelay: 1, maxDelay: 30), wait: { waits.record($0) })
    let result = await checker.check(target(server, CheckPath.busyNoWait))
    #expect(result.outcome == .status(429))
    #expect(result.isBroken)
    #expect(result.attempts == 3)
    #expect(waits.all == [0.5, 1])
    #expect(server.requests.count == 3)
  }

  @Test func noMoreThanFourRequestsGoToOneHostAtOnce() async throws {
    let gauge = TestHTTPServer.Gauge()
    let server = try server(gauge: gauge)
    defer { server.stop() }
    let targets = (0..<12).map { _ in target(server, CheckPath.hold) }
    let results = await checker(jobs: 8).check(targets)
    #expect(results.count == 12)
    #expect(gauge.maximum > 1 && gauge.maximum <= 4, "peak \(gauge.maximum) at one host")
  }

  @Test func noMoreThanJobsRequestsAreInFlightAtOnce() async throws {
    let gauge = TestHTTPServer.Gauge()
    let server = try server(gauge: gauge)
    defer { server.stop() }
    let targets = (0..<6).map { _ in target(server, CheckPath.hold) }
    let results = await checker(jobs: 2, perHost: 10).check(targets)
    #expect(results.count == 6)
    // Each request is held 0.2 s, so two jobs overlap: a peak of 1 would be no
    // concurrency at all, and more than 2 the limit ignored.
    #expect(gauge.maximum == 2, "peak \(gauge.maximum) requests at once with jobs 2")
  }

  @Test func progressCountsUpToTheTotalWithTheBrokenSoFar() async throws {
    let server = try server()
    defer { server.stop() }
    let seen = Waits()
    let broken = Waits()
    let paths = [CheckPath.ok, TestHTTPServer.Path.notFound, CheckPath.ok]
    // No page here is to time out: the limit only ends a hang (1 s timed out the healthy
    // pages under CI's load).
    _ = await checker(timeout: 30, jobs: 1).check(paths.map { target(server, $0) }) {
      _, progress in
      seen.record(Double(progress.checked))
      broken.record(Double(progress.broken))
      #expect(progress.total == 3)
    }
    #expect(seen.all == [1, 2, 3])
    #expect(broken.all == [0, 1, 1])
  }

  /// The time limit only ends a hang: the test waits for the two quick results as events,
  /// which a loaded run (Swift concurrency's two workers taken by other suites' bodies) can
  /// deliver late.
  @Test(.timeLimit(.minutes(3))) func cancellingReportsOnlyWhatWasCheckedBefore() async throws {
    let server = try server()
    defer { server.stop() }
    // Pages that answer only when the server stops (not after CheckPath.slow's 5 s): on a
    // loaded machine the quick pages' progress can take longer than that to arrive, and
    // the slow ones would then be checked before the cancel.
    // The quick pages are not HTML, so that each is one HEAD (an HTML page's head is read
    // with a GET too, one more request to wait for on a loaded machine).
    let quick = "/check/quick-text"
    server.route(quick) { _ in .bytes(Array("ok".utf8), contentType: "text/plain") }
    let paths = [quick, quick] + Array(repeating: CheckPath.stall, count: 6)
    let checker = checker(timeout: 150, jobs: 4)
    let (checkedTwo, reached) = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      let results = await checker.check(paths.map { target(server, $0) }) { _, progress in
        if progress.checked >= 2 { reached.finish() }
      }
      reached.finish()
      return results
    }
    // Ends when the second result is reported (a stalled page never answers before the
    // server stops), or when the check ends without it.
    for await _ in checkedTwo {}
    task.cancel()
    let results = await task.value
    #expect(results.map(\.target.city) == [quick, quick])
    #expect(results.allSatisfy { $0.outcome == .status(200) })
  }

  @Test func anAddressWithoutSchemeOrHostIsBrokenWithoutARequest() async throws {
    let server = try server()
    defer { server.stop() }
    for address in ["not a url", "127.0.0.1:\(server.port)/check/ok", "http:///check/ok"] {
      let result = await checker().check(
        LinkCheck.Target(province: "p", city: "c", url: address))
      guard case .failed(.invalidURL) = result.outcome else {
        Issue.record("\(address): \(result.outcome)")
        continue
      }
      #expect(result.isBroken)
    }
    #expect(server.requests.isEmpty)
  }

  @Test func retryAfterIsReadAsSecondsOrAnHTTPDateAndCapped() {
    let policy = LinkCheck.RetryPolicy(maxRetries: 3, baseDelay: 1, maxDelay: 30)
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    #expect(policy.delay(retry: 0, retryAfter: "5", now: now) == 5)
    #expect(policy.delay(retry: 0, retryAfter: "99999", now: now) == 30)
    #expect(policy.delay(retry: 0, retryAfter: nil, now: now) == 1)
    #expect(policy.delay(retry: 2, retryAfter: nil, now: now) == 4)
    #expect(policy.delay(retry: 0, retryAfter: "soon", now: now) == 1)
    // 1_800_000_000 is Fri, 15 Jan 2027 08:00:00 GMT.
    let date = "Fri, 15 Jan 2027 08:00:12 GMT"
    #expect(policy.delay(retry: 0, retryAfter: date, now: now) == 12)
  }
}
