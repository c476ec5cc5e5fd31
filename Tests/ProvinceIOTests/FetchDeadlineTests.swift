import FetchModel
import Foundation
import Synchronization
import Testing

@testable import ProvinceIO

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A fetch has a deadline while it waits for libcurl's queue too: a wedged queue must not
/// leave it waiting for ever. (The session's bound for that wait is 30 s, or the fetch's
/// own limit where longer; this test's session waits 0.2 s.)
@Suite struct FetchDeadlineTests {
  @Test func aFetchWhoseTaskCannotBeMadeTimesOutAtItsLimit() async {
    // The queue where tasks are made and resumed, held as a busy libcurl queue would hold it.
    let held = DispatchQueue(label: "test.held-starts")
    held.suspend()
    let session = FetchSession(starts: held, longestQueueWait: 0.2)
    let url = URL(string: "http://127.0.0.1:9/never-requested")!
    let delegate = FetchTaskDelegate(
      url: url, limits: FetchLimits(timeout: 0.2), onEvent: { _ in })
    // Whoever comes first lets go of the queue: the test once the fetch has ended, or a
    // deadline long after the limit, which notes whether the fetch had settled by then (a
    // fetch with no deadline while waiting settles only once the queue is let go). Not
    // judged by when the test resumes: on a loaded machine that may be long after.
    let release = Mutex((released: false, settledWhileHeld: false))
    // On a thread of its own, not a Dispatch worker, which a loaded machine may be slow to give.
    let ended = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = ended.wait(timeout: .now() + 20)
      release.withLock { state in
        guard !state.released else { return }
        state = (true, delegate.isSettled)
        held.resume()
      }
    }
    let outcome = await withCheckedContinuation { continuation in
      delegate.start(URLRequest(url: url), in: session, continuation: continuation)
    }
    let endedWhileHeld = release.withLock { state in
      if !state.released {
        state = (true, true)
        held.resume()
      }
      return state.settledWhileHeld
    }
    ended.signal()
    #expect(endedWhileHeld, "the fetch waited for the queue instead of timing out")
    guard case .failure(.timedOut) = outcome else {
      Issue.record("expected a timeout, got \(outcome)")
      return
    }
  }
}
