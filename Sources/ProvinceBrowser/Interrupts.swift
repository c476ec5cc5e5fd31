import Dispatch
import Foundation
import ProvinceCore

#if canImport(Glibc)
  import Glibc
#endif

/// Ctrl-C and SIGTERM, delivered on a queue rather than in a signal handler. Ctrl-C ends
/// the run with 130 unless something (a page load) has claimed it for the moment.
final class Interrupts: @unchecked Sendable {
  static let shared = Interrupts()

  private let lock = NSLock()
  private var claim: (@Sendable () -> Void)?
  private var sources: [DispatchSourceSignal] = []
  /// Put the terminal back as it was found (clear a spinner line, end the prompt's line).
  private var cleanup: @Sendable () -> Void = {}
  /// The full-screen session's way back to the terminal as it was, run before `cleanup`.
  private var restoreTerminal: (@Sendable () -> Void)?

  /// While set, an exit on a signal first runs `restore` (nil: the session has left).
  func setTerminalRestore(_ restore: (@Sendable () -> Void)?) {
    lock.lock()
    restoreTerminal = restore
    lock.unlock()
  }

  func install(cleanup: @escaping @Sendable () -> Void) {
    self.cleanup = cleanup
    signal(SIGPIPE, SIG_IGN)
    // A source is registered on Dispatch's own queue, after `resume` returns; until then a
    // signal would meet SIG_IGN and be lost. Waiting for the registration closes that gap
    // before the first prompt (bounded, so a slow start can never hang here).
    let registered = DispatchSemaphore(value: 0)
    for (number, code) in [(SIGINT, ExitCode.interrupted), (SIGTERM, .terminated)] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [unowned self] in self.received(number, exitCode: code) }
      source.setRegistrationHandler { registered.signal() }
      source.resume()
      sources.append(source)
    }
    for _ in sources {
      _ = registered.wait(timeout: .now() + .seconds(1))
    }
  }

  /// While `body` runs, Ctrl-C calls `onInterrupt` instead of ending the run.
  @discardableResult
  func claimed<T>(by onInterrupt: @escaping @Sendable () -> Void, _ body: () throws -> T) rethrows
    -> T
  {
    lock.lock()
    claim = onInterrupt
    lock.unlock()
    defer {
      lock.lock()
      claim = nil
      lock.unlock()
    }
    return try body()
  }

  private func received(_ number: Int32, exitCode: ExitCode) {
    lock.lock()
    let handler = number == SIGINT ? claim : nil
    let restore = restoreTerminal
    lock.unlock()
    if let handler {
      handler()
      return
    }
    restore?()
    cleanup()
    StandardStream.output.flush()
    _exit(exitCode.rawValue)
  }
}
