import Dispatch
import Foundation
import ProvinceCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Ctrl-C, SIGTERM and the other signals that end a run (`ending`), delivered on a queue
/// rather than in a signal handler. Ctrl-C ends the run with 130 unless something (a page
/// load) has claimed it for the moment.
final class Interrupts: Sendable {
  static let shared = Interrupts()

  private struct State {
    var claim: (@Sendable () -> Void)?
    var sources: [DispatchSourceSignal] = []
    /// The read source of the pipe the other ending signals are written to.
    var relay: DispatchSourceRead?
    /// Put the terminal back as it was found (clear a spinner line, end the prompt's line).
    var cleanup: @Sendable () -> Void = {}
    /// The full-screen session's way back to the terminal as it was, run before `cleanup`.
    var restoreTerminal: (@Sendable () -> Void)?
    /// What a run writing as it goes says last when a signal ends it (`--check` closes its
    /// report), run before `cleanup` and stdout's last flush.
    var lastWords: (@Sendable () -> Void)?
  }

  private let state = Mutex(State())
  /// A serial queue of its own: Dispatch gives such a queue a thread even when the global
  /// pool (two threads on two cores) is taken by a fetch's waits, where a signal source on
  /// `.global()` waited for the fetch to end, up to its whole timeout, before the exit.
  private let queue = DispatchQueue(label: "browse.signals", qos: .userInteractive)

  /// While set, an exit on a signal first runs `restore` (nil: the session has left).
  func setTerminalRestore(_ restore: (@Sendable () -> Void)?) {
    state.withLock { $0.restoreTerminal = restore }
  }

  /// While set, an exit on a signal first runs `words` (nil: nothing to add).
  func setLastWords(_ words: (@Sendable () -> Void)?) {
    state.withLock { $0.lastWords = words }
  }

  func install(cleanup: @escaping @Sendable () -> Void) {
    state.withLock { $0.cleanup = cleanup }
    signal(SIGPIPE, SIG_IGN)
    // A source is registered on Dispatch's own queue, after `resume` returns; until then a
    // signal would meet SIG_IGN and be lost. Waiting for the registration closes that gap
    // before the first prompt (bounded, so a slow start can never hang here).
    let registered = DispatchSemaphore(value: 0)
    // Ctrl-C and SIGTERM have a source each; the rarer signals share one pipe (`relayed`):
    // on Linux a signal source holds a descriptor, and one for each of 45 signals took
    // the run past a low `ulimit -n` before it had read its data file.
    let count = state.withLock { state in
      for number in [SIGINT, SIGTERM] {
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler { [unowned self] in self.received(number) }
        source.setRegistrationHandler { registered.signal() }
        source.resume()
        state.sources.append(source)
      }
      return state.sources.count
    }
    for _ in 0..<count {
      _ = registered.wait(timeout: .now() + .seconds(1))
    }
    relayOthers()
  }

  /// The `ending` signals bar Ctrl-C and SIGTERM: a handler writes the signal's number to
  /// a pipe (all a handler may safely do) and a read source on the queue ends the run. A
  /// byte waits in the pipe, so a signal before the source is registered is not lost. With
  /// no descriptor left for the pipe they keep their default action.
  private func relayOthers() {
    var ends: [Int32] = [-1, -1]
    // Made at start-up, before any thread could start a child: no window for the ends
    // to leak into one before they are close-on-exec.
    guard pipe(&ends) == 0 else { return }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    let readEnd = ends[0]
    signalPipeWriteEnd = ends[1]
    // Made inside the lock, as the signal sources are, so that it never leaves it.
    state.withLock { state in
      let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: queue)
      source.setEventHandler { [unowned self] in
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(readEnd, &bytes, bytes.count)
        for number in bytes.prefix(max(count, 0)) { self.received(Int32(number)) }
      }
      source.resume()
      state.relay = source
    }
    // A mask inherited through exec (a test runner's, a service manager's) would hold
    // them pending for good: a handler, unlike the sources, needs them unblocked.
    var relayed = sigset_t()
    sigemptyset(&relayed)
    for number in Self.ending where number != SIGINT && number != SIGTERM {
      sigaddset(&relayed, number)
      var action = sigaction()
      action.__sigaction_handler.sa_handler = relaySignal
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(number, &action, nil)
    }
    pthread_sigmask(SIG_UNBLOCK, &relayed, nil)
  }

  /// While `body` runs, Ctrl-C calls `onInterrupt` instead of ending the run.
  @discardableResult
  func claimed<T>(by onInterrupt: @escaping @Sendable () -> Void, _ body: () throws -> T) rethrows
    -> T
  {
    state.withLock { $0.claim = onInterrupt }
    defer { state.withLock { $0.claim = nil } }
    return try body()
  }

  /// Every signal whose default action ends the run and that a process can catch, bar the
  /// faults (CrashGuard's) and SIGQUIT (CrashGuard's too) and SIGPIPE (ignored: a closed
  /// pipe is a write error). Each ends the run as SIGTERM does: the terminal put back, the
  /// last words said, exit 128 + the signal as a shell reports it. Left to the default, a
  /// hang-up or a stray SIGUSR1 or SIGALRM left the terminal on the alternate screen with
  /// mouse reports on and no cursor.
  static var ending: [Int32] {
    [
      SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
      SIGSTKFLT, SIGIO, SIGPWR,
    ] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
  }

  private func received(_ number: Int32) {
    let (handler, restore, cleanup, lastWords) = state.withLock { state in
      (number == SIGINT ? state.claim : nil, state.restoreTerminal, state.cleanup, state.lastWords)
    }
    if let handler {
      handler()
      return
    }
    restore?()
    // Before `cleanup`, which says stderr's last word.
    lastWords?()
    cleanup()
    StandardStream.output.flush()
    _exit(128 + number)
  }
}

/// Where `relaySignal` writes: set once, before any handler is installed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The handler of the rarer ending signals: the signal's number, one byte, into the pipe.
/// write(2) is async-signal-safe, and the pipe does not block (a full pipe already holds
/// a signal that ends the run).
private let relaySignal: @convention(c) (Int32) -> Void = { number in
  let saved = errno
  var byte = UInt8(truncatingIfNeeded: number)
  _ = write(signalPipeWriteEnd, &byte, 1)
  errno = saved
}
