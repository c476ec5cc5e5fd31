import Dispatch
import FetchModel
import Foundation
import ProvinceCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// What arrives for the full-screen loop from other threads (signals, a page load), kept
/// until the loop takes it; each arrival writes a byte to a pipe the loop polls, so the
/// loop wakes at once and never waits on a lock.
final class SessionMailbox: Sendable {
  struct Inbox: Sendable {
    var resized = false
    var suspendAsked = false
    var continued = false
    /// The bytes the load under way has read so far.
    var bytes = 0
    /// Finished loads: the load's number, the URL asked for and what came of it, read
    /// and laid out.
    var finished: [(load: Int, url: String, result: Result<PageContent, FetchError>)] = []
    /// Pages laid out again off the loop's thread (`.layOut`): the layout's number, the URL.
    var laidOut: [(layout: Int, url: String, content: PageContent)] = []
    /// Ctrl-C came as a signal (line mode's cooked terminal) while a page loaded: the
    /// loop backs out of the load as the full screen's Ctrl-C key does.
    var interrupted = false
  }

  private let inbox = Mutex(Inbox())
  /// The pipe's ends: the loop polls `wakeRead`; arrivals write to `wakeWrite`.
  let wakeRead: Int32
  private let wakeWrite: Int32

  init?() {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    wakeRead = ends[0]
    wakeWrite = ends[1]
    for fd in ends {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
  }

  deinit {
    close(wakeRead)
    close(wakeWrite)
  }

  /// Window changes, Ctrl-Z from outside (`kill -TSTP`) and `fg` arrive here while the
  /// sources given back are kept (on the loop's thread) and not cancelled.
  func listenForSignals() -> [DispatchSourceSignal] {
    let watched: [(Int32, @Sendable (inout Inbox) -> Void)] = [
      (SIGWINCH, { $0.resized = true }),
      (SIGTSTP, { $0.suspendAsked = true }),
      (SIGCONT, { $0.continued = true }),
    ]
    var made: [DispatchSourceSignal] = []
    for (number, change) in watched {
      // SIGCONT still resumes the process when ignored; SIGTSTP is re-raised by hand.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [weak self] in self?.post(change) }
      source.resume()
      made.append(source)
    }
    return made
  }

  /// Ctrl-Z's stop, as less makes it: SIGTSTP raised with its usual action, so the shell
  /// sees the job stopped by it, and a process group that no shell controls (orphaned)
  /// is not stopped. Returns once continued (or at once when the kernel dropped it).
  static func stopAsAsked() {
    signal(SIGTSTP, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTSTP)
    // Raised on this thread, unblocked here, the signal's action is taken here and now.
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(SIGTSTP)
    signal(SIGTSTP, SIG_IGN)
  }

  /// Stops listening, the signals' usual actions back.
  static func stopListening(_ sources: [DispatchSourceSignal]) {
    for source in sources { source.cancel() }
    for number in [SIGWINCH, SIGTSTP, SIGCONT] { signal(number, SIG_DFL) }
  }

  func post(_ change: (inout Inbox) -> Void) {
    inbox.withLock { inbox in change(&inbox) }
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  /// Everything that arrived since the last call.
  func take() -> Inbox {
    var drain = [UInt8](repeating: 0, count: 64)
    while read(wakeRead, &drain, drain.count) > 0 {}
    return inbox.withLock { inbox in
      let taken = inbox
      inbox.resized = false
      inbox.suspendAsked = false
      inbox.continued = false
      inbox.interrupted = false
      inbox.finished.removeAll()
      inbox.laidOut.removeAll()
      return taken
    }
  }
}
