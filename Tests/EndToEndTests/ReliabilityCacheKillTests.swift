import Foundation
import TestSupport
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The page cache is the only file `browse` writes. Killed at any moment, it leaves the old
/// entry or the new one, never a mix. PageCacheTests covers torn and damaged entries and a
/// killed writer's temporary file at the unit level; this kills the real process.
@Suite struct ReliabilityCacheKillTests {
  typealias F = ReliabilityFixtures

  /// About 1 MB of HTML, most of it a script (so that showing it is quick), with the
  /// version in the script, the title and the text: any mix of two versions shows.
  static func page(_ version: String) -> String {
    let line = "var v\(version) = '" + String(repeating: version, count: 1000) + "';\n"
    return "<html><head><title>版本\(version)</title><script>"
      + String(repeating: line, count: 1000) + "</script></head><body><h1>版本\(version)</h1>"
      + "<p>开始\(version)</p><p>完\(version)</p></body></html>"
  }

  final class Version: @unchecked Sendable {
    private let lock = NSLock()
    private var current = "A"
    var value: String {
      get { lock.withLock { current } }
      set { lock.withLock { current = newValue } }
    }
  }

  @Test func aFetchKilledAtARandomMomentLeavesTheOldPageOrTheNewOneNeverAMix() throws {
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    let version = Version()
    let pages = ["A": Self.page("A"), "B": Self.page("B")]
    // Each time a whole page has gone out, so kills can be aimed at the cache write.
    let sent = DispatchSemaphore(value: 0)
    server.rawRoute("/big") { connection in
      connection.respond(.html(pages[version.value] ?? ""))
      sent.signal()
    }
    let data = try F.file(
      F.plist(province: "测试省", cities: [("大市", server.baseURL + "/big")]))
    defer { try? FileManager.default.removeItem(atPath: data) }
    let fetch = ["--data", data, "-c", "大市", "--fetch"]

    // What each version looks like, fetched whole without the cache.
    var expected: [String: String] = [:]
    var whole = 0.0
    for name in ["A", "B"] {
      version.value = name
      let started = Date()
      let reference = try BrowseProcess.run(fetch + ["--no-cache"])
      whole = max(whole, Date().timeIntervalSince(started))
      #expect(reference.status == 0)
      #expect(reference.stdout.contains("完\(name)"))
      expected[name] = reference.stdout
    }

    let shared = F.temporaryPath("cache-shared")
    defer { try? FileManager.default.removeItem(at: shared) }
    var sharedHolds: String?
    var generator = F.SeededGenerator(seed: 30)
    var outcomes: [String: Int] = [:]
    let null = open("/dev/null", O_RDWR | O_CLOEXEC)
    defer { close(null) }
    for iteration in 0..<30 {
      let fresh = iteration % 3 == 0
      let cache = fresh ? F.temporaryPath("cache-fresh") : shared
      defer { if fresh { try? FileManager.default.removeItem(at: cache) } }
      version.value = iteration % 4 < 2 ? "A" : "B"
      while sent.wait(timeout: .now()) == .success {}
      let environment = ["XDG_CACHE_HOME": cache.path]

      let scratch = try Scratch()
      let child = try ChildProcess(
        executable: BrowseProcess.executable.path, arguments: fetch,
        environment: ChildEnvironment.make(scratch: scratch, extra: environment),
        stdin: null, stdout: null, stderr: null)
      if iteration % 2 == 0 {
        // Anywhere between start-up and the end of a whole run (measured above).
        let span = UInt32(min(max(whole, 0.05), 2) * 1_000_000)
        usleep(UInt32.random(in: 0...span, using: &generator))
      } else {
        // Aimed: within 10 ms of the page's last byte leaving, when the cache is written.
        _ = sent.wait(timeout: .now() + 10)
        usleep(UInt32.random(in: 0...10_000, using: &generator))
      }
      child.kill()

      let offline = try BrowseProcess.run(fetch + ["--offline"], environment: environment)
      let seen: String
      if offline.status == 0 {
        let match = expected.first { $0.value == offline.stdout }?.key
        #expect(match != nil, "iteration \(iteration): the cached page is not a whole version")
        #expect(offline.stderr.hasPrefix("browse: cached copy, "), "iteration \(iteration)")
        seen = match ?? "garbage"
      } else {
        #expect(offline.status == 1, "iteration \(iteration)")
        #expect(offline.stderr.contains("no cached copy"), "iteration \(iteration)")
        #expect(offline.stdout == "", "iteration \(iteration)")
        seen = "missing"
      }
      if !fresh {
        // A whole entry, once there, is replaced by another whole one or stays.
        if sharedHolds != nil {
          #expect(seen != "missing", "iteration \(iteration): a good entry was lost")
        }
        if seen != "missing" { sharedHolds = seen }
      }
      outcomes[seen, default: 0] += 1
    }
    // Not a timing assertion: only a record of what the kills hit, for the report.
    print(
      "cache kill outcomes: \(outcomes.sorted { $0.key < $1.key }), whole run \(whole) s")
  }
}
