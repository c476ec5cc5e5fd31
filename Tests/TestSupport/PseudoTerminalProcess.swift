import CatalogModel
import Foundation
import PageReader
import ProvinceCore
import ProvinceIO
import TextSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `browse` on a pseudo-terminal of its own, so that stdin, stdout and stderr are a terminal
/// as a user's would be: the spinner draws, the screen is cleared and coloured, Ctrl-D ends
/// input. The terminal is a `PseudoTerminal` (posix_openpt, grantpt, unlockpt, ptsname); its
/// slave becomes the child's controlling terminal in a new session (`setsid --ctty`, since
/// posix_spawn cannot make a controlling terminal). The window size is set, and can be
/// changed while it runs (the kernel then sends SIGWINCH); keys are typed into the
/// terminal and everything it shows is collected as it comes.
package final class PseudoTerminalProcess: @unchecked Sendable {
  package static let setsidPath = "/usr/bin/setsid"
  /// Whether this machine can run these tests at all.
  package static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: setsidPath) && PseudoTerminal.isAvailable
  }

  package let child: ChildProcess
  private let master: Int32
  private let scratch: Scratch
  private let screen = Screen()

  /// Starts `browse arguments…` on a `columns`×`rows` terminal. With `input`, that is typed
  /// and then end of input (Ctrl-D); with none, nothing is typed. TERM is `term` (none if
  /// nil) unless `environment`, added to `ChildEnvironment`'s, says otherwise.
  package convenience init(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:],
    term: String? = "xterm-256color", columns: Int = 80, rows: Int = 24
  ) throws {
    try self.init(
      executable: BrowseProcess.executable.path, arguments, input: input,
      environment: environment, term: term, columns: columns, rows: rows)
  }

  /// The same for any program.
  package init(
    executable: String, _ arguments: [String], input: String? = nil,
    environment: [String: String] = [:], term: String? = "xterm-256color", columns: Int = 80,
    rows: Int = 24
  ) throws {
    guard PseudoTerminal.isAvailable else { throw Unavailable() }
    scratch = try Scratch()
    let terminal = try PseudoTerminal.open(columns: columns, rows: rows)
    master = terminal.master
    let slave = terminal.slave
    defer { close(slave) }
    do {
      // Not a session of posix_spawn's making: setsid(1) makes it, then TIOCSCTTY on its
      // stdin (the slave) and execs the program, so the pid is the program's own.
      child = try ChildProcess(
        executable: Self.setsidPath, arguments: ["--ctty", executable] + arguments,
        environment: ChildEnvironment.make(scratch: scratch, terminal: term, extra: environment),
        stdin: slave, stdout: slave, stderr: slave, newSession: false)
    } catch {
      close(master)
      throw error
    }
    screen.startReading(master)
    if let input {
      type(input)
      sendEndOfInput()
    }
  }

  /// The program's pid (setsid became it).
  package var pid: pid_t { child.pid }

  /// Types `text` into the terminal, as keys.
  package func type(_ text: String) {
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      if count <= 0 { return }
      sent += count
    }
  }

  /// Ctrl-D at the start of a line: end of input for the program reading the terminal.
  package func sendEndOfInput() { type("\u{04}") }

  /// Changes the window size; the kernel sends SIGWINCH to the program.
  package func resize(columns: Int, rows: Int) {
    PseudoTerminal.setSize(master, columns: columns, rows: rows)
  }

  /// How many bytes the terminal has shown so far, to look only at what comes after.
  package var mark: Int { screen.count }

  /// What the terminal has shown (carriage returns and escapes included), from `mark` on.
  package func output(since mark: Int = 0) -> String { screen.text(since: mark) }

  /// Everything the terminal has shown so far.
  package var output: String { output() }

  /// Waits until the terminal has shown `text`, after `mark`; false if `timeout` passed first.
  @discardableResult
  package func waitForOutput(
    containing text: String, since mark: Int = 0, timeout: TimeInterval = 30
  ) async -> Bool {
    await waitForOutput(since: mark, timeout: timeout) { $0.contains(text) }
  }

  /// Waits until what the terminal has shown after `mark` satisfies `condition`.
  package func waitForOutput(
    since mark: Int = 0, timeout: TimeInterval = 30, satisfying condition: (String) -> Bool
  ) async -> Bool {
    await Deadline.poll(timeout) { condition(output(since: mark)) }
  }

  /// Sends `signal` to the program.
  package func signal(_ number: Int32) { child.signal(number) }

  /// Sends `number` the moment the screen has shown `text`; false if it never did within
  /// `timeout` (`ChildProcess.signal(_:once:timeout:)`: polled off the cooperative pool).
  package func signal(_ number: Int32, onceShown text: String, timeout: TimeInterval = 30) async
    -> Bool
  {
    await child.signal(number, once: { [self] in output.contains(text) }, timeout: timeout)
  }

  /// The exit status, once the terminal has shown all the program wrote; nil (and the
  /// program killed) if it is still running after `timeout`.
  package func waitForExit(timeout: TimeInterval = 30) async -> Int32? {
    let status = await child.waitForExit(timeout: timeout)
    // The terminal reads end of file once the last holder of the slave has closed it.
    _ = await Deadline.poll(2) { screen.isFinished }
    return status
  }

  deinit {
    child.kill()
    screen.stop()
    // The reader closes nothing: the descriptor is closed once it has stopped using it.
    if screen.waitUntilFinished(timeout: 5) { close(master) }
  }

  package struct Unavailable: Error, CustomStringConvertible {
    package var description: String { "no pseudo-terminals (posix_openpt) or no setsid(1)" }
  }

  /// The bytes the terminal has shown, read on a thread of their own so that the program
  /// never blocks on a full terminal, and waits can time out.
  private final class Screen: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var stopped = false
    private var finished = false

    func startReading(_ fd: Int32) {
      Thread.detachNewThread { [self] in
        defer { lock.withLock { finished = true } }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !lock.withLock({ stopped }) {
          var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
          let polled = poll(&ready, 1, 50)
          if polled < 0 && errno == EINTR { continue }
          if polled <= 0 { continue }
          let count = read(fd, &buffer, buffer.count)
          if count < 0 && errno == EINTR { continue }
          // EIO: every holder of the slave has closed it.
          if count <= 0 { return }
          lock.withLock { data.append(contentsOf: buffer[..<count]) }
        }
      }
    }

    func stop() { lock.withLock { stopped = true } }

    var isFinished: Bool { lock.withLock { finished } }

    /// Whether the reader has stopped (end of file, or `stop()`) within `timeout`.
    func waitUntilFinished(timeout: TimeInterval) -> Bool {
      Deadline.wait(timeout) { isFinished }
    }

    var count: Int { lock.withLock { data.count } }

    func text(since mark: Int) -> String {
      lock.withLock { String(decoding: data.suffix(from: min(mark, data.count)), as: UTF8.self) }
    }
  }
}
