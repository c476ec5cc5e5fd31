import Foundation
import TextSupport

/// Why a page could not be fetched, one case per thing the user can act on.
public indirect enum FetchError: Error, Sendable, Equatable {
  /// The URL is not http or https (`file:`, `javascript:`, `ftp:` …); nothing was requested.
  case unsupportedScheme(String)
  /// The address has no scheme or no host.
  case invalidURL(String)
  /// The host name did not resolve.
  case hostNotFound(String)
  /// Nothing listens at the host's port (or it could not be reached).
  case connectionRefused(String)
  /// The whole fetch took longer than `FetchLimits.timeout`.
  case timedOut
  /// The secure connection failed (handshake, certificate), with the library's detail.
  case tlsFailure(String)
  /// More redirects than `FetchLimits.maxRedirects` (the associated value).
  case tooManyRedirects(Int)
  /// A redirect pointed at a scheme other than http or https; it was not followed.
  case redirectToUnsupportedScheme(String)
  /// A redirect status (3xx) that names no place to go (no usable `Location`).
  case redirectWithoutLocation(status: Int)
  /// 304 Not Modified to a request that offered no cached copy to compare with.
  case unrequestedNotModified
  /// The connection broke before the answer was complete (headers or body).
  case connectionLost
  /// A successful status with no body at all.
  case emptyBody
  /// A 4xx or 5xx answer; `page` keeps the error page for display.
  case http(status: Int, reason: String, page: FetchedPage?)
  /// The calling task was cancelled.
  case cancelled
  /// Anything else, with a short description.
  case other(String)
  /// Offline, and the page cache holds no copy of this URL.
  case notCached(String)
  /// The server answered 429 or 503 asking to wait longer (seconds) than the timeout allows.
  case rateLimited(retryAfter: TimeInterval)
  /// The answer's header block passed the bound (`headerLineLimit` lines or
  /// `headerByteLimit` bytes, or one line past libcurl's own bound) and was refused unread.
  case headersTooLarge
  /// A redirect's `Location` (as sent) is no valid web address; it was not followed.
  case invalidRedirect(String)
  /// The proxy (host:port, as curl names it) refused the connection.
  case proxyRefused(String)
  /// The proxy's name did not resolve.
  case proxyNotFound(String)
  /// The failure happened at a redirect's target (the URL after `→`), not at the address
  /// asked for: the error names the hop's host, and this says which hop it was.
  case afterRedirect(String, FetchError)

  /// The most header lines one answer may bring (CurlLoader's PROVINCE_HEADER_LINE_LIMIT).
  public static let headerLineLimit = 1000
  /// The most bytes of header lines one answer may bring (PROVINCE_HEADER_BYTE_LIMIT).
  public static let headerByteLimit = 256 * 1024

  /// One line for the user, safe to print on a terminal.
  public var message: String {
    TerminalText.sanitize(rawMessage)
  }

  /// What this failure means for a run; the one place that decides it. The one-shot
  /// report's exit code, the cache's stand-in copy and the link checker all follow it.
  public var kind: FetchFailureKind {
    switch self {
    case .afterRedirect(_, let error):
      return error.kind
    case .hostNotFound, .connectionRefused, .timedOut, .tlsFailure, .connectionLost, .other,
      .proxyRefused, .proxyNotFound:
      return .networkUnavailable
    case .cancelled:
      return .cancelled
    case .unsupportedScheme, .invalidURL, .emptyBody, .http, .tooManyRedirects,
      .redirectToUnsupportedScheme, .redirectWithoutLocation, .unrequestedNotModified, .notCached,
      .rateLimited, .headersTooLarge, .invalidRedirect:
      return .pageFailed
    }
  }

  /// True when the network could not be reached or gave no usable answer (exit 69,
  /// EX_UNAVAILABLE; a cached copy may stand in). A server that answered, however badly
  /// (an error status, a redirect loop, an empty page), is not a network failure.
  public var isNetworkFailure: Bool {
    kind == .networkUnavailable
  }

  private var rawMessage: String {
    switch self {
    case .unsupportedScheme(let scheme):
      return "Only http and https addresses are fetched, not “\(scheme):”."
    case .invalidURL(let url):
      return "“\(url)” is not a valid web address."
    case .hostNotFound(let host):
      return "The server name “\(host)” could not be found."
    case .connectionRefused(let host):
      return "The server “\(host)” refused the connection."
    case .timedOut:
      return "The page took too long to load (timed out)."
    case .tlsFailure(let detail):
      return "A secure connection could not be made (\(detail))."
    case .tooManyRedirects(let limit):
      return "The page redirected more than \(limit) times."
    case .redirectToUnsupportedScheme(let scheme):
      return "The page redirected to a “\(scheme):” address, which is not fetched."
    case .redirectWithoutLocation(let status):
      return "The server answered HTTP \(status), a redirect, without saying where to."
    case .unrequestedNotModified:
      return "The server answered HTTP 304 Not Modified, though no cached copy was offered."
    case .connectionLost:
      return "The connection was lost before the page finished loading."
    case .emptyBody:
      return "The server sent an empty page."
    case .http(407, let reason, _):
      // 407 is only ever a proxy's answer: the proxy wants credentials.
      return
        "The proxy answered HTTP 407 \(reason.isEmpty ? "Proxy Authentication Required" : reason)."
    case .http(let status, let reason, _):
      return reason.isEmpty
        ? "The server answered HTTP \(status)." : "The server answered HTTP \(status) \(reason)."
    case .cancelled:
      return "The fetch was cancelled."
    case .other(let detail):
      return "The page could not be fetched (\(detail))."
    case .notCached(let url):
      return "no cached copy of \(url) (offline)"
    case .rateLimited(let seconds):
      return "The server asked to wait \(Int(seconds.rounded(.up))) s before trying again, "
        + "longer than the timeout allows (rate limited)."
    case .invalidRedirect(let location):
      return "The page redirected to “\(location)”, which is not a valid web address."
    case .proxyRefused(let proxy):
      return "The proxy “\(proxy)” refused the connection."
    case .proxyNotFound(let proxy):
      return "The proxy name “\(proxy)” could not be found."
    case .afterRedirect(let hop, let error):
      var message = error.rawMessage
      if message.hasSuffix(".") { message.removeLast() }
      return "\(message), after a redirect to \(hop)."
    case .headersTooLarge:
      return "The server sent more than \(Self.headerLineLimit) header lines or "
        + "\(Self.headerByteLimit / 1024) KB of headers; the answer was refused."
    }
  }

}
