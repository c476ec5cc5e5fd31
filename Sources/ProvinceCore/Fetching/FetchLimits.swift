import CatalogModel
import Foundation
import PageReader
import TextSupport

/// The bounds one page fetch keeps to: total time, body size and redirects.
public struct FetchLimits: Sendable, Hashable {
  /// Seconds for the whole fetch, connection and body included.
  public var timeout: TimeInterval = 15
  /// Bytes of body kept; reading stops there and the page is marked truncated.
  public var maxBytes: Int = 5_000_000
  /// Redirects followed before giving up.
  public var maxRedirects: Int = 10

  /// Limits with the defaults: 15 s, 5 MB, 10 redirects.
  public init(timeout: TimeInterval = 15, maxBytes: Int = 5_000_000, maxRedirects: Int = 10) {
    self.timeout = timeout
    self.maxBytes = maxBytes
    self.maxRedirects = maxRedirects
  }
}
