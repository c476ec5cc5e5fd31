import FetchModel
import Foundation
import PageReader

/// A `PageFetcher` in front of a `PageCache`: cached copies are revalidated with
/// `If-None-Match` / `If-Modified-Since`, and a 304 serves the stored body.
public final class CachingFetcher: Sendable {
  private let fetcher: PageFetcher
  private let cache: PageCache?
  private let policy: CachePolicy
  private let variant: PageVariant?

  /// Fetches with `fetcher`, keeping pages in `cache` (nil: no cache) as `policy` says,
  /// keyed on `variant` as well as the URL (the fetcher's `Accept-Language` asks for it).
  public init(
    fetcher: PageFetcher, cache: PageCache?, policy: CachePolicy, variant: PageVariant? = nil
  ) {
    self.fetcher = fetcher
    self.cache = cache
    self.policy = policy
    self.variant = variant
  }

  /// The size of the stored copy of `url`'s page, without reading it; nil when there is
  /// none (or no cache). For the menu's preview, which says whether a page is at hand.
  public func storedSize(of url: URL) -> Int? {
    cache?.storedSize(for: url, variant: variant?.rawValue)
  }

  /// The page at `url` and where it came from. Offline without a copy throws `.notCached`;
  /// when the network fails outright, a cached copy is served with its age instead. On a
  /// zh.wikipedia host the variant's address is fetched (`/zh-cn/Title`); the cache keys
  /// on `url` and the variant.
  public func fetch(
    _ url: URL, onEvent: @escaping @Sendable (FetchEvent) -> Void = { _ in }
  ) async throws(FetchError) -> (page: FetchedPage, source: PageSource) {
    let address = variant?.requestURL(for: url) ?? url
    guard let cache, policy != .bypass else {
      return (try await fetcher.fetch(address, onEvent: onEvent), .network)
    }
    let variant = self.variant?.rawValue
    let now = Date()
    let cached = cache.entry(for: url, variant: variant, now: now)
    if policy == .offline {
      guard let cached else { throw .notCached(url.absoluteString) }
      return (cached.page, .cache(age: cached.age(at: now)))
    }
    let page: FetchedPage
    do {
      page = try await fetcher.fetch(
        address, method: "GET", headers: cached.map(Self.conditionalHeaders) ?? [:],
        onEvent: onEvent)
    } catch {
      if error.isNetworkFailure, let cached {
        return (cached.page, .cache(age: cached.age(at: now)))
      }
      throw error
    }
    if page.status == 304, let cached {
      var refreshed = cached.page
      // A 304 may carry newer validators and caching headers; the body stays.
      for (name, value) in page.headers where Self.refreshableHeaders.contains(name) {
        refreshed.headers[name] = value
      }
      try? cache.store(refreshed, for: url, variant: variant, at: Date())
      return (refreshed, .revalidated)
    }
    // A page cut at the timeout is not the page: it is shown, and the next visit asks again.
    if (200..<300).contains(page.status), !page.cutAtTimeout {
      try? cache.store(page, for: url, variant: variant, at: Date())
    }
    return (page, .network)
  }

  /// The validators a cached page offers for a conditional request.
  static func conditionalHeaders(_ entry: PageCacheEntry) -> [String: String] {
    var headers: [String: String] = [:]
    if let tag = entry.page.header("ETag") { headers["If-None-Match"] = tag }
    if let modified = entry.page.header("Last-Modified") {
      headers["If-Modified-Since"] = modified
    }
    return headers
  }

  static let refreshableHeaders: Set<String> = [
    "etag", "last-modified", "cache-control", "expires", "date",
  ]
}
