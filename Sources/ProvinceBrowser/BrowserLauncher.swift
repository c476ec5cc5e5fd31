import Foundation
import ProvinceCore
import TextSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Opens a URL in the user's browser. A browser that draws in the terminal (w3m, lynx, or
/// anything when there is no desktop) runs in browse's own foreground process group, so it
/// may read the terminal, with the terminal's modes put back afterwards; browse waits for
/// it. A graphical one starts in a session of its own and is not waited for.
enum BrowserLauncher {
  /// `suspend` runs before a terminal browser starts and `resume` after it exits: the
  /// full-screen session leaves and re-enters its screen there.
  static func open(_ url: String, suspend: () -> Void = {}, resume: () -> Void = {})
    -> BrowserOutcome
  {
    let ascii = URLText.ascii(url)
    let environment = Terminal.environment
    let chosen = BrowserCommand.candidates(url: ascii, environment: environment)
    let userChose = !(environment["BROWSER"] ?? "").isEmpty
    for command in chosen {
      guard
        let program = BrowserCommand.resolve(
          command[0], path: environment["PATH"] ?? "/usr/bin:/bin",
          isExecutable: { access($0, X_OK) == 0 })
      else { continue }
      let inTerminal =
        BrowserCommand.needsTerminal(program, environment: environment) && isatty(0) == 1
      if inTerminal { suspend() }
      defer { if inTerminal { resume() } }
      switch run(program, Array(command.dropFirst()), inTerminal: inTerminal) {
      case .success(let status):
        return status == 0
          ? .opened(program: command[0]) : .failed(program: command[0], status: status)
      case .failure(let error):
        return .cannotStart(program: command[0], reason: error.reason)
      }
    }
    if userChose, let first = chosen.first?.first {
      return .cannotStart(program: first, reason: "not found (from BROWSER)")
    }
    return .noBrowser
  }

  /// Runs `program` and gives its exit status (a graphical one: 0 once it is under way).
  private static func run(_ program: String, _ arguments: [String], inTerminal: Bool)
    -> Result<Int32, SpawnError>
  {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // browse ignores some signals and blocks none; the browser gets the defaults.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in Interrupts.ending + [SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if !inTerminal {
      // Its own session: no terminal to read, no Ctrl-C from ours, output kept off our screen.
      flags |= spawnSetSID
      for fd: Int32 in [0, 1, 2] {
        posix_spawn_file_actions_addopen(
          &actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
      }
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))

    var saved = termios()
    let hadModes = inTerminal && tcgetattr(0, &saved) == 0
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, program, &actions, &attributes, argv, environ)
    guard spawned == 0 else {
      return .failure(SpawnError(reason: String(cString: strerror(spawned))))
    }

    if inTerminal {
      // Ctrl-C belongs to the browser while it runs: it is in our process group.
      let child = pid
      let status = Interrupts.shared.claimed(by: {}, { wait(child) })
      if hadModes { tcsetattr(0, TCSADRAIN, &saved) }
      return .success(status)
    }
    // A graphical browser that fails does so at once; one that starts is left to run.
    for _ in 0..<20 {
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid { return .success(exitStatus(status)) }
      usleep(25_000)
    }
    let child = pid
    Thread.detachNewThread { _ = wait(child) }
    return .success(0)
  }

  struct SpawnError: Error {
    var reason: String
  }

  /// glibc's POSIX_SPAWN_SETSID (2.26 and later), which Swift does not import.
  private static let spawnSetSID: Int32 = 0x80

  private static func wait(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { return 127 }
    }
    return exitStatus(status)
  }

  private static func exitStatus(_ status: Int32) -> Int32 {
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
    if status & 0x7F == 0 { return (status >> 8) & 0xFF }
    return 128 + (status & 0x7F)
  }
}
