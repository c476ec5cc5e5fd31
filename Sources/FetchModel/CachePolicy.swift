/// How `CachingFetcher` uses the page cache.
public enum CachePolicy: Sendable {
  /// Revalidate a cached copy, fetch and store otherwise.
  case normal
  /// Never touch the network: the cached copy or `FetchError.notCached`.
  case offline
  /// Neither read nor write the cache (`--no-cache`).
  case bypass
}
