import FetchModel
import Foundation
import Testing

@testable import PageReader
@testable import ProvinceIO

#if canImport(Glibc)
  import Glibc
#endif

/// What a hostile or damaged cache folder can hold: an entry far larger than the cache, a
/// FIFO or a link under an entry's name, a folder that is a symbolic link.
@Suite struct PageCacheHostileTests {
  private func folder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "page-cache-hostile-\(UUID().uuidString)", isDirectory: true)
  }

  private func page(_ address: String) -> FetchedPage {
    let url = URL(string: address)!
    return FetchedPage(
      requestedURL: url, finalURL: url, status: 200, reason: "OK",
      headers: ["Content-Type": "text/html"], body: Data("<p>广州</p>".utf8))
  }

  @Test func anEntryLargerThanTheCacheIsRemovedUnread() throws {
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = PageCache(directory: directory, limit: 1_000_000)
    let url = URL(string: "http://example.test/big")!
    try cache.store(page(url.absoluteString), for: url)
    // A sparse 10 GB file under the entry's name: reading it whole took 20 GB of memory.
    let file = cache.fileURL(for: url)
    let fd = open(file.path, O_WRONLY | O_TRUNC)
    #expect(fd >= 0)
    #expect(ftruncate(fd, 10_000_000_000) == 0)
    close(fd)
    #expect(cache.entry(for: url) == nil)
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  @Test func aHugeCacheSizeStillBoundsAnEntryByTheLargestPage() throws {
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    // --cache-size 20G: the entry is bounded by the page limit, not by the cache's.
    let cache = PageCache(directory: directory, limit: 20_000_000_000, largestPage: 1000)
    let url = URL(string: "http://example.test/big")!
    try cache.store(page(url.absoluteString), for: url)
    let file = cache.fileURL(for: url)
    let fd = open(file.path, O_WRONLY | O_TRUNC)
    #expect(ftruncate(fd, 10_000_000_000) == 0)
    close(fd)
    #expect(cache.readLimit == 1000 + PageCache.entryOverhead)
    #expect(cache.entry(for: url) == nil)
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  @Test("A good 3.5 MB entry read under smaller limits is a miss that stays on disk")
  func anEntryOverThisRunsLimitsIsAMissNotADeletion() throws {
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = URL(string: "http://example.test/large")!
    var large = page(url.absoluteString)
    large.body = Data(repeating: UInt8(ascii: "a"), count: 3_500_000)
    try PageCache(directory: directory, limit: 50_000_000).store(large, for: url)
    let file = PageCache(directory: directory, limit: 50_000_000).fileURL(for: url)
    // --max-bytes 100k, then --cache-size 1M: each a miss, neither a deletion.
    let smallPages = PageCache(directory: directory, limit: 50_000_000, largestPage: 100_000)
    #expect(smallPages.entry(for: url) == nil)
    #expect(FileManager.default.fileExists(atPath: file.path))
    let smallCache = PageCache(directory: directory, limit: 1_000_000)
    #expect(smallCache.entry(for: url) == nil)
    #expect(FileManager.default.fileExists(atPath: file.path))
    // The default limits read it back whole.
    let again = PageCache(directory: directory, limit: 50_000_000, largestPage: 5_000_000)
    #expect(again.entry(for: url)?.page.body.count == 3_500_000)
  }

  @Test("A folder planted under an entry's name is never removed, and a store beside it fails")
  func aFolderUnderAnEntrysNameIsNeverRemoved() throws {
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = PageCache(directory: directory, limit: 1_000_000)
    let url = URL(string: "http://example.test/planted")!
    let planted = cache.fileURL(for: url)
    try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: true)
    let inside = planted.appendingPathComponent("keep.txt")
    try Data("mine".utf8).write(to: inside)
    #expect(cache.entry(for: url) == nil)
    #expect(throws: PageCacheError.self) { try cache.store(page(url.absoluteString), for: url) }
    #expect(cache.entry(for: url) == nil)
    #expect(try Data(contentsOf: inside) == Data("mine".utf8))
  }

  @Test func anEntryJustWithinTheLimitIsStillRead() throws {
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = URL(string: "http://example.test/fits")!
    // One date for both, so that the measured entry is byte for byte the stored one.
    let date = Date(timeIntervalSince1970: 1_800_000_000)
    let size = PageCacheEntry(page: page(url.absoluteString), storedAt: date).encoded().count
    let cache = PageCache(directory: directory, limit: size)
    try cache.store(page(url.absoluteString), for: url, at: date)
    #expect(cache.entry(for: url)?.page.body == Data("<p>广州</p>".utf8))
  }

  @Test func aFIFOOrALinkUnderAnEntrysNameIsAMissThatIsRemoved() throws {
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = PageCache(directory: directory, limit: 1_000_000)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let fifoURL = URL(string: "http://example.test/fifo")!
    let fifo = cache.fileURL(for: fifoURL)
    #expect(mkfifo(fifo.path, 0o600) == 0)
    // Opening a FIFO for reading would wait for a writer; the cache must not.
    #expect(cache.entry(for: fifoURL) == nil)
    #expect(!FileManager.default.fileExists(atPath: fifo.path))

    let linkURL = URL(string: "http://example.test/link")!
    let link = cache.fileURL(for: linkURL)
    #expect(symlink("/dev/zero", link.path) == 0)
    #expect(cache.entry(for: linkURL) == nil)
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil)
  }

  @Test func aCacheFolderThatIsASymbolicLinkIsRefusedWithOneWarning() throws {
    let base = folder()
    defer { try? FileManager.default.removeItem(at: base) }
    let target = base.appendingPathComponent("elsewhere", isDirectory: true)
    try FileManager.default.createDirectory(
      at: target, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    let directory = base.appendingPathComponent("province-browser", isDirectory: true)
    try FileManager.default.createSymbolicLink(at: directory, withDestinationURL: target)
    let opened = PageCache.opened(directory: directory, limit: 1_000_000)
    #expect(opened.cache == nil)
    let warning = try #require(opened.warning)
    #expect(warning.contains("symbolic link"))
    #expect(warning.contains(directory.path))
    #expect(!warning.contains("\n"))
    let mode = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions]
    #expect(mode as? Int == 0o755)
  }

  @Test func aFileWhereTheFolderShouldBeIsRefusedAndAMissingFolderIsFine() throws {
    let base = folder()
    defer { try? FileManager.default.removeItem(at: base) }
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    let file = base.appendingPathComponent("province-browser")
    try Data("x".utf8).write(to: file)
    #expect(PageCache.opened(directory: file, limit: 10).warning?.contains("not a folder") == true)
    let missing = base.appendingPathComponent("not-yet", isDirectory: true)
    let opened = PageCache.opened(directory: missing, limit: 10)
    #expect(opened.cache != nil)
    #expect(opened.warning == nil)
  }
}
