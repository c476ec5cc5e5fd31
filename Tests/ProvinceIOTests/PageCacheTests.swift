import FetchModel
import Foundation
import TestSupport
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

/// The on-disk page cache: round trips, damaged entries, atomic writes, eviction order and
/// where it lives.
@Suite struct PageCacheTests {
  /// A fresh cache folder, removed after `body`.
  private func withCache(limit: Int = 1_000_000, _ body: (PageCache) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "page-cache-test-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(PageCache(directory: directory, limit: limit))
  }

  private func page(_ address: String, body: String = "<p>广州</p>") -> FetchedPage {
    let url = URL(string: address)!
    return FetchedPage(
      requestedURL: url, finalURL: url.appendingPathComponent("final"), status: 200, reason: "OK",
      headers: ["Content-Type": "text/html; charset=utf-8", "ETag": "\"abc\""],
      body: Data(body.utf8))
  }

  private func entryFiles(_ cache: PageCache) -> [URL] {
    let files =
      (try? FileManager.default.contentsOfDirectory(
        at: cache.directory, includingPropertiesForKeys: nil)) ?? []
    return files.filter { $0.pathExtension == "page" }
  }

  private let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func aStoredPageReadsBackWithItsHeadersAndAge() throws {
    try withCache { cache in
      let stored = page("http://example.test/a")
      try cache.store(stored, for: stored.requestedURL, at: start)
      let entry = try #require(cache.entry(for: stored.requestedURL, now: start + 90))
      #expect(entry.page == stored)
      #expect(entry.page.header("etag") == "\"abc\"")
      #expect(entry.age(at: start + 90) == 90)
      #expect(cache.entry(for: URL(string: "http://example.test/b")!) == nil)
    }
  }

  @Test func anEntryTruncatedByHandReadsAsMissing() throws {
    try withCache { cache in
      let stored = page("http://example.test/a", body: String(repeating: "x", count: 500))
      try cache.store(stored, for: stored.requestedURL, at: start)
      let file = try #require(entryFiles(cache).first)
      let bytes = try Data(contentsOf: file)
      for length in [0, 10, 40, bytes.count - 1] {
        try bytes.prefix(length).write(to: file)
        #expect(cache.entry(for: stored.requestedURL) == nil, "cut to \(length) bytes")
      }
      try bytes.write(to: file)
      #expect(cache.entry(for: stored.requestedURL) != nil)
    }
  }

  @Test func anEntryWithAChangedByteReadsAsMissing() throws {
    try withCache { cache in
      let stored = page("http://example.test/a")
      try cache.store(stored, for: stored.requestedURL, at: start)
      let file = try #require(entryFiles(cache).first)
      var bytes = try Data(contentsOf: file)
      bytes[bytes.count - 2] ^= 0x20
      try bytes.write(to: file)
      #expect(cache.entry(for: stored.requestedURL) == nil)
    }
  }

  @Test func aKilledWritersTemporaryFileIsNeverReadAndIsSweptLater() throws {
    try withCache { cache in
      let stored = page("http://example.test/a")
      let bytes = PageCacheEntry(page: stored, storedAt: start).encoded()
      try FileManager.default.createDirectory(
        at: cache.directory, withIntermediateDirectories: true)
      let temporary = cache.directory.appendingPathComponent(".tmp-killed")
      try bytes.prefix(bytes.count / 2).write(to: temporary)
      try FileManager.default.setAttributes(
        [.modificationDate: start], ofItemAtPath: temporary.path)
      #expect(cache.entry(for: stored.requestedURL) == nil)
      cache.evict(now: start + 3600)
      #expect(!FileManager.default.fileExists(atPath: temporary.path))
    }
  }

  @Test func storingReplacesTheOldCopyAndLeavesNoTemporaryFiles() throws {
    try withCache { cache in
      let url = URL(string: "http://example.test/a")!
      try cache.store(page(url.absoluteString, body: "old"), for: url, at: start)
      try cache.store(page(url.absoluteString, body: "new"), for: url, at: start + 1)
      #expect(cache.entry(for: url)?.page.body == Data("new".utf8))
      let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory.path)
      #expect(names.count == 1)
      #expect(names.allSatisfy { !$0.hasPrefix(".tmp") })
    }
  }

  @Test func theLeastRecentlyUsedEntriesAreEvictedFirst() throws {
    let sample = PageCacheEntry(page: page("http://example.test/a"), storedAt: start).encoded()
    // Room for two entries, not three.
    try withCache(limit: sample.count * 2 + sample.count / 2) { cache in
      let a = URL(string: "http://example.test/a")!
      let b = URL(string: "http://example.test/b")!
      let c = URL(string: "http://example.test/c")!
      try cache.store(page(a.absoluteString), for: a, at: start)
      try cache.store(page(b.absoluteString), for: b, at: start + 10)
      // Reading a makes b the least recently used.
      #expect(cache.entry(for: a, now: start + 20) != nil)
      try cache.store(page(c.absoluteString), for: c, at: start + 30)
      #expect(cache.entry(for: a, now: start + 40) != nil)
      #expect(cache.entry(for: b, now: start + 40) == nil)
      #expect(cache.entry(for: c, now: start + 40) != nil)
      #expect(entryFiles(cache).count == 2)
    }
  }

  @Test func aPageLargerThanTheWholeCacheIsNotKept() throws {
    try withCache(limit: 100) { cache in
      let big = page("http://example.test/big", body: String(repeating: "x", count: 1000))
      try cache.store(big, for: big.requestedURL, at: start)
      #expect(cache.entry(for: big.requestedURL) == nil)
    }
  }

  @Test func theCacheLivesUnderXDGCacheHomeElseHomeDotCache() {
    let xdg = PageCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"])
    #expect(xdg.path == "/x/cache/province-browser")
    let home = PageCache.defaultDirectory(environment: ["HOME": "/h"])
    #expect(home.path == "/h/.cache/province-browser")
    let relative = PageCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"])
    #expect(relative.path == "/h/.cache/province-browser")
  }
}
