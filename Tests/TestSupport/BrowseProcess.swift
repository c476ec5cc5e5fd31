import Foundation

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

/// Runs the built `browse` binary as a user would, with its output in files so that
/// nothing can deadlock on a full pipe, and a time limit so that nothing can hang.
package struct BrowseProcess {
  package struct Result {
    package var status: Int32
    package var stdout: String
    package var stderr: String

    package init(status: Int32, stdout: String, stderr: String) {
      self.status = status
      self.stdout = stdout
      self.stderr = stderr
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

  /// Runs `browse arguments…` with `input` on stdin; the environment is the test's own
  /// without the data variable, colour or a terminal size, plus `environment`.
  package static func run(
    _ arguments: [String], input: String = "", environment: [String: String] = [:],
    timeout: TimeInterval = 30
  ) throws -> Result {
    try run(
      executable: executable.path, arguments, input: input, environment: environment,
      timeout: timeout)
  }

  /// Runs a shell pipeline in which `$BROWSE` is the binary.
  package static func shell(_ script: String, environment: [String: String] = [:]) throws -> Result
  {
    var env = environment
    env["BROWSE"] = executable.path
    return try run(executable: "/bin/bash", ["-c", script], environment: env, timeout: 30)
  }

  private static func run(
    executable: String, _ arguments: [String], input: String = "", environment: [String: String],
    timeout: TimeInterval
  ) throws -> Result {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let stdinURL = directory.appendingPathComponent("stdin")
    let stdoutURL = directory.appendingPathComponent("stdout")
    let stderrURL = directory.appendingPathComponent("stderr")
    try Data(input.utf8).write(to: stdinURL)
    try Data().write(to: stdoutURL)
    try Data().write(to: stderrURL)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = testEnvironment(environment)
    process.standardInput = try FileHandle(forReadingFrom: stdinURL)
    process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
    process.standardError = try FileHandle(forWritingTo: stderrURL)
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline {
      usleep(10_000)
    }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      throw TimedOut(arguments: arguments)
    }
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self))
  }

  /// The test's environment without the data variable, colour or a terminal size, plus `extra`.
  package static func testEnvironment(_ extra: [String: String]) -> [String: String] {
    var env = ProcessInfo.processInfo.environment
    for key in [
      "PROVINCE_BROWSER_DATA", "NO_COLOR", "COLUMNS", "LINES", "BROWSER", "XDG_CACHE_HOME",
    ] {
      env.removeValue(forKey: key)
    }
    env["TERM"] = "xterm-256color"
    // Belt and braces: were a test to fetch an outside URL by mistake, libcurl would send
    // it to a closed loopback port instead of the internet.
    env["http_proxy"] = "http://127.0.0.1:9"
    env["https_proxy"] = "http://127.0.0.1:9"
    env["no_proxy"] = "127.0.0.1,localhost"
    // Never the user's own cache.
    env["XDG_CACHE_HOME"] =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("browse-test-cache-\(UUID().uuidString)").path
    env.merge(extra) { $1 }
    return env
  }

  /// A `browse` left running with its stdin a pipe the test writes to, for signals.
  package final class Running: @unchecked Sendable {
    package let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let lock = NSLock()
    private var seen = Data()

    package init(_ arguments: [String], environment: [String: String] = [:]) throws {
      process.executableURL = BrowseProcess.executable
      process.arguments = arguments
      process.environment = BrowseProcess.testEnvironment(environment)
      process.standardInput = input
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      // Read stdout on a thread of its own, so that waiting for text can time out.
      let handle = output.fileHandleForReading
      Thread.detachNewThread { [self] in
        while true {
          let chunk = handle.availableData
          if chunk.isEmpty { return }
          lock.withLock { seen.append(chunk) }
        }
      }
    }

    package func send(_ line: String) {
      input.fileHandleForWriting.write(Data(line.utf8))
    }

    /// Everything stderr said, once the process has ended.
    package var stderr: String {
      String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// Everything stdout has shown so far.
    package var stdout: String { lock.withLock { String(decoding: seen, as: UTF8.self) } }

    /// Waits until stdout has shown `text` `count` times; false if `timeout` passed first.
    @discardableResult
    package func waitForOutput(containing text: String, count: Int = 1, timeout: TimeInterval = 10)
      -> Bool
    {
      let deadline = Date().addingTimeInterval(timeout)
      while Date() < deadline {
        if stdout.components(separatedBy: text).count > count { return true }
        usleep(10_000)
      }
      return false
    }

    /// Sends `signal` and waits for the exit status (nil: still running after `timeout`).
    package func signal(_ number: Int32, timeout: TimeInterval = 10) -> Int32? {
      kill(process.processIdentifier, number)
      return waitForExit(timeout: timeout)
    }

    /// The exit status, or nil (and the process killed) if it is still running after `timeout`.
    package func waitForExit(timeout: TimeInterval = 10) -> Int32? {
      let deadline = Date().addingTimeInterval(timeout)
      while process.isRunning && Date() < deadline { usleep(10_000) }
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return nil
      }
      return process.terminationStatus
    }

    deinit {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
  }

  package struct TimedOut: Error {
    var arguments: [String]
  }
}
