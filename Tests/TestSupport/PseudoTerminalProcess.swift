import Foundation

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

/// `browse` on a pseudo-terminal (util-linux `script`), so that stdout and stderr are a
/// terminal as a user's would be: the spinner draws, the screen is cleared and coloured.
/// Its output (both streams, as the terminal showed them) is collected in a file.
package final class PseudoTerminalProcess: @unchecked Sendable {
  package static let scriptPath = "/usr/bin/script"
  /// Whether this machine can run these tests at all.
  package static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: scriptPath) }

  package let process = Process()
  private let outputURL: URL
  private let pidURL: URL
  private let inputURL: URL

  /// Starts `browse arguments…` on a terminal of its own, `input` typed into it, then end of
  /// input. `environment` is added to the tests' usual one.
  package init(_ arguments: [String], input: String = "", environment: [String: String] = [:])
    throws
  {
    outputURL = ReliabilityFixtures.temporaryPath("pty-out")
    pidURL = ReliabilityFixtures.temporaryPath("pty-pid")
    inputURL = ReliabilityFixtures.temporaryPath("pty-in")
    try Data(input.utf8).write(to: inputURL)
    try Data().write(to: outputURL)
    let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    // The shell records its pid and becomes browse, so the pid is browse's own.
    let command =
      "echo $$ > '\(pidURL.path)'; exec \"$BROWSE\" \(quoted.joined(separator: " "))"
    var env = environment
    env["BROWSE"] = BrowseProcess.executable.path
    process.executableURL = URL(fileURLWithPath: Self.scriptPath)
    process.arguments = ["-qec", command, "/dev/null"]
    process.environment = BrowseProcess.testEnvironment(env)
    process.standardInput = try FileHandle(forReadingFrom: inputURL)
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// What the terminal has shown so far (carriage returns and escapes included).
  package var output: String {
    String(decoding: (try? Data(contentsOf: outputURL)) ?? Data(), as: UTF8.self)
  }

  /// The pid of `browse` itself, once the shell has started it.
  package func browsePID(timeout: TimeInterval = 10) -> pid_t? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let text = try? String(contentsOf: pidURL, encoding: .utf8),
        let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return pid
      }
      usleep(10_000)
    }
    return nil
  }

  @discardableResult
  package func waitForOutput(containing text: String, timeout: TimeInterval = 10) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if output.contains(text) { return true }
      usleep(10_000)
    }
    return false
  }

  /// The exit status (`script -e` passes browse's on), or nil if still running after `timeout`.
  package func waitForExit(timeout: TimeInterval = 15) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning {
      if let pid = browsePID(timeout: 0) { kill(pid, SIGKILL) }
      process.terminate()
      process.waitUntilExit()
      return nil
    }
    return process.terminationStatus
  }

  deinit {
    if process.isRunning {
      if let pid = browsePID(timeout: 0) { kill(pid, SIGKILL) }
      process.terminate()
    }
    for url in [outputURL, pidURL, inputURL] { try? FileManager.default.removeItem(at: url) }
  }
}
