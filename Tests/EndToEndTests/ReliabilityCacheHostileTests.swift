import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A hostile cache folder through the binary: `--offline` over a huge sparse entry, and a
/// cache folder that is a symbolic link.
@Suite(.timeLimit(.minutes(3))) struct ReliabilityCacheHostileTests {
  static let url = "http://127.0.0.1:9/page"

  func withData(_ body: (_ data: String, _ cacheHome: URL) async throws -> Void) async throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-cache-hostile-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: base) }
    let plist =
      "<plist><dict><key>测试省</key><array><dict><key>name</key><string>甲市</string>"
      + "<key>url</key><string>\(Self.url)</string></dict></array></dict></plist>"
    let data = base.appendingPathComponent("data.plist")
    try Data(plist.utf8).write(to: data)
    try await body(data.path, base.appendingPathComponent("cache", isDirectory: true))
  }

  @Test func offlineOverAHugeSparseEntryIsAMissNotAGigabyteRead() async throws {
    try await withData { data, cacheHome in
      let folder = cacheHome.appendingPathComponent("province-browser", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      // The URL's entry is a 2 GB sparse file: reading a 1 GB one whole took 2.1 GB of
      // memory. No `--max-bytes` allows an entry that large, so it is no entry of the cache's.
      let fd = open(folder.appendingPathComponent(Self.entryName).path, O_WRONLY | O_CREAT, 0o600)
      #expect(ftruncate(fd, 2_000_000_000) == 0)
      close(fd)
      let result = try await BrowseProcess.shell(
        """
        "$BROWSE" --data '\(data)' -c 甲市 --fetch --offline
        echo "status=$?"
        """, environment: ["XDG_CACHE_HOME": cacheHome.path])
      #expect(result.stdout.contains("status=1"))
      #expect(result.stderr.contains("not in the page cache"))
      let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      #expect(left.isEmpty, "the oversized entry is removed")
    }
  }

  /// The name the cache gives the URL's entry in the default variant (zh-cn, under the
  /// children's C locale): the FNV-1a hash in hex of the URL, a newline and the variant.
  static var entryName: String {
    let name = String(fnv1a(Array((url + "\nzh-cn").utf8)), radix: 16)
    return String(repeating: "0", count: 16 - name.count) + name + ".page"
  }

  /// FNV-1a, 64 bits, as the cache names its entries (written out again here on purpose:
  /// a test that reused the cache's own function would follow it if it changed).
  static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0100_0000_01b3
    }
    return hash
  }

  @Test func aSymlinkedCacheFolderIsRefusedWithOneWarningAndTheFetchGoesOn() async throws {
    try await withData { data, cacheHome in
      let target = cacheHome.deletingLastPathComponent().appendingPathComponent("target")
      try FileManager.default.createDirectory(
        at: target, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
      try FileManager.default.createDirectory(at: cacheHome, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        at: cacheHome.appendingPathComponent("province-browser"), withDestinationURL: target)
      let server = try TestHTTPServer.started()
      defer { server.stop() }
      server.route("/p") { _ in .html("<p>一页</p>") }
      let plist =
        "<plist><dict><key>测试省</key><array><dict><key>name</key><string>甲市</string>"
        + "<key>url</key><string>\(server.baseURL)/p</string></dict></array></dict></plist>"
      try Data(plist.utf8).write(to: URL(fileURLWithPath: data))
      let result = try await BrowseProcess.run(
        ["--data", data, "-c", "甲市", "--fetch"], environment: ["XDG_CACHE_HOME": cacheHome.path])
      #expect(result.status == 0)
      #expect(result.stdout.contains("一页"))
      let warnings = result.stderr.split(separator: "\n").filter { $0.contains("warning") }
      #expect(warnings.count == 1)
      #expect(warnings.first?.contains("symbolic link") == true)
      #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).isEmpty)
      let mode = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions]
      #expect(mode as? Int == 0o755)
    }
  }
}
