import Foundation

/// Where a page handed out by `CachingFetcher` came from.
public enum PageSource: Sendable, Hashable {
  /// Fetched afresh (and stored).
  case network
  /// The cached copy, confirmed current by the server (304).
  case revalidated
  /// The cached copy without asking the server (offline, or the network failed), `age` seconds old.
  case cache(age: TimeInterval)
}
