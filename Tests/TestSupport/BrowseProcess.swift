import CatalogModel
import Foundation
import PageReader
import ProvinceCore
import ProvinceIO
import TextSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the built `browse` binary as a user would, but shut off from the outside (see
/// `ChildProcess`: its own session with no controlling terminal, an allow-listed
/// environment, only its three descriptors). Output goes to files, so that nothing can
/// deadlock on a full pipe, and a time limit kills the child's whole session.
package enum BrowseProcess {
  package struct Result: Sendable {
    /// The exit code, or 128 + the signal that ended the process.
    package var status: Int32
    package var stdout: String
    package var stderr: String
    /// The process's peak resident set in bytes, when it was watched
    /// (`ChildProcess.watchPeakResident`).
    package var peakResidentBytes: Int?

    package init(status: Int32, stdout: String, stderr: String, peakResidentBytes: Int? = nil) {
      self.status = status
      self.stdout = stdout
      self.stderr = stderr
      self.peakResidentBytes = peakResidentBytes
    }
  }

  /// The `browse` built beside this test bundle.
  package static let executable: URL = {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for directory in [beside, beside.deletingLastPathComponent()] {
      let candidate = directory.appendingPathComponent("browse")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/browse")
  }()

  /// Runs `browse arguments…` with `input` as its stdin (a file). The environment is
  /// `ChildEnvironment`'s plus `environment`; TERM is set only to `terminal`. The timeout
  /// only catches a hang: on two cores, a child of the whole parallel suite can wait tens
  /// of seconds for the processor (a 6 s --validate was killed at 30 s in CI).
  package static func run(
    _ arguments: [String], input: String = "", environment: [String: String] = [:],
    terminal: String? = nil, timeout: TimeInterval = 90, watchingPeak: Bool = false
  ) async throws -> Result {
    try await run(
      executable: executable.path, arguments, input: input, environment: environment,
      terminal: terminal, timeout: timeout, watchingPeak: watchingPeak)
  }

  /// Runs a bash script in which `$BROWSE` is the binary. With `ready`, the time limit
  /// counts from the moment it holds (an event the script brings about), not from the start.
  package static func shell(
    _ script: String, input: String = "", environment: [String: String] = [:],
    timeout: TimeInterval = 90, ready: (@Sendable () -> Bool)? = nil
  ) async throws -> Result {
    var env = environment
    env["BROWSE"] = executable.path
    return try await run(
      executable: "/bin/bash", ["-c", script], input: input, environment: env, timeout: timeout,
      ready: ready)
  }

  /// Runs any program the same way (a shell to try a completion script in, say). With
  /// `ready`, the time limit counts from the moment it holds (within a generous minute).
  package static func run(
    executable: String, _ arguments: [String], input: String = "",
    environment: [String: String] = [:], terminal: String? = nil, timeout: TimeInterval = 90,
    ready: (@Sendable () -> Bool)? = nil, watchingPeak: Bool = false
  ) async throws -> Result {
    let scratch = try Scratch()
    let stdin = try scratch.open("stdin", writing: false, contents: Data(input.utf8))
    defer { close(stdin) }
    let stdout = try scratch.open("stdout", writing: true)
    defer { close(stdout) }
    let stderr = try scratch.open("stderr", writing: true)
    defer { close(stderr) }
    let child = try ChildProcess(
      executable: executable, arguments: arguments,
      environment: ChildEnvironment.make(scratch: scratch, terminal: terminal, extra: environment),
      stdin: stdin, stdout: stdout, stderr: stderr)
    if watchingPeak { child.watchPeakResident() }
    if let ready { _ = await Deadline.poll(60) { ready() } }
    let status = await child.waitForExit(timeout: timeout)
    // Whatever it left running in its session (a shell's background job) goes too.
    ChildProcess.killSession(child.pid)
    let result = Result(
      status: status ?? -1, stdout: String(decoding: scratch.read("stdout"), as: UTF8.self),
      stderr: String(decoding: scratch.read("stderr"), as: UTF8.self),
      peakResidentBytes: watchingPeak ? child.peakResidentBytes : nil)
    guard status != nil else {
      throw TimedOut(command: child.command, seconds: timeout, partial: result)
    }
    return result
  }

  /// A `browse` left running, its stdin a socket the test writes to and its output in
  /// files, for signals and for waiting on what it shows.
  package final class Running: @unchecked Sendable {
    package let child: ChildProcess
    private let scratch: Scratch
    private let input: Int32
    private let lock = NSLock()
    private var inputOpen = true

    package init(_ arguments: [String], environment: [String: String] = [:]) throws {
      scratch = try Scratch()
      var pair: [Int32] = [0, 0]
      guard
        socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair)
          == 0
      else { throw ChildProcess.SpawnFailed(what: "socketpair", code: errno) }
      input = pair[0]
      defer { close(pair[1]) }
      let stdout = try scratch.open("stdout", writing: true)
      defer { close(stdout) }
      let stderr = try scratch.open("stderr", writing: true)
      defer { close(stderr) }
      child = try ChildProcess(
        executable: BrowseProcess.executable.path, arguments: arguments,
        environment: ChildEnvironment.make(scratch: scratch, extra: environment),
        stdin: pair[1], stdout: stdout, stderr: stderr)
    }

    package var pid: pid_t { child.pid }
    package var isRunning: Bool { child.isRunning }

    /// Types `text` on stdin (nothing happens once the process has gone).
    package func send(_ text: String) {
      let bytes = Array(text.utf8)
      lock.withLock {
        guard inputOpen else { return }
        var sent = 0
        while sent < bytes.count {
          let count = bytes[sent...].withUnsafeBytes {
            Glibc.send(input, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
          }
          if count <= 0 { return }
          sent += count
        }
      }
    }

    /// Ends stdin: the process reads end of input.
    package func closeInput() {
      lock.withLock {
        if inputOpen { shutdown(input, Int32(SHUT_WR)) }
      }
    }

    /// Everything stdout has shown so far.
    package var stdout: String { String(decoding: scratch.read("stdout"), as: UTF8.self) }
    /// Everything stderr has shown so far.
    package var stderr: String { String(decoding: scratch.read("stderr"), as: UTF8.self) }

    /// Waits until stdout has shown `text` `count` times; false if `timeout` passed first.
    @discardableResult
    package func waitForOutput(containing text: String, count: Int = 1, timeout: TimeInterval = 30)
      async -> Bool
    {
      await Deadline.poll(timeout) { stdout.components(separatedBy: text).count > count }
    }

    /// Sends `signal` and waits for the exit status (nil: still running after `timeout`,
    /// and killed).
    package func signal(_ number: Int32, timeout: TimeInterval = 30) async -> Int32? {
      child.signal(number)
      return await waitForExit(timeout: timeout)
    }

    /// Sends `number` the moment `condition` holds; false if it never did within `timeout`
    /// (`ChildProcess.signal(_:once:timeout:)`: polled off the cooperative pool).
    package func signal(
      _ number: Int32, once condition: @escaping @Sendable () -> Bool, timeout: TimeInterval = 30
    ) async -> Bool {
      await child.signal(number, once: condition, timeout: timeout)
    }

    /// The exit status, or nil (and the process killed) if it is still running after `timeout`.
    package func waitForExit(timeout: TimeInterval = 30) async -> Int32? {
      await child.waitForExit(timeout: timeout)
    }

    deinit {
      child.kill()
      lock.withLock {
        inputOpen = false
        close(input)
      }
    }
  }

  package struct TimedOut: Error, CustomStringConvertible {
    package var command: [String]
    package var seconds: TimeInterval
    /// What it had written when it was killed.
    package var partial: Result

    package var description: String {
      "\(command) was still running after \(seconds) s and was killed; stdout so far: "
        + "\(partial.stdout.suffix(500).debugDescription), stderr: "
        + partial.stderr.suffix(500).debugDescription
    }
  }
}

/// Waiting with a deadline: every wait loop in the tests ends, and says so when it failed.
/// Tests use `poll`, which sleeps between tries; `wait` blocks its thread and is for
/// clean-up in `deinit`, where nothing can be awaited.
package enum Deadline {
  /// Polls `condition` every 5 ms until it holds (true) or `timeout` passes (false).
  package static func wait(_ timeout: TimeInterval, until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if condition() { return true }
      if Date() >= deadline { return false }
      usleep(5_000)
    }
  }

  /// The same, sleeping between polls instead of blocking a thread of the cooperative pool.
  package static func poll(_ timeout: TimeInterval, until condition: () async -> Bool)
    async -> Bool
  {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if await condition() { return true }
      if Date() >= deadline { return false }
      try? await Task.sleep(for: .milliseconds(5))
    }
  }
}
