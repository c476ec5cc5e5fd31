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
@Suite(.timeLimit(.minutes(3))) struct ReliabilityCacheKillTests {
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

  @Test func aFetchKilledAtARandomMomentLeavesTheOldPageOrTheNewOneNeverAMix() async throws {
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
      let reference = try await BrowseProcess.run(fetch + ["--no-cache"])
      whole = max(whole, Date().timeIntervalSince(started))
      #expect(reference.status == 0)
      #expect(reference.stdout.contains("完\(name)"))
      expected[name] = reference.stdout
    }

    let shared = F.temporaryPath("cache-shared")
    defer { try? FileManager.default.removeItem(at: shared) }
    var sharedHolds: String?
    var generator = F.SeededGenerator(seed: 30, algorithm: .xorshift64)
    var outcomes: [String: Int] = [:]
    var killedMidStore = 0
    var aimedKills = 0
    let null = open("/dev/null", O_RDWR | O_CLOEXEC)
    defer { close(null) }
    for iteration in 0..<24 {
      let fresh = iteration % 3 == 0
      let cache = fresh ? F.temporaryPath("cache-fresh") : shared
      defer { if fresh { try? FileManager.default.removeItem(at: cache) } }
      version.value = iteration % 4 < 2 ? "A" : "B"
      while sent.wait(timeout: .now()) == .success {}
      let environment = ["XDG_CACHE_HOME": cache.path]
      // The folder browse stores into, made now so that it can be watched from the start.
      let folder = cache.appendingPathComponent("province-browser")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let before = Self.temporaries(in: folder)
      let aimed = iteration % 2 == 1
      let pause = aimed ? try PauseReport(F.temporaryPath("pause")) : nil
      let previous = fresh ? nil : sharedHolds

      let scratch = try Scratch()
      var extra = environment
      if let pause {
        // Aimed: browse stops inside the store, half of the entry in its temporary file,
        // and says so on the FIFO; the kill comes then, on that event, not on a guess.
        extra["BROWSE_TEST_PAUSE_AT"] = "cache-store"
        extra["BROWSE_TEST_PAUSE_FIFO"] = pause.path
      }
      let child = try ChildProcess(
        executable: BrowseProcess.executable.path, arguments: fetch,
        environment: ChildEnvironment.make(scratch: scratch, extra: extra),
        stdin: null, stdout: null, stderr: null)
      if let pause {
        aimedKills += 1
        #expect(
          await pause.wait(for: "cache-store\n", timeout: 90),
          "iteration \(iteration): browse never began to store the page")
      } else {
        // Anywhere between start-up and the end of a whole run (measured above).
        let span = Int(min(max(whole, 0.05), 2) * 1_000_000)
        try await Task.sleep(for: .microseconds(Int.random(in: 0...span, using: &generator)))
      }
      child.signal(SIGKILL)
      child.kill()
      // A temporary file left behind is proof that the kill hit the store before its
      // rename: the entry must then be the one that was there before.
      let leftBehind = !Self.temporaries(in: folder).subtracting(before).isEmpty
      if pause != nil {
        #expect(leftBehind, "iteration \(iteration): stopped mid-store, yet no temporary file")
      }

      let offline = try await BrowseProcess.run(fetch + ["--offline"], environment: environment)
      let seen: String
      if offline.status == 0 {
        let match = expected.first { $0.value == offline.stdout }?.key
        #expect(match != nil, "iteration \(iteration): the cached page is not a whole version")
        #expect(offline.stderr.hasPrefix("browse: cached copy, "), "iteration \(iteration)")
        seen = match ?? "garbage"
      } else {
        #expect(offline.status == 1, "iteration \(iteration)")
        #expect(offline.stderr.contains("is not in the page cache"), "iteration \(iteration)")
        #expect(offline.stdout == "", "iteration \(iteration)")
        seen = "missing"
      }
      if leftBehind {
        killedMidStore += 1
        #expect(
          seen == (previous ?? "missing"),
          "iteration \(iteration): killed mid-store, yet the entry changed")
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
    // Without kills that land inside the store the test would prove nothing: the aimed
    // ones (12 of 24, which still cover every mix of fresh or shared cache and version)
    // each stop browse inside the store before the kill, so every one of them must.
    #expect(aimedKills == 12)
    #expect(
      killedMidStore >= aimedKills,
      "only \(killedMidStore) of 24 kills hit the cache store; outcomes \(outcomes)")
    print(
      "cache kill outcomes: \(outcomes.sorted { $0.key < $1.key }), \(killedMidStore) kills "
        + "mid-store (\(aimedKills) aimed), whole run \(whole) s")
  }

  /// The cache's temporary files in `folder`.
  static func temporaries(in folder: URL) -> Set<String> {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return Set(names.filter { $0.hasPrefix(".tmp-") })
  }

  /// A FIFO browse reports a pause point on (`BROWSE_TEST_PAUSE_FIFO`), read without
  /// blocking so that a child that never reaches the point cannot hang the test.
  final class PauseReport: @unchecked Sendable {
    let path: String
    private let fd: Int32

    init(_ url: URL) throws {
      path = url.path
      guard mkfifo(path, 0o600) == 0 else {
        throw ChildProcess.SpawnFailed(what: "mkfifo \(path)", code: errno)
      }
      // Open for reading first and without waiting, so that the child's open for writing
      // finds a reader and never blocks.
      fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
      guard fd >= 0 else { throw ChildProcess.SpawnFailed(what: "open \(path)", code: errno) }
    }

    /// Whether `line` came within `timeout` (the one generous deadline: a hang, not a pace).
    /// The wait is on a thread of its own, off the cooperative pool.
    func wait(for line: String, timeout: TimeInterval) async -> Bool {
      await withCheckedContinuation { continuation in
        Thread.detachNewThread {
          continuation.resume(returning: self.read(line, timeout: timeout))
        }
      }
    }

    private func read(_ line: String, timeout: TimeInterval) -> Bool {
      let deadline = Date().addingTimeInterval(timeout)
      var received: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 256)
      while Date() < deadline {
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let wait = Int32(max(1, min(1000, deadline.timeIntervalSinceNow * 1000)))
        guard poll(&ready, 1, wait) > 0 else { continue }
        let count = Glibc.read(fd, &buffer, buffer.count)
        if count > 0 { received += buffer[0..<count] }
        if String(decoding: received, as: UTF8.self).contains(line) { return true }
        // A writer came and went without the line: poll would report the hang-up at once.
        if count == 0 && ready.revents & Int16(POLLHUP) != 0 { return false }
      }
      return false
    }

    deinit {
      close(fd)
      unlink(path)
    }
  }
}
