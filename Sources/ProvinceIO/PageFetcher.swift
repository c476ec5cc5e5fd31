import CurlLoader
import Foundation
import PageReader
import ProvinceCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches one web page over http (`PlainHTTPFetch`, this package's own client) or https
/// (URLSession) within `FetchLimits`, reporting progress.
public final class PageFetcher: Sendable {
  /// The limits every fetch by this fetcher keeps to.
  public let limits: FetchLimits

  /// A fetcher keeping to `limits`; it holds no state between fetches.
  public init(limits: FetchLimits = .init()) {
    self.limits = limits
  }

  /// Fetches `url`, following redirects. `onEvent` is called in order (`.started` on the
  /// caller's thread, the rest on a background queue); keep it quick. Cancelling the
  /// calling task stops the transfer and throws `.cancelled`.
  public func fetch(
    _ url: URL, onEvent: @escaping @Sendable (FetchEvent) -> Void = { _ in }
  ) async throws(FetchError) -> FetchedPage {
    try await fetch(url, method: "GET", headers: [:], onEvent: onEvent)
  }

  /// Fetches `url` with `method` ("GET" or "HEAD") and extra request `headers`. A 304 to a
  /// conditional request comes back as a page with status 304; a HEAD answer has no body.
  public func fetch(
    _ url: URL, method: String, headers: [String: String],
    onEvent: @escaping @Sendable (FetchEvent) -> Void = { _ in }
  ) async throws(FetchError) -> FetchedPage {
    guard let scheme = url.scheme?.lowercased(), !scheme.isEmpty else {
      throw .invalidURL(url.absoluteString)
    }
    guard Self.fetchableSchemes.contains(scheme) else { throw .unsupportedScheme(scheme) }
    guard let host = url.host, !host.isEmpty else { throw .invalidURL(url.absoluteString) }
    if Task.isCancelled { throw .cancelled }
    guard scheme == "http" else {
      return try await sessionFetch(
        url, method: method, headers: headers, limits: limits, onEvent: onEvent)
    }
    onEvent(.started)
    let plain = PlainHTTPFetch(
      limits: limits, method: method, headers: headers, onEvent: onEvent,
      handOff: { [self] target, left throws(FetchError) in
        // `.started` was said already; the rest of the events are the same fetch's.
        try await sessionFetch(
          target, method: method, headers: headers, limits: left,
          onEvent: { event in if event != .started { onEvent(event) } })
      })
    return try await plain.fetch(url)
  }

  /// Fetches an https URL with URLSession, following redirects within `limits`.
  private func sessionFetch(
    _ url: URL, method: String, headers: [String: String], limits: FetchLimits,
    onEvent: @escaping @Sendable (FetchEvent) -> Void
  ) async throws(FetchError) -> FetchedPage {
    // libcurl is loaded here, the first time (CurlLoader), not when browse starts.
    guard province_curl_load() != 0 else {
      throw .other("https needs libcurl (libcurl.so.4), which is not installed")
    }
    if url.host?.contains(":") == true {
      throw .other(
        "https to an IPv6 address is not supported by this build's HTTP library;"
          + " use the server's name")
    }
    let delegate = FetchTaskDelegate(
      url: url, limits: limits, expectsBody: method != "HEAD", onEvent: onEvent)
    // A session per fetch: its delegate is this fetch's state, and invalidating the
    // session releases the delegate, so nothing outlives the call.
    // A bounded queue, so that a body decoding faster than the delegate drops it (a gzip
    // bomb) makes libcurl wait instead of piling up in memory.
    let session = URLSession(
      configuration: Self.configuration(limits), delegate: delegate,
      delegateQueue: BoundedDelegateQueue())
    // On a thread of its own: invalidating waits for the session's work queue, which may
    // still be decoding what libcurl had read before the fetch was settled, and must not
    // hold this thread or one of Dispatch's global ones (which Swift concurrency shares).
    defer { Thread { session.invalidateAndCancel() }.start() }

    var request = URLRequest(url: url)
    request.setValue(Self.accept, forHTTPHeaderField: "Accept")
    request.setValue(Self.acceptLanguage, forHTTPHeaderField: "Accept-Language")
    request.setValue(Self.userAgent, forHTTPHeaderField: "User-Agent")
    request.httpMethod = method
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }

    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        delegate.start(request, in: session, continuation: continuation)
      }
    } onCancel: {
      delegate.finish(.failure(.cancelled))
    }
    return try result.get()
  }

  static let fetchableSchemes: Set<String> = ["http", "https"]
  static let accept = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8"
  static let acceptLanguage = "zh-CN,zh;q=0.9,en;q=0.5"
  static let userAgent = "ProvinceBrowser/1.0 (terminal browser)"

  /// Foundation's shared URL cache, replaced before anything can create the default one.
  /// A URLCache made without a disk path creates
  /// `$XDG_CACHE_HOME/org.swift.foundation.URLCache/<program>`, and every configuration
  /// makes one: `.default` reads `URLCache.shared`, `.ephemeral` builds another. This one
  /// keeps nothing and its path cannot be created, so nothing is written.
  private static let quietSharedCache: Void = {
    URLCache.shared = URLCache(
      memoryCapacity: 0, diskCapacity: 0, diskPath: "/dev/null/province-browser-no-url-cache")
  }()

  private static func configuration(_ limits: FetchLimits) -> URLSessionConfiguration {
    _ = quietSharedCache
    // Not `.ephemeral`, which would make a URLCache of its own; the stores it would replace
    // are all turned off below instead.
    let configuration = URLSessionConfiguration.default
    configuration.urlCredentialStorage = nil
    // The whole-fetch limit is enforced by the delegate's own timer; these keep
    // URLSession from giving up earlier on its own, shorter defaults.
    configuration.timeoutIntervalForRequest = limits.timeout
    configuration.timeoutIntervalForResource = limits.timeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    return configuration
  }
}
