import Dispatch
import Foundation
import HTTPWire
import PageReader
import ProvinceCore
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches an `http:` URL with this package's own HTTP/1.1 client (`PlainHTTPConnection`),
/// following redirects; a redirect to `https:` is handed to URLSession (`handOff`).
///
/// Why not URLSession for everything: for a plain page it costs more than the page (its
/// session, threads and libcurl's set-up), it cannot fetch from an IPv6 literal
/// (swift-corelibs-foundation#5496), and a server that hangs up mid-headers makes it trap.
/// This client has none of those, and decodes gzip itself within the byte limit.
struct PlainHTTPFetch {
  typealias HandOff = @Sendable (URL, FetchLimits) async throws(FetchError) -> FetchedPage

  let limits: FetchLimits
  let method: String
  let headers: [String: String]
  let onEvent: @Sendable (FetchEvent) -> Void
  /// Continues at an https URL with the limits left (time, redirects).
  let handOff: HandOff

  func fetch(_ url: URL) async throws(FetchError) -> FetchedPage {
    let clock = ContinuousClock()
    let start = clock.now
    let deadline = start.advanced(by: .milliseconds(Int64(max(0, limits.timeout) * 1000)))
    switch try await onWorker(
      deadline: deadline,
      { stop throws(FetchError) in
        try follow(url, deadline: deadline, stop: stop)
      })
    {
    case .page(let hop, let finalURL, let redirects):
      let head = hop.head
      let page = FetchedPage(
        requestedURL: url, finalURL: finalURL, status: head.status,
        reason: HTTPURLResponse.localizedString(forStatusCode: head.status),
        headers: head.fieldsByName, body: Data(hop.body), truncated: hop.truncated,
        elapsed: (clock.now - start).seconds, redirects: redirects)
      if page.status >= 400 {
        throw .http(status: page.status, reason: page.reason, page: page)
      }
      if method != "HEAD", (200..<300).contains(page.status), page.body.isEmpty, !hop.truncated {
        throw .emptyBody
      }
      return page
    case .https(let target, let redirects):
      var left = limits
      left.maxRedirects -= redirects
      left.timeout = max(0, clock.now.duration(to: deadline).seconds)
      var page: FetchedPage
      do {
        page = try await handOff(target, left)
      } catch .tooManyRedirects {
        throw .tooManyRedirects(limits.maxRedirects)
      }
      page.requestedURL = url
      page.redirects += redirects
      page.elapsed = (clock.now - start).seconds
      return page
    }
  }

  private struct Hop: Sendable {
    var head: HTTPResponseHead
    var body: [UInt8]
    var truncated: Bool
  }

  private enum Outcome: Sendable {
    /// The final answer, from `URL` after that many redirects.
    case page(Hop, URL, Int)
    /// A redirect to https, for URLSession, after that many redirects.
    case https(URL, Int)
  }

  /// Requests `url` and follows its http redirects, blocking; on the worker thread, so that
  /// a chain of redirects never waits for Swift concurrency's threads between hops.
  private func follow(_ url: URL, deadline: ContinuousClock.Instant, stop: StopSignal)
    throws(FetchError) -> Outcome
  {
    var current = url
    var redirects = 0
    while true {
      let hop = try exchange(current, deadline: deadline, stop: stop)
      guard hop.head.isRedirect, let location = hop.head.value("Location") else {
        return .page(hop, current, redirects)
      }
      redirects += 1
      guard let target = FetchTaskDelegate.redirectTarget(location, from: current) else {
        throw .other("a redirect's location could not be read")
      }
      let scheme = target.scheme?.lowercased() ?? ""
      guard PageFetcher.fetchableSchemes.contains(scheme) else {
        throw .redirectToUnsupportedScheme(scheme)
      }
      guard redirects <= limits.maxRedirects else {
        throw .tooManyRedirects(limits.maxRedirects)
      }
      if scheme == "https" { return .https(target, redirects) }
      current = target
    }
  }

  /// One request and its answer, blocking.
  private func exchange(_ url: URL, deadline: ContinuousClock.Instant, stop: StopSignal)
    throws(FetchError) -> Hop
  {
    guard let host = url.host, !host.isEmpty else { throw .invalidURL(url.absoluteString) }
    guard let port = UInt16(exactly: url.port ?? 80) else {
      throw .invalidURL(url.absoluteString)
    }
    let request = try requestBytes(for: url, host: host)
    let connection = PlainHTTPConnection(host: host, port: port, deadline: deadline, stop: stop)
    var sink = BodySink(maxBytes: limits.maxBytes)
    // A redirect to follow is not reported, and its body is not read.
    var redirecting = false
    let head = try connection.exchange(
      request, method: method,
      onHead: { head throws(FetchError) in
        redirecting = head.isRedirect && head.value("Location") != nil
        guard !redirecting else { return }
        try sink.decode(as: head.value("Content-Encoding"))
        onEvent(.responseReceived(status: head.status))
      },
      onBody: { piece throws(FetchError) in
        guard !redirecting else { return false }
        try sink.take(piece)
        onEvent(.bytes(total: sink.body.count))
        return !sink.truncated
      })
    if !redirecting, !sink.truncated { try sink.finish() }
    return Hop(head: head, body: sink.body, truncated: sink.truncated)
  }

  /// Runs `work` on a thread of its own. The caller is resumed by whichever comes first:
  /// its result, the deadline, or cancellation; the worker then stops at its next wait.
  private func onWorker<Value: Sendable>(
    deadline: ContinuousClock.Instant,
    _ work: @escaping @Sendable (StopSignal) throws(FetchError) -> Value
  ) async throws(FetchError) -> Value {
    let stop = try StopSignal()
    let once = Once<Result<Value, FetchError>>()
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        once.set(continuation)
        // The worker keeps the deadline itself; this timer is for a name lookup that
        // outlasts it, which no poll can interrupt. A cancelled work item is still held
        // until its time, so it holds the stop signal's pipe only weakly: a link check of
        // a thousand URLs must not keep a thousand pipes open.
        let timer = TimeoutItem(
          DispatchWorkItem { [weak stop] in
            stop?.raise()
            once.resume(.failure(.timedOut))
          })
        let left = max(0, ContinuousClock.now.duration(to: deadline).seconds)
        DispatchQueue.global().asyncAfter(deadline: .now() + left + 0.05, execute: timer.item)
        Thread {
          let outcome = Result { () throws(FetchError) -> Value in try work(stop) }
          timer.item.cancel()
          once.resume(outcome)
        }.start()
      }
    } onCancel: {
      stop.raise()
      once.resume(.failure(.cancelled))
    }
    return try result.get()
  }

  private func requestBytes(for url: URL, host: String) throws(FetchError) -> [UInt8] {
    let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    var target = components?.percentEncodedPath ?? "/"
    if let query = components?.percentEncodedQuery { target += "?" + query }
    var hostField = host.contains(":") ? "[\(host)]" : host
    if let port = url.port, port != 80 { hostField += ":\(port)" }
    var fields: [(String, String)] = [
      ("Accept", PageFetcher.accept),
      ("Accept-Encoding", "gzip, deflate"),
      ("Accept-Language", PageFetcher.acceptLanguage),
      ("User-Agent", PageFetcher.userAgent),
    ]
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      // Extra fields replay what servers sent (ETag, Last-Modified): one that would split
      // the request is left out rather than failing the fetch.
      guard HTTPRequestHead.isValidField(name: name, value: value) else { continue }
      fields.removeAll { $0.0.lowercased() == name.lowercased() }
      fields.append((name, value))
    }
    let head = HTTPRequestHead(
      method: method, target: Self.encodedTarget(target), host: hostField, fields: fields)
    do throws(HTTPRequestHead.Failure) {
      return try head.bytes()
    } catch {
      throw .invalidURL(url.absoluteString)
    }
  }

  /// The target with any byte outside printable ASCII percent-encoded.
  static func encodedTarget(_ target: String) -> String {
    var out = ""
    for byte in target.utf8 {
      if byte > 0x20 && byte < 0x7F {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return out.isEmpty ? "/" : out
  }

}

/// The body as it is kept: content coding undone (gzip, deflate) and cut at `maxBytes`,
/// which counts decoded bytes, so a small body that decodes to gigabytes stops there.
struct BodySink {
  let maxBytes: Int
  private(set) var body: [UInt8] = []
  private(set) var truncated = false
  private var inflater: Inflater?

  init(maxBytes: Int) {
    self.maxBytes = maxBytes
  }

  /// Decodes what follows as `encoding` (the Content-Encoding field; nil: none).
  mutating func decode(as encoding: String?) throws(FetchError) {
    body = []
    truncated = false
    inflater = nil
    let codings = HTTPResponseParser.listElements([(encoding ?? "").lowercased()])
      .filter { !$0.isEmpty && $0 != "identity" }
    switch codings {
    case []: break
    case ["gzip"], ["x-gzip"]: inflater = Inflater(format: .gzip)
    case ["deflate"]: inflater = Inflater(format: .deflateAuto)
    default:
      throw .other(
        "the page is sent in an encoding this build cannot read (\(codings.joined(separator: ", ")))"
      )
    }
  }

  mutating func take(_ piece: [UInt8]) throws(FetchError) {
    let room = maxBytes - body.count
    if var inflater {
      do throws(Inflater.Failure) {
        try inflater.feed(piece, into: &body, limit: room)
      } catch {
        switch error {
        case .malformed(let why): throw .other("the page's compressed body is damaged: \(why)")
        }
      }
      self.inflater = inflater
      if inflater.reachedLimit || body.count >= maxBytes { truncated = true }
    } else {
      body.append(contentsOf: piece.prefix(room))
      // Whether more would have come is unknowable once reading stops, so a body that
      // reaches the limit counts as cut.
      if body.count >= maxBytes { truncated = true }
    }
  }

  /// The body is complete: a compressed one must have ended where its format says.
  func finish() throws(FetchError) {
    if let inflater, !inflater.isFinished {
      throw .other("the page's compressed body is cut short")
    }
  }
}

/// A work item to cancel from another thread: `DispatchWorkItem` is thread-safe but not
/// marked Sendable.
private struct TimeoutItem: @unchecked Sendable {
  let item: DispatchWorkItem
  init(_ item: DispatchWorkItem) { self.item = item }
}

/// A continuation resumed once, by whichever result comes first; later ones are dropped.
final class Once<Value: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Value, Never>?
    var early: Value?
    var done = false
  }
  private let state = Mutex(State())

  func set(_ continuation: CheckedContinuation<Value, Never>) {
    let early: Value? = state.withLock { state in
      if let early = state.early {
        state.early = nil
        return early
      }
      state.continuation = continuation
      return nil
    }
    if let early { continuation.resume(returning: early) }
  }

  func resume(_ value: Value) {
    let continuation: CheckedContinuation<Value, Never>? = state.withLock { state in
      guard !state.done else { return nil }
      state.done = true
      guard let continuation = state.continuation else {
        state.early = value
        return nil
      }
      state.continuation = nil
      return continuation
    }
    continuation?.resume(returning: value)
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
