import Foundation
import TextSupport

/// A fetched response: where it came from, its status, headers and body bytes. A value of
/// the fetch vocabulary; PageReader reads it as text (`text()`).
public struct FetchedPage: Sendable, Hashable {
  /// The URL asked for, before redirects.
  public var requestedURL: URL
  /// The URL after redirects.
  public var finalURL: URL
  /// The HTTP status code of the final response.
  public var status: Int
  /// The reason phrase for `status` (as Foundation names it; the wire phrase is not exposed).
  public var reason: String
  /// Response headers keyed by lower-cased name, raw (not sanitised).
  public var headers: [String: String]
  /// The Content-Type header as sent, if any.
  public var contentType: String?
  /// The media type from Content-Type, lower-cased, without parameters (`text/html`).
  public var mimeType: String?
  /// The body bytes as received (after any Content-Encoding is undone), at most `maxBytes`.
  public var body: Data
  /// True when the body was cut at `FetchLimits.maxBytes`, or at the timeout.
  public var truncated: Bool
  /// True when the cut came from the timeout: the page was still arriving, and this is as
  /// far as it came. Such a page is shown, never cached.
  public var cutAtTimeout = false
  /// Seconds from the start of the fetch to the end of the body.
  public var elapsed: TimeInterval
  /// Redirects followed to reach `finalURL`.
  public var redirects: Int

  /// A page from its parts; header names are lower-cased and the media type derived.
  public init(
    requestedURL: URL, finalURL: URL, status: Int, reason: String, headers: [String: String],
    body: Data, truncated: Bool = false, elapsed: TimeInterval = 0, redirects: Int = 0
  ) {
    self.requestedURL = requestedURL
    self.finalURL = finalURL
    self.status = status
    self.reason = reason
    var lowered: [String: String] = [:]
    for (name, value) in headers { lowered[name.lowercased()] = value }
    self.headers = lowered
    self.contentType = lowered["content-type"]
    self.mimeType = Self.mediaType(of: lowered["content-type"])
    self.body = body
    self.truncated = truncated
    self.elapsed = elapsed
    self.redirects = redirects
  }

  /// The value of header `name`, whatever its case.
  public func header(_ name: String) -> String? {
    headers[name.lowercased()]
  }

  /// True for HTML and XHTML; false for images, PDF, JSON and other binary or data types.
  /// Without a Content-Type, the body is sniffed for an HTML start.
  public var isHTML: Bool {
    if let mimeType {
      return mimeType == "text/html" || mimeType == "application/xhtml+xml"
    }
    return Self.looksLikeHTML(body)
  }

  /// True for `text/plain`: shown as text, wrapped and sanitised, not parsed as HTML.
  public var isPlainText: Bool {
    mimeType == "text/plain"
  }

  static func mediaType(of contentType: String?) -> String? {
    guard let contentType else { return nil }
    let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
      .first.map { $0.trimmingSpaces.lowercased() }
    guard let type, !type.isEmpty else { return nil }
    return type
  }

  private static func looksLikeHTML(_ body: Data) -> Bool {
    let head = body.prefix(512)
    let text = String(decoding: head, as: UTF8.self)
      .trimmed(where: { $0.isWhiteSpace || $0 == "\u{FEFF}" })
      .lowercased()
    return text.hasPrefix("<!doctype html") || text.hasPrefix("<html")
      || text.hasPrefix("<head") || text.hasPrefix("<meta") || text.hasPrefix("<!--")
  }
}
