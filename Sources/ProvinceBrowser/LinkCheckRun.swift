import BuiltInCatalog
import CatalogModel
import Dispatch
import Foundation
import PageReader
import ProvinceCore
import ProvinceIO
import TextSupport

/// `browse --check`, the effect: every target checked, with progress redrawn on stderr when
/// it is a terminal; Ctrl-C ends the check early. The report is `CheckReport`'s.
struct LinkCheckRun {
  let options: Options

  private var out: StandardStream { .output }
  private var err: StandardStream { .error }

  func run(_ targets: [LinkCheck.Target], format: OutputFormat) -> Report {
    let fetcher = PageFetcher(
      limits: FetchLimits(timeout: options.timeout, maxBytes: Self.getBodyLimit))
    let checker = LinkChecker(
      fetcher: fetcher, jobs: options.jobs,
      wait: { seconds in try? await Task.sleep(for: .seconds(seconds)) })
    let progressLine =
      err.isTerminal && !Terminal.isDumb
      ? ProgressLine(stream: err, columns: Terminal.viewport(fd: err.fd).columns) : nil

    let run = CheckRun()
    let started = DispatchTime.now()
    let task = Task {
      let results = await checker.check(targets) { _, progress in
        progressLine?.show(progress)
      }
      run.finish(results)
    }
    let stop: @Sendable () -> Void = {
      run.interrupt()
      task.cancel()
    }
    Interrupts.shared.claimed(by: stop, run.wait)
    progressLine?.clear()
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
    let results = run.results
    let interrupted = run.interrupted && results.count < targets.count
    return CheckReport.report(
      results, format: format, total: targets.count, elapsed: elapsed, interrupted: interrupted)
  }

  /// A GET after a refused HEAD needs only the status, so little of the body is read.
  static let getBodyLimit = 16_384

  /// The check's outcome, handed from the checking task to the waiting main thread.
  private final class CheckRun: @unchecked Sendable {
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var finished: [LinkCheck.Result] = []
    private var wasInterrupted = false

    func finish(_ results: [LinkCheck.Result]) {
      lock.withLock { finished = results }
      done.signal()
    }

    func interrupt() {
      lock.withLock { wasInterrupted = true }
    }

    func wait() {
      done.wait()
    }

    var results: [LinkCheck.Result] { lock.withLock { finished } }
    var interrupted: Bool { lock.withLock { wasInterrupted } }
  }

  /// The progress line on stderr, redrawn in place at most ten times a second.
  private final class ProgressLine: @unchecked Sendable {
    private let stream: StandardStream
    private let columns: Int
    private let lock = NSLock()
    private var lastDrawn: UInt64 = 0
    private var drawn = false

    init(stream: StandardStream, columns: Int) {
      self.stream = stream
      self.columns = columns
    }

    func show(_ progress: LinkCheck.Progress) {
      let now = DispatchTime.now().uptimeNanoseconds
      lock.lock()
      defer { lock.unlock() }
      guard now - lastDrawn >= 100_000_000 || progress.checked == progress.total else { return }
      lastDrawn = now
      drawn = true
      let text = TerminalText.truncate(CheckReport.progress(progress), toWidth: max(1, columns - 1))
      stream.write("\r\u{1B}[K" + text)
      stream.flush()
    }

    func clear() {
      lock.lock()
      defer { lock.unlock() }
      guard drawn else { return }
      stream.write("\r\u{1B}[K")
      stream.flush()
      drawn = false
    }
  }
}
