import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A child process that cannot touch the outside: started with `posix_spawn` in a session of
/// its own (so with no controlling terminal, and no way to read the developer's keyboard
/// through /dev/tty), with default signal dispositions and an empty signal mask, given only
/// the three descriptors it is handed, and the environment it is handed (see
/// `ChildEnvironment`). `kill()` ends it and everything it started in its session.
///
/// The pseudo-terminal helper starts its child without a session of its own and lets
/// `setsid --ctty` make one with the terminal as the controlling one (posix_spawn cannot).
package final class ChildProcess: @unchecked Sendable {
  package let pid: pid_t
  /// The command, for failure messages.
  package let command: [String]
  private let lock = NSLock()
  private var status: Int32?
  private var peakResident = 0

  /// Starts `executable arguments…` with `stdin`, `stdout` and `stderr` as its descriptors
  /// 0, 1 and 2 and no others. With `newSession` false the child shares the test's session
  /// until it makes its own (the pseudo-terminal's `setsid --ctty` does).
  package init(
    executable: String, arguments: [String], environment: [String: String],
    stdin: Int32, stdout: Int32, stderr: Int32, newSession: Bool = true
  ) throws {
    command = [executable] + arguments
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    if newSession { flags |= Self.spawnSetsid }
    try Self.check(posix_spawnattr_setflags(&attributes, Int16(flags)), "posix_spawnattr_setflags")
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    // Whatever the test runner ignores (SIGPIPE, say) the child must not inherit ignored.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in Int32(1)..<32 where signal != SIGKILL && signal != SIGSTOP {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (from, to) in [(stdin, Int32(0)), (stdout, 1), (stderr, 2)] {
      try Self.check(posix_spawn_file_actions_adddup2(&actions, from, to), "adddup2")
    }
    try Self.closeTheRest(&actions)

    let argv = ([executable] + arguments).map { strdup($0) }
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
    defer { for pointer in argv + envp { free(pointer) } }
    var child: pid_t = 0
    var argvList = argv + [nil]
    var envpList = envp + [nil]
    let result = argvList.withUnsafeMutableBufferPointer { argvBuffer in
      envpList.withUnsafeMutableBufferPointer { envpBuffer in
        posix_spawn(
          &child, executable, &actions, &attributes, argvBuffer.baseAddress!,
          envpBuffer.baseAddress!)
      }
    }
    try Self.check(result, "posix_spawn \(executable)")
    pid = child
  }

  /// Whether the child has exited (it is reaped if so).
  package var isRunning: Bool { exitStatus(waiting: 0) == nil }

  /// The exit status, shell style: the exit code, or 128 + the signal that ended it. Nil
  /// when it is still running after `timeout`; nothing is killed. This blocks the thread;
  /// tests want `waitForExit`.
  package func exitStatus(waiting timeout: TimeInterval) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let status = reap() { return status }
      if Date() >= deadline { return nil }
      usleep(2_000)
    }
  }

  /// The exit status within `timeout`, else nil and the child (with everything in its
  /// session) killed. The waiting is done on a thread of its own: tests run on Swift's
  /// cooperative pool, one thread a core, and a test blocking there for seconds starves
  /// every other test's tasks, while one polling from the pool is itself late whenever
  /// other tests keep the pool busy.
  package func waitForExit(timeout: TimeInterval) async -> Int32? {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { [self] in
        let status = exitStatus(waiting: timeout)
        if status == nil { kill() }
        continuation.resume(returning: status)
      }
    }
  }

  /// Sends `signal` to the child alone (not its group), if it has not been reaped.
  package func signal(_ number: Int32) {
    lock.withLock {
      if status == nil { _ = Glibc.kill(pid, number) }
    }
  }

  /// Sends `number` the moment `condition` holds; false if it never held within `timeout`
  /// (nothing is sent then). The polling is done on a thread of its own: a test polling
  /// from Swift's cooperative pool (two threads on two cores) is resumed behind every test
  /// still queued there, and in a loaded CI run a signal meant for the middle of a fetch
  /// came after the fetch had timed out (30 s later).
  package func signal(
    _ number: Int32, once condition: @escaping @Sendable () -> Bool, timeout: TimeInterval = 30
  ) async -> Bool {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { [self] in
        let held = Deadline.wait(timeout, until: condition)
        if held { signal(number) }
        continuation.resume(returning: held)
      }
    }
  }

  /// Whether the child has a handler in place for `signal` (SigCgt in /proc/PID/status).
  /// `browse` installs its handlers asynchronously (Dispatch signal sources), so a signal
  /// sent the moment it shows a prompt can come before them.
  package func catches(_ signal: Int32) -> Bool {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
      let mask = UInt64(
        line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
    else { return false }
    return mask & (1 << UInt64(signal - 1)) != 0
  }

  /// Waits until the child catches `signal`; false if `timeout` passed first.
  package func waitUntilCatching(_ signal: Int32, timeout: TimeInterval = 30) async -> Bool {
    await Deadline.poll(timeout) { catches(signal) }
  }

  /// Kills the child's process group and every process left in its session (a shell's
  /// `set -m` jobs have groups of their own), then reaps the child.
  package func kill() {
    Self.killSession(pid)
    _ = exitStatus(waiting: 10)
  }

  deinit {
    if lock.withLock({ status == nil }) { kill() }
  }

  /// The child's peak resident set in bytes as its own memory map counts it (VmHWM in
  /// /proc/PID/status), read every 2 ms once `watchPeakResident()` started, until it exits;
  /// growth in its last milliseconds may be missed. (wait4's `ru_maxrss` will not do:
  /// posix_spawn starts the child in the parent's memory map, and at exec the kernel
  /// carries that map's peak, the test process's own, into the child's figure.)
  package var peakResidentBytes: Int {
    lock.withLock { peakResident }
  }

  /// The child's peak resident set so far (VmHWM), read once: exact for a child that is
  /// waiting (at a prompt, say), where the watcher may miss a peak just before an exit.
  /// Nil once it has gone.
  package var peakResidentSoFar: Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = line.dropFirst("VmHWM:".count).split(whereSeparator: \.isWhitespace).first
        .flatMap({ Int($0) })
    else { return nil }
    return kilobytes * 1024
  }

  /// Starts reading the child's peak resident set (`peakResidentBytes`) on a thread of
  /// its own, until the child has exited.
  package func watchPeakResident() {
    Thread.detachNewThread { [self] in
      while lock.withLock({ status == nil }) {
        guard let bytes = peakResidentSoFar else { return }
        lock.withLock { peakResident = max(peakResident, bytes) }
        usleep(2_000)
      }
    }
  }

  private func reap() -> Int32? {
    lock.withLock {
      if let status { return status }
      var raw: Int32 = 0
      let reaped = waitpid(pid, &raw, WNOHANG)
      if reaped == pid {
        let signal = raw & 0x7F
        status = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
      } else if reaped < 0 && errno != EINTR {
        status = -1  // not ours to wait for any more; should not happen
      }
      return status
    }
  }

  /// SIGKILL to the group `session` leads and to every process whose session it is.
  package static func killSession(_ session: pid_t) {
    _ = Glibc.kill(-session, SIGKILL)
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else {
      return
    }
    for entry in entries {
      guard let other = pid_t(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { continue }
      // After "(comm)": state, ppid, pgrp, session, …
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      if fields.count > 3, pid_t(fields[3]) == session { _ = Glibc.kill(other, SIGKILL) }
    }
  }

  /// glibc's POSIX_SPAWN_SETSID (since 2.26), which Swift does not import.
  private static let spawnSetsid: Int32 = 0x80

  /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34+, not imported by Swift).
  private typealias CloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

  /// Closes every descriptor from 3 up in the child. Without `addclosefrom_np` it closes
  /// those open in this process now; the harness's own are close-on-exec as well.
  private static func closeTheRest(_ actions: inout posix_spawn_file_actions_t) throws {
    if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
      let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
      try check(closeFrom(&actions, 3), "addclosefrom_np")
      return
    }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for fd in open.compactMap(Int32.init) where fd > 2 {
      posix_spawn_file_actions_addclose(&actions, fd)
    }
  }

  private static func check(_ code: Int32, _ what: String) throws {
    if code != 0 { throw SpawnFailed(what: what, code: code) }
  }

  /// A system call that failed while setting a child up.
  package struct SpawnFailed: Error, CustomStringConvertible {
    package var what: String
    package var code: Int32

    package init(what: String, code: Int32) {
      self.what = what
      self.code = code
    }

    package var description: String { "\(what): \(String(cString: strerror(code)))" }
  }
}

/// The environment every child gets: an allow-list, never the developer's own. PATH is
/// the system's, HOME, TMPDIR and XDG_CACHE_HOME are in the run's scratch folder, the
/// locale is C.UTF-8, TERM is set only when asked for, and libcurl is pointed at a closed
/// loopback port should a test fetch an outside URL by mistake. `extra` comes last.
package enum ChildEnvironment {
  package static let path = "/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin"

  package static func make(
    scratch: Scratch, terminal: String? = nil, extra: [String: String] = [:]
  ) -> [String: String] {
    var env = [
      "PATH": path,
      "HOME": scratch.home.path,
      "TMPDIR": scratch.temporary.path,
      "XDG_CACHE_HOME": scratch.cache.path,
      "LANG": "C.UTF-8",
      "LC_ALL": "C.UTF-8",
      "http_proxy": "http://127.0.0.1:9",
      "https_proxy": "http://127.0.0.1:9",
      "no_proxy": "127.0.0.1,localhost",
    ]
    if let terminal { env["TERM"] = terminal }
    // A test that names a proxy of its own, in either case, gets only that one: curl lets
    // a lower-case variable win over its upper-case form and over all_proxy.
    if extra.keys.contains(where: {
      ["http_proxy", "https_proxy", "all_proxy"].contains($0.lowercased())
    }) {
      env["http_proxy"] = nil
      env["https_proxy"] = nil
    }
    env.merge(extra) { $1 }
    return env
  }

  /// The names `make` sets before `extra`, terminal excluded.
  package static let names: Set<String> = [
    "PATH", "HOME", "TMPDIR", "XDG_CACHE_HOME", "LANG", "LC_ALL", "http_proxy", "https_proxy",
    "no_proxy",
  ]
}

/// A folder of one child's own, removed with this object: its HOME, TMPDIR and cache, and
/// the files its standard streams go to.
package final class Scratch: @unchecked Sendable {
  package let root: URL
  package var home: URL { root.appendingPathComponent("home") }
  package var temporary: URL { root.appendingPathComponent("tmp") }
  package var cache: URL { root.appendingPathComponent("cache") }

  package init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-test-\(UUID().uuidString)")
    for folder in [home, temporary, cache] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
  }

  /// Opens `name` in the folder close-on-exec (so no other child inherits it), creating
  /// it with `contents` when writing.
  package func open(_ name: String, writing: Bool, contents: Data = Data()) throws -> Int32 {
    let url = root.appendingPathComponent(name)
    if writing || !FileManager.default.fileExists(atPath: url.path) {
      try contents.write(to: url)
    }
    let fd = Glibc.open(url.path, (writing ? O_WRONLY : O_RDONLY) | O_CLOEXEC)
    if fd < 0 { throw ChildProcess.SpawnFailed(what: "open \(url.path)", code: errno) }
    return fd
  }

  /// What `name` holds now (empty if there is no such file).
  package func read(_ name: String) -> Data {
    (try? Data(contentsOf: root.appendingPathComponent(name))) ?? Data()
  }

  deinit { try? FileManager.default.removeItem(at: root) }
}
