import FetchModel
import Foundation
import TestSupport
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

/// `CachingFetcher` against a real server: revalidation with 304, offline reads, bypass,
/// and the cached copy when the network fails.
@Suite struct PageCacheFetchTests {
  typealias CheckPath = TestHTTPServer.CheckPath

  private func withSetup(
    _ body: (TestHTTPServer, PageCache) async throws -> Void
  ) async throws {
    let server = try TestHTTPServer.started()
    server.addCheckRoutes()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "page-cache-fetch-\(UUID().uuidString)")
    defer {
      server.stop()
      try? FileManager.default.removeItem(at: directory)
    }
    try await body(server, PageCache(directory: directory, limit: 1_000_000))
  }

  private func fetcher(_ cache: PageCache?, _ policy: CachePolicy) -> CachingFetcher {
    CachingFetcher(
      fetcher: PageFetcher(limits: FetchLimits(timeout: 30)), cache: cache, policy: policy)
  }

  @Test func aRevisitSendsIfNoneMatchAndA304ServesTheCachedBody() async throws {
    try await withSetup { server, cache in
      let url = server.url(CheckPath.etag)
      let first = try await fetcher(cache, .normal).fetch(url) { _ in }
      let second = try await fetcher(cache, .normal).fetch(url) { _ in }
      #expect(first.source == .network)
      #expect(second.source == .revalidated)
      #expect(second.page.body == first.page.body)
      #expect(second.page.text().contains("tagged 广州"))
      let conditions = server.requests.map { $0.header("If-None-Match") }
      #expect(conditions == [nil, TestHTTPServer.pageTag])
    }
  }

  @Test func aRevisitSendsIfModifiedSinceFromLastModified() async throws {
    try await withSetup { server, cache in
      let url = server.url(CheckPath.modified)
      _ = try await fetcher(cache, .normal).fetch(url) { _ in }
      let second = try await fetcher(cache, .normal).fetch(url) { _ in }
      #expect(second.source == .revalidated)
      #expect(second.page.text().contains("dated"))
      #expect(server.requests.last?.header("If-Modified-Since") == TestHTTPServer.pageModified)
    }
  }

  @Test func thePlainFetcherHandsBackA304AsAPageNotAnError() async throws {
    try await withSetup { server, _ in
      let page = try await PageFetcher().fetch(
        server.url(CheckPath.etag), method: "GET",
        headers: ["If-None-Match": TestHTTPServer.pageTag])
      #expect(page.status == 304)
      #expect(page.body.isEmpty)
    }
  }

  @Test func offlineServesTheCachedCopyWithItsAgeAndNoRequest() async throws {
    try await withSetup { server, cache in
      let url = server.url(CheckPath.plain)
      _ = try await fetcher(cache, .normal).fetch(url) { _ in }
      let offline = try await fetcher(cache, .offline).fetch(url) { _ in }
      guard case .cache(let age) = offline.source else {
        Issue.record("source \(offline.source)")
        return
      }
      #expect(age >= 0 && age < 60)
      #expect(offline.page.text().contains("no validators"))
      #expect(server.requests.count == 1)
    }
  }

  @Test func offlineWithoutACopySaysSoAndMakesNoRequest() async throws {
    try await withSetup { server, cache in
      let url = server.url(CheckPath.plain)
      await #expect(throws: FetchError.notCached(url.absoluteString)) {
        _ = try await fetcher(cache, .offline).fetch(url) { _ in }
      }
      #expect(FetchError.notCached(url.absoluteString).message.hasPrefix("no cached copy of http"))
      #expect(!FetchError.notCached("x").isNetworkFailure)
      #expect(server.requests.isEmpty)
    }
  }

  @Test func bypassNeitherReadsNorWritesTheCache() async throws {
    try await withSetup { server, cache in
      let url = server.url(CheckPath.etag)
      _ = try await fetcher(cache, .bypass).fetch(url) { _ in }
      #expect(cache.entry(for: url) == nil)
      _ = try await fetcher(cache, .normal).fetch(url) { _ in }
      let bypassed = try await fetcher(cache, .bypass).fetch(url) { _ in }
      #expect(bypassed.source == .network)
      #expect(server.requests.map { $0.header("If-None-Match") } == [nil, nil, nil])
    }
  }

  @Test func aFailedNetworkFallsBackToTheCachedCopy() async throws {
    try await withSetup { _, cache in
      let url = URL(string: "http://127.0.0.1:\(TestHTTPServer.unusedPort())/gone")!
      let stored = FetchedPage(
        requestedURL: url, finalURL: url, status: 200, reason: "OK", headers: [:],
        body: Data("<p>kept</p>".utf8))
      try cache.store(stored, for: url, at: Date().addingTimeInterval(-120))
      let result = try await fetcher(cache, .normal).fetch(url) { _ in }
      guard case .cache(let age) = result.source else {
        Issue.record("source \(result.source)")
        return
      }
      #expect(age >= 120)
      #expect(result.page.body == stored.body)
    }
  }

  /// A server that answers with a redirect loop is up: its failure is the page's, and the
  /// cached copy does not stand in as if the network were down.
  @Test func aRedirectLoopIsAFailedPageNotAReasonToServeTheCachedCopy() async throws {
    try await withSetup { server, cache in
      server.route("/loop") { _ in
        TestHTTPServer.Response(status: 302, headers: [("Location", "/loop")])
      }
      let url = server.url("/loop")
      let stored = FetchedPage(
        requestedURL: url, finalURL: url, status: 200, reason: "OK", headers: [:],
        body: Data("<p>kept</p>".utf8))
      try cache.store(stored, for: url, at: Date().addingTimeInterval(-120))
      await #expect(throws: FetchError.tooManyRedirects(10)) {
        _ = try await fetcher(cache, .normal).fetch(url) { _ in }
      }
    }
  }

  @Test func anHTTPErrorIsNotCached() async throws {
    try await withSetup { server, cache in
      let url = server.url("/nowhere")
      await #expect(throws: FetchError.self) {
        _ = try await fetcher(cache, .normal).fetch(url) { _ in }
      }
      #expect(cache.entry(for: url) == nil)
    }
  }

  @Test func aCachedCopyCarriesANoteWithItsAge() {
    #expect(PageSource.network.note == nil)
    #expect(PageSource.revalidated.note == nil)
    #expect(PageSource.cache(age: 42).note == "cached copy, 42 s old")
    #expect(PageSource.describe(age: 5 * 60 + 59) == "5 min")
    #expect(PageSource.describe(age: 3 * 3600) == "3 h")
    #expect(PageSource.describe(age: 86_400 * 1.5) == "1 day")
    #expect(PageSource.describe(age: 86_400 * 9) == "9 days")
  }
}
