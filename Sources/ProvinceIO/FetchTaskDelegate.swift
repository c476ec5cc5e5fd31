import FetchModel
import Foundation
import PageReader
import TextSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The state of one fetch, fed by the session's delegate callbacks (`FetchSession` routes
/// them here by task); resumes the waiting caller exactly once, whichever comes first:
/// completion, a limit, or cancellation.
final class FetchTaskDelegate: @unchecked Sendable {
  typealias Outcome = Result<FetchedPage, FetchError>

  private let url: URL
  private let limits: FetchLimits
  /// False for HEAD, whose answer never has a body, so an empty one is no fault.
  private let expectsBody: Bool
  /// True when the request offered validators (If-None-Match, If-Modified-Since), so that
  /// a 304 is an answer rather than a fault.
  private let conditional: Bool
  private let onEvent: @Sendable (FetchEvent) -> Void
  private let clock = ContinuousClock()
  private let startTime: ContinuousClock.Instant

  /// The session's callbacks for this fetch, in order, off the session's delegate queue.
  let callbacks = DispatchQueue(label: "browse.fetch.callbacks")

  // Everything below is guarded by `lock`.
  private let lock = NSLock()
  /// Body bytes handed to `callbacks` and not yet taken in: with the body, never past the
  /// limit (and a piece), so a stalled queue cannot pile up a decoded bomb.
  private var queuedBytes = 0
  private var continuation: CheckedContinuation<Outcome, Never>?
  private var outcome: Outcome?
  private var task: URLSessionTask?
  private var timer: DispatchWorkItem?
  private var response: HTTPURLResponse?
  private var body = Data()
  private var truncated = false
  private var redirects = 0
  /// The last redirect's target as the Location named it, once a redirect was followed.
  private var hop: URL?

  init(
    url: URL, limits: FetchLimits, expectsBody: Bool = true, conditional: Bool = false,
    onEvent: @escaping @Sendable (FetchEvent) -> Void
  ) {
    self.url = url
    self.limits = limits
    self.expectsBody = expectsBody
    self.conditional = conditional
    self.onEvent = onEvent
    self.startTime = clock.now
  }

  /// Whether the fetch has settled (completed, failed, timed out or been cancelled).
  var isSettled: Bool { lock.withLock { outcome != nil } }

  func start(
    _ request: URLRequest, in session: FetchSession,
    continuation: CheckedContinuation<Outcome, Never>
  ) {
    lock.lock()
    if let outcome {
      // Cancelled before the request was made.
      lock.unlock()
      continuation.resume(returning: outcome)
      return
    }
    self.continuation = continuation
    // A deadline for the wait below: were libcurl's queue wedged, the fetch still ends,
    // timed out, instead of waiting on whatever holds it. Replaced by the transfer's own
    // deadline once the task runs.
    let waiting = DispatchWorkItem { [weak self] in self?.timeUp() }
    self.timer = waiting
    lock.unlock()
    let seconds = min(max(0, limits.timeout), PageFetcher.longestTimeout)
    let wait = max(seconds, session.longestQueueWait)
    session.timers.asyncAfter(deadline: .now() + wait, execute: waiting)
    onEvent(.started)
    // Making and resuming the task both wait for the session's work queue (libcurl's),
    // which a body being decoded can hold: on the session's own queue, never on the
    // caller's thread, a worker of Swift concurrency's small pool.
    session.starts.async { [self] in
      if lock.withLock({ outcome != nil }) { return }
      let task = session.session.dataTask(with: request)
      session.register(task, for: self)
      let timer = DispatchWorkItem { [weak self] in self?.timeUp() }
      let settled = lock.withLock {
        if outcome == nil {
          self.task = task
          self.timer?.cancel()
          self.timer = timer
        }
        return outcome != nil
      }
      // Settled while the task was being made: it is cancelled rather than run.
      if settled {
        task.cancel()
        return
      }
      task.resume()
      // The limit runs from here, once libcurl has the transfer, not from the wait for its
      // queue (another transfer may hold it). On the session's timer queue, which always
      // has a thread: a Dispatch global worker may be long in coming on a busy machine. A
      // fetch settled meanwhile has cancelled `timer`, which then never runs.
      session.timers.asyncAfter(deadline: .now() + seconds, execute: timer)
    }
  }

  /// Settles the fetch; only the first call counts. Cancels the transfer if it is running.
  func finish(_ result: Outcome) {
    lock.lock()
    guard outcome == nil else {
      lock.unlock()
      return
    }
    outcome = result
    // The page has the body now; the delegate may outlive the fetch (the session lets go
    // of it later), and two holders would keep it from being freed once read.
    body = Data()
    let continuation = self.continuation
    self.continuation = nil
    let task = self.task
    self.task = nil
    timer?.cancel()
    timer = nil
    lock.unlock()
    // Never cancel on the calling thread: URLSessionTask.cancel() waits for the session's
    // work queue, which may be inside libcurl decoding a body and waiting on the delegate
    // queue (BoundedDelegateQueue) — the queue `finish` is usually called on. Nor on a
    // Dispatch global queue: those few threads also run Swift concurrency and every other
    // fetch's callbacks, and a cancel can block one for seconds.
    if let task { Thread { task.cancel() }.start() }
    continuation?.resume(returning: result)
  }

  /// The timeout struck. A page whose body had begun to arrive is kept as far as it came,
  /// cut and marked so, as `--max-bytes` cuts one (w3m and lynx show what came too); before
  /// any of its body, or for an error status, the fetch timed out.
  private func timeUp() {
    lock.lock()
    let page = body.isEmpty ? nil : self.page(finalURL: task?.currentRequest?.url)
    lock.unlock()
    guard var page, (200..<300).contains(page.status) else {
      finish(.failure(.timedOut))
      return
    }
    page.truncated = true
    page.cutAtTimeout = true
    finish(.success(page))
  }

  private func elapsed() -> TimeInterval {
    (clock.now - startTime).seconds
  }

  /// The page as received so far; call with `lock` held.
  private func page(finalURL: URL?) -> FetchedPage? {
    guard let response else { return nil }
    var headers: [String: String] = [:]
    for (name, value) in response.allHeaderFields {
      headers[String(describing: name)] = String(describing: value)
    }
    let final = finalURL ?? response.url ?? url
    return FetchedPage(
      requestedURL: url, finalURL: final, status: response.statusCode,
      reason: HTTPURLResponse.localizedString(forStatusCode: response.statusCode),
      headers: headers, body: body, truncated: truncated, elapsed: elapsed(),
      redirects: redirects)
  }

  // MARK: The session's callbacks for this fetch's task

  /// The server redirected to `request`: follow it, or settle the fetch if it may not be.
  func redirect(
    _ response: HTTPURLResponse, to request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    lock.lock()
    redirects += 1
    let count = redirects
    lock.unlock()
    // swift-corelibs-foundation resolves Location badly: it keeps only the path of a
    // relative one ("2" from /a/1 becomes /2) and turns `file:///etc/passwd` into
    // http://<same host>/etc/passwd. So the target is resolved here, from the header.
    guard let location = Self.location(of: response) else {
      completionHandler(nil)
      finish(.failure(.redirectWithoutLocation(status: response.statusCode)))
      return
    }
    guard let target = Self.redirectTarget(location, from: response.url) else {
      completionHandler(nil)
      finish(.failure(.invalidRedirect(location)))
      return
    }
    let scheme = target.scheme?.lowercased() ?? ""
    if !PageFetcher.fetchableSchemes.contains(scheme) {
      completionHandler(nil)
      finish(.failure(.redirectToUnsupportedScheme(scheme)))
    } else if count > limits.maxRedirects {
      completionHandler(nil)
      finish(.failure(.tooManyRedirects(limits.maxRedirects)))
    } else if let address = URLText.requestURL(target.absoluteString) {
      // The hop is requested as the first address is: its host as the WHATWG parser
      // writes it (`URLText.requestURL`).
      lock.withLock { hop = target }
      var next = request
      next.url = address
      completionHandler(next)
    } else {
      // The Location's fault, not the address asked for.
      completionHandler(nil)
      finish(.failure(.invalidRedirect(target.absoluteString)))
    }
  }

  /// The absolute URL a redirect's Location header names, resolved against the response URL.
  static func redirectTarget(of response: HTTPURLResponse) -> URL? {
    location(of: response).flatMap { redirectTarget($0, from: response.url) }
  }

  /// The response's Location value, as sent.
  static func location(of response: HTTPURLResponse) -> String? {
    let location = response.allHeaderFields.first {
      String(describing: $0.key).lowercased() == "location"
    }
    return location.map { String(describing: $0.value) }
  }

  /// The absolute URL a Location value names, resolved against the URL that answered.
  static func redirectTarget(_ location: String, from base: URL?) -> URL? {
    URL(string: location.trimmingSpaces, relativeTo: base)?.absoluteURL
  }

  /// The task ended, with `error` or with the whole answer.
  func complete(_ task: URLSessionTask, error: (any Error)?) {
    if let error {
      // After a redirect the party that failed is the hop's host: named, and the hop said.
      let hop = lock.withLock { self.hop }
      let failure = FetchError.from(error, url: hop ?? url, maxRedirects: limits.maxRedirects)
      switch failure {
      case .cancelled, .timedOut, .tooManyRedirects:
        finish(.failure(failure))
      default:
        finish(.failure(hop.map { .afterRedirect($0.absoluteString, failure) } ?? failure))
      }
      return
    }
    lock.lock()
    // Foundation keeps a redirect it could not follow (no Location) to itself: the task
    // has the response, the delegate never heard of it.
    if response == nil, let http = task.response as? HTTPURLResponse { response = http }
    let page = self.page(finalURL: task.currentRequest?.url)
    lock.unlock()
    guard let page else {
      finish(.failure(.other("no response")))
      return
    }
    if page.status >= 400 {
      finish(.failure(.http(status: page.status, reason: page.reason, page: page)))
    } else if page.status == 304 && !conditional {
      finish(.failure(.unrequestedNotModified))
    } else if (300..<400).contains(page.status) && page.status != 304 {
      // Foundation follows a redirect it can read; one left here named nowhere to go, or
      // somewhere that is no web address (the Location's fault, said as such).
      if let location = page.header("Location"), !location.trimmingSpaces.isEmpty {
        finish(.failure(.invalidRedirect(location)))
      } else {
        finish(.failure(.redirectWithoutLocation(status: page.status)))
      }
    } else if expectsBody && (200..<300).contains(page.status) && page.body.isEmpty {
      finish(.failure(.emptyBody))
    } else {
      finish(.success(page))
    }
  }

  /// The final response's head arrived.
  func receive(
    _ response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    guard let http = response as? HTTPURLResponse else {
      completionHandler(.cancel)
      finish(.failure(.other("not an HTTP response")))
      return
    }
    lock.lock()
    self.response = http
    // Room for the length the server announced, within the limit: grown piece by piece,
    // the buffer was copied whole at each step, its old and new selves both resident.
    // Only for a page (2xx): an error's or a redirect's body is small whatever it says.
    let announced = (200..<300).contains(http.statusCode) ? http.expectedContentLength : -1
    body = announced > 0 ? Data(capacity: Int(min(announced, Int64(limits.maxBytes)))) : Data()
    let done = outcome != nil
    lock.unlock()
    if !done { onEvent(.responseReceived(status: http.statusCode)) }
    completionHandler(.allow)
  }

  /// Whether a piece of `count` body bytes may be queued for `receive`: not once the
  /// fetch is settled or the body with what is queued already reaches the limit (the
  /// limit then settles it, and more would be dropped anyway).
  func admit(_ count: Int) -> Bool {
    lock.withLock {
      guard outcome == nil, body.count + queuedBytes < limits.maxBytes else { return false }
      queuedBytes += count
      return true
    }
  }

  /// A piece of the body arrived, decoded.
  func receive(_ data: Data, in dataTask: URLSessionDataTask) {
    lock.lock()
    queuedBytes = max(0, queuedBytes - data.count)
    guard outcome == nil else {
      lock.unlock()
      return
    }
    body.append(data.prefix(max(0, limits.maxBytes - body.count)))
    let total = body.count
    // Whether more would have come is unknowable once reading stops, so a body that
    // reaches the limit counts as cut.
    let full = total >= limits.maxBytes
    if full { truncated = true }
    let page = full ? self.page(finalURL: dataTask.currentRequest?.url) : nil
    lock.unlock()
    onEvent(.bytes(total: total))
    if let page {
      finish(
        page.status >= 400
          ? .failure(.http(status: page.status, reason: page.reason, page: page)) : .success(page))
    }
  }
}
