import Foundation

/// Runs the built `browse` binary as a user would, with its output in files so that
/// nothing can deadlock on a full pipe, and a time limit so that nothing can hang.
struct BrowseProcess {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The `browse` built beside this test bundle.
  static let executable: URL = {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for directory in [beside, beside.deletingLastPathComponent()] {
      let candidate = directory.appendingPathComponent("browse")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/browse")
  }()

  /// Runs `browse arguments…` with `input` on stdin; the environment is the test's own
  /// without the data variable, colour or a terminal size, plus `environment`.
  static func run(
    _ arguments: [String], input: String = "", environment: [String: String] = [:],
    timeout: TimeInterval = 30
  ) throws -> Result {
    try run(
      executable: executable.path, arguments, input: input, environment: environment,
      timeout: timeout)
  }

  /// Runs a shell pipeline in which `$BROWSE` is the binary.
  static func shell(_ script: String, environment: [String: String] = [:]) throws -> Result {
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
    FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
    FileManager.default.createFile(atPath: stderrURL.path, contents: nil)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for key in ["PROVINCE_BROWSER_DATA", "NO_COLOR", "COLUMNS", "LINES", "BROWSER"] {
      env.removeValue(forKey: key)
    }
    env["TERM"] = "xterm-256color"
    // Belt and braces: were a test to fetch an outside URL by mistake, libcurl would send
    // it to a closed loopback port instead of the internet.
    env["http_proxy"] = "http://127.0.0.1:9"
    env["https_proxy"] = "http://127.0.0.1:9"
    env["no_proxy"] = "127.0.0.1,localhost"
    env.merge(environment) { $1 }
    process.environment = env
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

  struct TimedOut: Error {
    var arguments: [String]
  }
}
