import CurlLoader
import FetchModel
import Foundation
import PageReader
import TextSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches one web page over http or https with URLSession (the process's one session,
/// `FetchSession`) within `FetchLimits`, reporting progress.
public final class PageFetcher: Sendable {
  /// The limits every fetch by this fetcher keeps to.
  public let limits: FetchLimits

  /// The `Accept-Language` every request carries (`PageVariant.acceptLanguage`).
  public let acceptLanguage: String

  /// A fetcher keeping to `limits` and asking for `acceptLanguage`; it holds no state
  /// between fetches.
  public init(limits: FetchLimits = .init(), acceptLanguage: String = PageFetcher.defaultLanguage) {
    self.limits = limits
    self.acceptLanguage = acceptLanguage
    // libcurl stops a body decoded well past every fetcher's limit, so a gzip bomb's
    // decoding cannot hold up the other transfers of the process (CurlLoader).
    province_curl_limit_body(limits.maxBytes)
  }

  /// How many transfers libcurl stopped for a body decoded past every fetcher's limit.
  static var transfersStoppedPastTheBodyBound: Int { province_curl_bodies_cut() }

  /// Makes the transport ready on a thread of its own: loads libcurl (about 30 libraries,
  /// some 7 ms) and makes the process's URLSession, so that a fetch that follows finds them
  /// done. A one-shot fetch calls this first and loads its data meanwhile; on two cores the
  /// two overlap. Safe to call more than once and beside a fetch (both are made once).
  public static func prepare() {
    preparing.enter()
    Thread.detachNewThread {
      defer { preparing.leave() }
      guard province_curl_load() != 0 else { return }
      _ = FetchSession.shared
    }
  }

  /// Waits (a second at most) for `prepare`'s thread to end. Call it before `exit`: a run
  /// that ends before its fetch (a name not found) would otherwise run exit's clean-up of
  /// the libraries while that thread is still loading them or making the session.
  public static func finishPreparing() {
    _ = preparing.wait(timeout: .now() + 1)
  }

  private static let preparing = DispatchGroup()

  /// Keeps at most `count` connections open between fetches (libcurl's connection cache),
  /// for a caller that must bound the descriptors fetches hold (`--check` under a low
  /// `ulimit -n`).
  public static func keepAtMost(connections count: Int) {
    province_curl_limit_connections(max(1, count))
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
    let address = try Self.check(url)
    if Task.isCancelled { throw .cancelled }
    // libcurl is loaded here, the first time (CurlLoader), not when browse starts.
    guard province_curl_load() != 0 else {
      throw .other("fetching pages needs libcurl (libcurl.so.4), which is not installed")
    }
    let fields = Self.fields(headers)
    let conditional = fields.keys.contains {
      ["if-none-match", "if-modified-since"].contains($0.lowercased())
    }
    let delegate = FetchTaskDelegate(
      url: url, limits: limits, expectsBody: method != "HEAD", conditional: conditional,
      onEvent: onEvent)
    var request = URLRequest(url: address)
    request.setValue(Self.accept, forHTTPHeaderField: "Accept")
    request.setValue(acceptLanguage, forHTTPHeaderField: "Accept-Language")
    request.setValue(Self.userAgent, forHTTPHeaderField: "User-Agent")
    request.httpMethod = method
    // Foundation turns this into whole milliseconds in an Int; the delegate keeps the limit.
    request.timeoutInterval = min(max(limits.timeout, 0.001), Self.longestTimeout)
    for (name, value) in fields { request.setValue(value, forHTTPHeaderField: name) }

    let session = FetchSession.shared
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        delegate.start(request, in: session, continuation: continuation)
      }
    } onCancel: {
      delegate.finish(.failure(.cancelled))
    }
    return try result.get()
  }

  /// The address to request for `url`, its host as the WHATWG URL standard writes it
  /// (`URLText.requestURL`, which `--validate` and `--check` share: `127.1` is requested as
  /// `127.0.0.1`, as curl does); refuses, before any request, one that cannot be fetched.
  @discardableResult
  static func check(_ url: URL) throws(FetchError) -> URL {
    guard let scheme = url.scheme?.lowercased(), !scheme.isEmpty else {
      throw .invalidURL(url.absoluteString)
    }
    guard fetchableSchemes.contains(scheme) else { throw .unsupportedScheme(scheme) }
    guard let host = url.host, !host.isEmpty, let address = URLText.requestURL(url.absoluteString)
    else { throw .invalidURL(url.absoluteString) }
    return address
  }

  /// Extra request fields that are safe to send. They replay what servers sent (ETag,
  /// Last-Modified), so one that would split the request is left out rather than failing.
  static func fields(_ headers: [String: String]) -> [String: String] {
    headers.filter { name, value in
      !name.isEmpty && name.utf8.allSatisfy(isTokenByte)
        && value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
    }
  }

  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"):
      return true
    default:
      return "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }

  /// The longest timeout handed to Foundation and Dispatch, which count it in integer
  /// milliseconds and nanoseconds (about a year; a longer one is waited for as this).
  static let longestTimeout: TimeInterval = 365 * 86_400

  static let fetchableSchemes: Set<String> = ["http", "https"]
  static let accept = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8"
  /// The language asked for when none is given: zh-cn, then Chinese, then English.
  public static let defaultLanguage = "zh-CN,zh;q=0.9,en;q=0.5"
  static let userAgent = "ProvinceBrowser/1.0 (terminal browser)"
}
