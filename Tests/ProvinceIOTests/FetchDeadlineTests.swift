import FetchModel
import Foundation
import Synchronization
import Testing

@testable import ProvinceIO

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A fetch's limit holds while it waits for libcurl's queue: a body being decoded there (the
/// gzip bomb of FetchMemoryTests) or a stuck transfer must not leave a fetch with no deadline.
@Suite struct FetchDeadlineTests {
  @Test func aFetchWhoseTaskCannotBeMadeTimesOutAtItsLimit() async {
    // The queue where tasks are made and resumed, held as a busy libcurl queue would hold it.
    let held = DispatchQueue(label: "test.held-starts")
    held.suspend()
    let session = FetchSession(starts: held)
    // Let go of the queue only long after the limit: a fetch that had no deadline while
    // waiting ends only then, and says so by finding `released` set.
    let released = Atomic(false)
    DispatchQueue.global().asyncAfter(deadline: .now() + 20) {
      released.store(true, ordering: .sequentiallyConsistent)
      held.resume()
    }
    let url = URL(string: "http://127.0.0.1:9/never-requested")!
    let delegate = FetchTaskDelegate(
      url: url, limits: FetchLimits(timeout: 0.2), onEvent: { _ in })
    let outcome = await withCheckedContinuation { continuation in
      delegate.start(URLRequest(url: url), in: session, continuation: continuation)
    }
    let endedWhileHeld = !released.load(ordering: .sequentiallyConsistent)
    #expect(endedWhileHeld, "the fetch waited for the queue instead of timing out")
    guard case .failure(.timedOut) = outcome else {
      Issue.record("expected a timeout, got \(outcome)")
      return
    }
  }
}
