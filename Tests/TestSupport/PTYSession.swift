import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `browse` on a `PseudoTerminal` (opened as the harness's `PseudoTerminalProcess` opens
/// its own), read here as a screen (`PTYScreen`): the slave is the child's
/// stdin, stdout, stderr and controlling terminal (`setsid --ctty`), the master is ours to
/// type into, read from, resize (TIOCSWINSZ, then the kernel sends SIGWINCH) and check
/// the terminal's modes on (`stty -g`). The child's environment is allow-listed.
package final class PTYSession {
  package static let setsidPath = "/usr/bin/setsid"
  package static let sttyPath = "/bin/stty"
  /// Whether this machine can run these tests at all.
  package static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: setsidPath)
      && FileManager.default.isExecutableFile(atPath: sttyPath) && PseudoTerminal.isAvailable
  }

  package let master: Int32
  package let slavePath: String
  private let slave: Int32
  private let process = Process()
  private let home: URL
  private let outputPipe = Pipe()
  private let errorPipe = Pipe()
  /// The terminal's modes before browse started (`sttySettings()` then): read once
  /// browse runs, they may be browse's own already.
  package let initialSttySettings: String
  /// Everything the child wrote, as bytes.
  package private(set) var output: [UInt8] = []
  /// The screen, as the output so far draws it.
  package private(set) var screen: PTYScreen

  /// What the job-control shell (`underJobControl`) prints when browse stops or ends,
  /// followed by its status (128 + the signal for a stop: 148 for SIGTSTP, 147 SIGSTOP);
  /// after a stop the shell resumes it (`fg`) and reports again when it ends.
  package static let shellReport = "shell saw browse end with "

  /// Starts `browse arguments…` on a `columns`×`rows` terminal; `environment` is added to
  /// PATH, HOME and XDG_CACHE_HOME (a fresh directory), LANG=C.UTF-8 and TERM.
  /// `underJobControl` runs it from a shell with job control (`sh -c 'set -m; …'`), as a
  /// user's shell does, in a process group of its own that the shell can resume; without
  /// it browse leads its own session, a process group no shell controls (orphaned).
  package init(
    _ arguments: [String], columns: Int = 80, rows: Int = 24, environment: [String: String] = [:],
    pipingOutput: Bool = false, underJobControl: Bool = false
  ) throws {
    let terminal = try PseudoTerminal.open(columns: columns, rows: rows)
    master = terminal.master
    slave = terminal.slave
    slavePath = terminal.slavePath
    initialSttySettings = Self.sttySettings(of: terminal.slavePath)
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    screen = PTYScreen(rows: rows, columns: columns)
    home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-pty-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)

    var env = [
      "PATH": "/usr/bin:/bin", "HOME": home.path,
      "XDG_CACHE_HOME": home.appendingPathComponent("cache").path, "LANG": "C.UTF-8",
      "TERM": "xterm-256color",
    ]
    env.merge(environment) { $1 }
    let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    process.executableURL = URL(fileURLWithPath: Self.setsidPath)
    // setsid forks when it leads a process group (as Process's children may); --wait keeps
    // it waiting for browse, so its status is browse's.
    let shell = [
      "/bin/sh", "-c",
      "set -m; \"$0\" \"$@\"; echo \"\(Self.shellReport)$?\"; fg; echo \"\(Self.shellReport)$?\"",
    ]
    process.arguments =
      ["--ctty", "--wait"] + (underJobControl ? shell : []) + [BrowseProcess.executable.path]
      + arguments
    process.environment = env
    process.standardInput = handle
    // --pick's answer: stdout (and stderr) a pipe, the terminal only its controlling one.
    process.standardOutput = pipingOutput ? outputPipe : handle
    process.standardError = pipingOutput ? errorPipe : handle
    try process.run()
  }

  deinit {
    // Killed, not waited for: Foundation learns of the exit on a queue of the two-thread
    // pool, and two deinits spinning in `waitUntilExit` (it polls a run loop) took both
    // threads, so that neither exit was ever seen and the whole run hung.
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    close(slave)
    close(master)
    try? FileManager.default.removeItem(at: home)
  }

  /// The pid of browse itself: setsid's, or its child's when setsid forked.
  package var pid: pid_t {
    let setsid = process.processIdentifier
    guard let name = try? String(contentsOfFile: "/proc/\(setsid)/comm", encoding: .utf8),
      name.hasPrefix("setsid")
    else { return setsid }
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline {
      let children = try? String(
        contentsOfFile: "/proc/\(setsid)/task/\(setsid)/children", encoding: .utf8)
      if let first = children?.split(separator: " ").first, let child = pid_t(first) {
        return child
      }
      usleep(5000)
    }
    return setsid
  }

  /// Types `text` (keys as the terminal sends them: "\u{1B}[A" is ↑).
  package func type(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.write(master, $0.baseAddress, $0.count)
      }
      if written > 0 { offset += written } else { usleep(1000) }
    }
  }

  /// Resizes the terminal; the kernel sends the foreground process group SIGWINCH.
  package func resize(columns: Int, rows: Int) {
    drain()
    PseudoTerminal.setSize(master, columns: columns, rows: rows)
    screen.resize(rows: rows, columns: columns)
  }

  /// Reads what is there without waiting.
  package func drain() {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = read(master, &buffer, buffer.count)
      guard count > 0 else { return }
      output += buffer[..<count]
      screen.apply(buffer[..<count])
    }
  }

  /// Waits until the screen shows `text` on some row; false after `timeout` seconds.
  @discardableResult
  package func waitForScreen(containing text: String, timeout: TimeInterval = 30) async -> Bool {
    await waitUntil(timeout: timeout) { $0.screen.text.contains(text) }
  }

  /// Waits until `condition` holds of the session (read as output arrives). It sleeps
  /// between reads rather than blocking: the cooperative pool has a thread a core, and a
  /// blocked one starves every other test of the run.
  @discardableResult
  package func waitUntil(timeout: TimeInterval = 30, _ condition: (PTYSession) -> Bool) async
    -> Bool
  {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      drain()
      if condition(self) { return true }
      if Date() >= deadline { return false }
      try? await Task.sleep(for: .milliseconds(10))
    }
  }

  /// What browse wrote to stdout and stderr when they were pipes (read after it exits).
  package func pipedOutput() -> (stdout: String, stderr: String) {
    let out = outputPipe.fileHandleForReading.readDataToEndOfFile()
    let err = errorPipe.fileHandleForReading.readDataToEndOfFile()
    return (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
  }

  /// The exit status, or nil if still running after `timeout` (then it is killed).
  package func waitForExit(timeout: TimeInterval = 30) async -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline {
      drain()
      try? await Task.sleep(for: .milliseconds(10))
    }
    drain()
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      return nil
    }
    return process.terminationStatus
  }

  /// The child's process state letter from /proc (`T` when stopped), or nil once gone.
  package var processState: Character? {
    let pid = self.pid
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    return stat[stat.index(after: close)...].first { !$0.isWhitespace }
  }

  /// The terminal's modes as `stty -g` prints them.
  package func sttySettings() -> String {
    Self.sttySettings(of: slavePath)
  }

  /// `stty -g` of the terminal at `path`.
  private static func sttySettings(of slavePath: String) -> String {
    let stty = Process()
    let pipe = Pipe()
    stty.executableURL = URL(fileURLWithPath: Self.sttyPath)
    stty.arguments = ["-F", slavePath, "-g"]
    stty.standardOutput = pipe
    stty.standardError = FileHandle.nullDevice
    do { try stty.run() } catch { return "" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    stty.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
