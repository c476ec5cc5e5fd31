import FetchModel
import Foundation
import TestSupport
import Testing

@testable import ProvinceCore
@testable import ProvinceIO

/// What a fetch holds in memory while a gzip page decodes to far more than `maxBytes`.
/// Serialized, so that the resident-size figures are this suite's own as far as can be.
@Suite(.serialized) struct FetchMemoryTests {
  typealias GzipBomb = TestHTTPServer.GzipBomb

  @Test func aGzipBodyUnderTheLimitIsDecodedWholeAndInOrder() async throws {
    let page = GzipBomb.zeros(atLeast: 10_000_000)
    #expect(page.gzip.count < 12_000)
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    _ = server.gzipRoute("/zeros", page.gzip)
    let fetched = try await PageFetcher(limits: FetchLimits(timeout: 60, maxBytes: 20_000_000))
      .fetch(server.url("/zeros"))
    #expect(!fetched.truncated)
    #expect(fetched.body.count == page.decodedCount)
    #expect(fetched.body.allSatisfy { $0 == 0 })
  }

  /// A megabyte that decodes to a gigabyte. libcurl decodes everything it has read before
  /// a cancel can reach it, and swift-corelibs-foundation queues every decoded piece for the
  /// delegate without waiting; this was 1.1 GB resident before the queue was bounded.
  @Test(.enabled(if: ResidentMemorySampler.isAvailable))
  func aGigabyteGzipBombStopsAtMaxBytesAndHoldsLittleMore() async throws {
    let bomb = GzipBomb.zeros(atLeast: 1 << 30)
    #expect(bomb.gzip.count < 1_100_000)
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    let hungUp = server.gzipRoute("/bomb", bomb.gzip)
    let sampler = ResidentMemorySampler()
    let limits = FetchLimits(timeout: 60)
    let page = try await PageFetcher(limits: limits).fetch(server.url("/bomb"))
    #expect(page.truncated)
    #expect(page.body.count == limits.maxBytes)
    // Decoding goes on in the background until libcurl lets go of the connection.
    await Self.waitFor(hungUp)
    let growth = sampler.stop()
    // Bounded, it rises by the 5 MB body and a few queued 16 KB pieces; the bound leaves
    // room for the tests of other suites running alongside.
    #expect(growth < 150_000_000, "resident size rose by \(growth / 1_000_000) MB")
  }

  /// The bomb's decoding ends in libcurl a MiB past the largest limit, not a gigabyte on:
  /// libcurl's one thread decodes all it has read before a cancel reaches it, and every
  /// other transfer of the process waited that long (a link check's healthy pages timed out).
  @Test func aGzipBombIsStoppedInLibcurlNotDecodedWhole() async throws {
    let bomb = GzipBomb.zeros(atLeast: 1 << 30)
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    let hungUp = server.gzipRoute("/bomb", bomb.gzip)
    let before = PageFetcher.transfersStoppedPastTheBodyBound
    let limits = FetchLimits(timeout: 60)
    let page = try await PageFetcher(limits: limits).fetch(server.url("/bomb"))
    #expect(page.truncated)
    #expect(page.body.count == limits.maxBytes)
    await Self.waitFor(hungUp)
    #expect(PageFetcher.transfersStoppedPastTheBodyBound > before)
  }

  /// A body no fetch takes in (a redirect's) stopped at the bound is reported as that, not
  /// as libcurl's "failure writing output".
  @Test func aRedirectsBombIsStoppedAndSaysSo() async throws {
    let bomb = GzipBomb.zeros(atLeast: 1 << 30)
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    let hungUp = server.gzipRoute("/bomb", bomb.gzip, redirectingTo: "/elsewhere")
    do {
      let page = try await PageFetcher(limits: FetchLimits(timeout: 60)).fetch(server.url("/bomb"))
      Issue.record("a redirect whose body is a bomb was fetched: \(page.status)")
    } catch {
      #expect(error.message.contains("size limit"), "\(error)")
    }
    await Self.waitFor(hungUp)
  }

  /// Waits for `semaphore` on a thread of its own, at most a minute. Not on a Dispatch
  /// global queue: on Linux its few workers (twice the cores at most) also carry Swift
  /// concurrency and every fetch's session work, callbacks and timers, so one held here
  /// for a minute starved the fetches of other suites into timeouts under load.
  static func waitFor(_ semaphore: DispatchSemaphore) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Thread.detachNewThread {
        _ = semaphore.wait(timeout: .now() + 60)
        continuation.resume()
      }
    }
  }
}
