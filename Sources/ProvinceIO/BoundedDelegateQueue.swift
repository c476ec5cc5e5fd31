import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A URLSession delegate queue that makes the session wait when too many callbacks are
/// queued, so that decoded body bytes cannot pile up faster than the delegate drops them.
///
/// swift-corelibs-foundation hands every piece libcurl writes (at most 16 KB, decoded) to
/// the delegate queue with `addOperation` and returns to libcurl at once. libcurl reads up
/// to 100 pieces of the socket per wake-up and decodes each in full before a cancel can
/// reach it, so a gzip bomb already read (1 MB) became a gigabyte of queued operations.
/// Blocking `addOperation` here holds libcurl until the delegate has caught up.
///
/// The operations it queues now only route each callback to its fetch's own queue, which
/// is quick: the bound on a fetch's bytes is that fetch's (`FetchTaskDelegate.admit`), so
/// one stalled consumer no longer holds libcurl, and every other transfer, here.
///
/// The callbacks run, in order, on a serial Dispatch queue of this queue's own, which
/// Dispatch always gives a thread. OperationQueue's own is a concurrent queue on the global
/// pool, whose workers (as many as the cores) Swift concurrency and a busy test run can
/// take all: libcurl then waited its `patience` for every callback.
///
/// `@unchecked` only because the compiler makes a subclass restate OperationQueue's own
/// unchecked conformance; the stored properties added here are immutable and Sendable.
final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
  /// Free places for queued callbacks.
  private let places: DispatchSemaphore
  /// The serial queue the callbacks run on.
  private let serial = DispatchQueue(label: "browse.fetch.delegate")
  /// How long the session waits for a place before queuing anyway, should the delegate
  /// ever be stuck: slower, never a deadlock.
  private let patience: DispatchTimeInterval

  /// A serial queue holding at most `limit` callbacks at a time.
  init(limit: Int = 16, patience: DispatchTimeInterval = .seconds(5)) {
    places = DispatchSemaphore(value: max(1, limit))
    self.patience = patience
    super.init()
    maxConcurrentOperationCount = 1
  }

  override func addOperation(_ block: @escaping @Sendable () -> Void) {
    let placed = places.wait(timeout: .now() + patience) == .success
    let places = self.places
    serial.async {
      block()
      if placed { places.signal() }
    }
  }
}
