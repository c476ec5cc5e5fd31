import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The one URLSession of the process, made on the first fetch and kept: every page and
/// every link check goes through it, so connections and libcurl's set-up are reused.
final class FetchSession: Sendable {
  /// The session every `PageFetcher` uses; the first use loads libcurl (CurlLoader).
  static let shared = FetchSession()

  /// The session, ready for tasks; it is never torn down.
  let session: URLSession
  private let router = Router()

  /// Where fetches make and resume their tasks, in order.
  ///
  /// This queue and `timers` are serial queues of the session's own: Dispatch gives such a
  /// queue a thread whenever it has work. A Dispatch global queue does not: on Linux its
  /// pool adds a worker only while fewer are running than there are cores, and its workers
  /// also run Swift concurrency, so a busy machine (tests that block workers beside
  /// CPU-bound ones) left fetches' callbacks and timers waiting for seconds.
  let starts: DispatchQueue
  /// Where each fetch's timeout strikes.
  let timers = DispatchQueue(label: "browse.fetch.timers")

  /// The longest a fetch waits for its task to be made and resumed, when that is longer
  /// than its own limit: a bound for a wedged libcurl thread, not a network timeout, so
  /// that a fetch queued behind other transfers on a loaded machine is not failed for
  /// their time (a link check's healthy pages were, at `--timeout 1`).
  let longestQueueWait: TimeInterval

  /// `starts` is given by a test that holds it, as a body being decoded holds libcurl's
  /// queue, with a shorter `longestQueueWait`.
  init(
    starts: DispatchQueue = DispatchQueue(label: "browse.fetch.starts"),
    longestQueueWait: TimeInterval = 30
  ) {
    self.starts = starts
    self.longestQueueWait = longestQueueWait
    // A bounded queue, so that a body decoding faster than the delegate drops it (a gzip
    // bomb) makes libcurl wait instead of piling up in memory.
    session = URLSession(
      configuration: Self.configuration(), delegate: router, delegateQueue: BoundedDelegateQueue())
  }

  /// Sends `task`'s callbacks to `fetch` until the task completes.
  func register(_ task: URLSessionTask, for fetch: FetchTaskDelegate) {
    router.register(task, for: fetch)
  }

  /// Foundation's shared URL cache, replaced before anything can create the default one.
  /// A URLCache made without a disk path creates
  /// `$XDG_CACHE_HOME/org.swift.foundation.URLCache/<program>`, and every configuration
  /// makes one: `.default` reads `URLCache.shared`, `.ephemeral` builds another. This one
  /// keeps nothing and its path cannot be created, so nothing is written.
  private static let quietSharedCache: Void = {
    URLCache.shared = URLCache(
      memoryCapacity: 0, diskCapacity: 0, diskPath: "/dev/null/province-browser-no-url-cache")
  }()

  private static func configuration() -> URLSessionConfiguration {
    _ = quietSharedCache
    // Not `.ephemeral`, which would make a URLCache of its own; the stores it would replace
    // are all turned off below instead.
    let configuration = URLSessionConfiguration.default
    configuration.urlCredentialStorage = nil
    // Each fetch's limit is kept by its delegate's own timer and its request's interval;
    // these keep URLSession from giving up earlier on its own, shorter defaults.
    configuration.timeoutIntervalForRequest = PageFetcher.longestTimeout
    configuration.timeoutIntervalForResource = PageFetcher.longestTimeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    return configuration
  }

}

/// URLSession takes one delegate per session; each fetch's own state is a
/// `FetchTaskDelegate`, and this sends every callback to the one its task belongs to, on
/// that fetch's own serial queue: the session's delegate queue only routes, so a fetch
/// whose callbacks are slow (a starved or stalled consumer) holds back only itself, never
/// libcurl's one thread and with it every other transfer of the process.
private final class Router: NSObject, URLSessionDataDelegate, Sendable {
  private let fetches = Mutex<[Int: FetchTaskDelegate]>([:])

  func register(_ task: URLSessionTask, for fetch: FetchTaskDelegate) {
    fetches.withLock { $0[task.taskIdentifier] = fetch }
  }

  private func fetch(for task: URLSessionTask) -> FetchTaskDelegate? {
    fetches.withLock { $0[task.taskIdentifier] }
  }

  // MARK: URLSessionTaskDelegate

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    guard let fetch = fetch(for: task) else { return completionHandler(nil) }
    fetch.callbacks.async {
      fetch.redirect(response, to: request, completionHandler: completionHandler)
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    guard let fetch = fetches.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else {
      return
    }
    fetch.callbacks.async { fetch.complete(task, error: error) }
  }

  // MARK: URLSessionDataDelegate

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    guard let fetch = fetch(for: dataTask) else { return completionHandler(.cancel) }
    fetch.callbacks.async { fetch.receive(response, completionHandler: completionHandler) }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    guard let fetch = fetch(for: dataTask), fetch.admit(data.count) else { return }
    fetch.callbacks.async { fetch.receive(data, in: dataTask) }
  }
}
