import FetchModel
import Foundation
import TestSupport
import Testing

@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO

#if canImport(Glibc)
  import Glibc
#endif

/// What `browse` leaves on disk: the page cache readable by its owner only, and nothing at
/// all from Foundation's own URL cache, whether the page cache is on or off.
@Suite(.serialized) struct CachePrivacyTests {
  private func temporaryDirectory(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "cache-privacy-\(name)-\(UUID().uuidString)", isDirectory: true)
  }

  private func mode(_ url: URL) -> Int {
    var info = stat()
    guard stat(url.path, &info) == 0 else { return -1 }
    return Int(info.st_mode) & 0o777
  }

  private func page(_ address: String) throws -> FetchedPage {
    let url = try #require(URL(string: address))
    return FetchedPage(
      requestedURL: url, finalURL: url, status: 200, reason: "OK",
      headers: ["Content-Type": "text/html"], body: Data("<p>私人</p>".utf8))
  }

  @Test func theCacheDirectoryIsTheOwnersAloneAndSoIsEveryEntry() throws {
    let home = temporaryDirectory("home")
    defer { try? FileManager.default.removeItem(at: home) }
    let cache = PageCache(
      directory: home.appendingPathComponent("province-browser", isDirectory: true),
      limit: 1_000_000)
    let url = try #require(URL(string: "https://zh.wikipedia.org/wiki/广州市"))
    try cache.store(page(url.absoluteString), for: url)
    #expect(mode(cache.directory) == 0o700)
    let files = try FileManager.default.contentsOfDirectory(
      at: cache.directory, includingPropertiesForKeys: nil)
    #expect(files.count == 1)
    for file in files { #expect(mode(file) == 0o600, "\(file.lastPathComponent)") }
  }

  @Test func anExistingDirectoryOpenToOthersIsClosedOnTheNextStore() throws {
    let home = temporaryDirectory("old")
    defer { try? FileManager.default.removeItem(at: home) }
    let directory = home.appendingPathComponent("province-browser", isDirectory: true)
    try FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    #expect(mode(directory) == 0o755)
    let cache = PageCache(directory: directory, limit: 1_000_000)
    let url = try #require(URL(string: "https://example.test/a"))
    try cache.store(page(url.absoluteString), for: url)
    #expect(mode(directory) == 0o700)
  }

  /// Foundation's URLCache makes `$XDG_CACHE_HOME/org.swift.foundation.URLCache/<name>` when
  /// one is created without a disk path — which `URLSessionConfiguration.ephemeral` and the
  /// shared cache both do — even when the session's `urlCache` is then set to nil.
  @Test func fetchingCreatesNothingUnderTheCacheHome() async throws {
    let cacheHome = temporaryDirectory("xdg")
    try FileManager.default.createDirectory(at: cacheHome, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: cacheHome) }
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    server.route("/page") { _ in .html("<p>ok</p>") }

    let previous = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"]
    setenv("XDG_CACHE_HOME", cacheHome.path, 1)
    defer {
      if let previous { setenv("XDG_CACHE_HOME", previous, 1) } else { unsetenv("XDG_CACHE_HOME") }
    }
    let fetcher = PageFetcher()
    let page = try await fetcher.fetch(server.url("/page"))
    #expect(page.status == 200)
    let head = try await fetcher.fetch(server.url("/page"), method: "HEAD", headers: [:])
    #expect(head.status == 200)
    let left = try FileManager.default.subpathsOfDirectory(atPath: cacheHome.path)
    #expect(left == [])
  }
}
