import FetchModel
import Foundation
import TestSupport
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

/// How long the link checker waits on 429 and 503: never longer than the timeout allows
/// (beyond it the link is "rate-limited"), never less than a doubling floor. The waits are
/// recorded, not slept.
@Suite struct LinkCheckRetryTests {
  typealias CheckPath = TestHTTPServer.CheckPath
  typealias Waits = LinkCheckTests.Waits

  private func check(
    _ path: String, timeout: TimeInterval, waits: Waits
  ) async throws -> (LinkCheck.Result, TestHTTPServer) {
    let server = try TestHTTPServer.withStandardRoutes()
    server.addCheckRoutes()
    let checker = LinkChecker(
      fetcher: PageFetcher(limits: FetchLimits(timeout: timeout)),
      wait: { waits.record($0) })
    let result = await checker.check(
      LinkCheck.Target(province: "广东省", city: path, url: server.url(path).absoluteString))
    return (result, server)
  }

  @Test func aRetryAfterLongerThanTheTimeoutIsRateLimitedWithoutWaiting() async throws {
    let waits = Waits()
    let (result, server) = try await check(CheckPath.alwaysBusy, timeout: 5, waits: waits)
    defer { server.stop() }
    #expect(result.outcome == .failed(.rateLimited(retryAfter: 3600)))
    #expect(result.isBroken)
    #expect(result.attempts == 1)
    #expect(waits.all == [])
    #expect(server.requests.count == 1)
    #expect(CheckReport.statusField(result.outcome) == "rate-limited")
  }

  @Test func retryAfterZeroStillBacksOffFromHalfASecondDoubling() async throws {
    let waits = Waits()
    let (result, server) = try await check(CheckPath.busyNoWait, timeout: 15, waits: waits)
    defer { server.stop() }
    #expect(result.outcome == .status(429))
    #expect(result.attempts == 4)
    #expect(waits.all == [0.5, 1, 2])
  }

  @Test func retriesStopWhenTheirWaitsWouldOutlastTheTimeout() async throws {
    let waits = Waits()
    // 0.5 + 1 fit in 2 s; the next 2 would not, so the third retry is not made.
    let (result, server) = try await check(CheckPath.busyNoWait, timeout: 2, waits: waits)
    defer { server.stop() }
    #expect(result.outcome == .status(429))
    #expect(waits.all == [0.5, 1])
    #expect(result.attempts == 3)
  }

  @Test func theDecisionForEachRetry() {
    let policy = LinkCheck.RetryPolicy()
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    func next(_ retry: Int, _ after: String?, waited: TimeInterval = 0, budget: TimeInterval = 15)
      -> LinkCheck.RetryDecision
    {
      policy.next(retry: retry, retryAfter: after, waited: waited, budget: budget, now: now)
    }
    #expect(next(0, "3") == .wait(3))
    #expect(next(0, "0") == .wait(0.5))
    #expect(next(2, "0") == .wait(2))
    #expect(next(0, nil) == .wait(1))
    #expect(next(0, "16") == .rateLimited(retryAfter: 16))
    #expect(next(0, "10", waited: 6) == .rateLimited(retryAfter: 10))
    #expect(next(0, "3600", budget: 4000) == .rateLimited(retryAfter: 3600))  // over maxDelay
    #expect(next(3, nil, waited: 10) == .giveUp)  // 8 s more would pass 15
    #expect(next(0, "-5") == .wait(0.5))
  }
}
