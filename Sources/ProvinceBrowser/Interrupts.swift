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
    // The sources are made inside the lock, so that they never leave it: they are kept
    // only to stay alive for the run.
    let count = state.withLock { state in
      for number in Self.ending {
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
