import Foundation

/// The bounds one page fetch keeps to: total time, body size and redirects.
public struct FetchLimits: Sendable, Hashable {
  /// Seconds for the whole fetch, connection and body included.
  public var timeout: TimeInterval
  /// Bytes of body kept; reading stops there and the page is marked truncated.
  public var maxBytes: Int
  /// Redirects followed before giving up.
  public var maxRedirects: Int

  /// The command line's default `--timeout`, in seconds.
  public static let defaultTimeout: TimeInterval = 15
  /// The command line's default `--max-bytes`.
  public static let defaultMaxBytes = 5_000_000
  /// The largest `--max-bytes` the command line takes (the page is held in memory whole).
  public static let largestMaxBytes = 1_000_000_000

  /// Limits with the command line's defaults and 10 redirects.
  public init(
    timeout: TimeInterval = defaultTimeout, maxBytes: Int = defaultMaxBytes,
    maxRedirects: Int = 10
  ) {
    self.timeout = timeout
    self.maxBytes = maxBytes
    self.maxRedirects = maxRedirects
  }
}
