import FetchModel
import Foundation
import TestSupport
import Testing

@testable import PageReader
@testable import ProvinceIO

/// Every fetch of a process shares one URLSession (and libcurl's one thread): a fetch whose
/// consumer is slow must hold back only itself.
@Suite struct FetchIsolationTests {
  /// A flag the stalled consumer reports through, set once.
  final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func setOnce() -> Bool {
      lock.withLock {
        defer { value = true }
        return !value
      }
    }
  }

  @Test("a fetch whose consumer is stalled does not delay another transfer of the session")
  func aStalledConsumerHoldsBackOnlyItsOwnFetch() async throws {
    let server = try TestHTTPServer.withStandardRoutes()
    defer { server.stop() }
    let release = DispatchSemaphore(value: 0)
    let stalled = DispatchSemaphore(value: 0)
    let released = Flag()
    let first = Flag()
    let endless = try #require(URL(string: server.baseURL + TestHTTPServer.Path.endless))
    let small = try #require(URL(string: server.baseURL + TestHTTPServer.Path.utf8))
    let held = Task {
      try? await PageFetcher(limits: .init(timeout: 120, maxBytes: 4_000_000)).fetch(endless) {
        event in
        guard case .bytes = event, first.setOnce() else { return }
        stalled.signal()
        // Stalled until the other fetch is done; the deadline only ends a hang.
        if release.wait(timeout: .now() + 90) == .success { _ = released.setOnce() }
      }
    }
    #expect(
      await Thread.waitOff(stalled, seconds: 90), "the endless page's body never began to arrive")
    let other = try? await PageFetcher(limits: .init(timeout: 120)).fetch(small)
    release.signal()
    _ = await held.value
    #expect(other?.status == 200)
    // Released by the signal above, not by its deadline: the small page came while the
    // other fetch's consumer was still stalled.
    #expect(!released.setOnce(), "the small page waited for the stalled consumer to give up")
  }
}

extension Thread {
  /// Waits for `semaphore` on a thread of its own, off the cooperative pool.
  static func waitOff(_ semaphore: DispatchSemaphore, seconds: Double) async -> Bool {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(returning: semaphore.wait(timeout: .now() + seconds) == .success)
      }
    }
  }
}
