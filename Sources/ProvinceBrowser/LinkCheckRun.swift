import Dispatch
import FetchModel
import Foundation
import ProvinceCore
import ProvinceIO
import Synchronization
import TextSupport

/// `browse --check`, the effect: every target checked, with progress redrawn on stderr when
/// it is a terminal; Ctrl-C ends the check early. The report is `CheckReport`'s.
struct LinkCheckRun {
  let options: Options

  private var out: StandardStream { .output }
  private var err: StandardStream { .error }

  func run(_ targets: [LinkCheck.Target], format: OutputFormat) -> Report {
    // Checks ask for the variant as pages do: the heads they read are the pages'.
    let variant = PageVariant.chosen(option: options.variant, environment: Terminal.environment)
    let fetcher = PageFetcher(
      limits: FetchLimits(timeout: options.timeout, maxBytes: Self.getBodyLimit),
      acceptLanguage: variant.acceptLanguage(environment: Terminal.environment))
    // Out of descriptors is no broken link: fewer checks at once, or none and exit 71.
    guard let jobs = DescriptorLimit.checkJobs(wanted: options.jobs) else {
      return Report(messages: [DescriptorLimit.tooFewForACheck()], exitCode: .systemError)
    }
    let checker = LinkChecker(
      fetcher: fetcher, jobs: jobs,
      wait: { seconds in try? await Task.sleep(for: .seconds(seconds)) })
    let progressLine =
      err.isTerminal && !Terminal.isDumb
      ? ProgressLine(line: StatusLine(stream: err)) : nil

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

  /// A GET reads only the head of a page: the status, and MediaWiki's configuration script
  /// (its categories tell a disambiguation page), which comes within the first 64 KB.
  static let getBodyLimit = 65_536

  /// The check's outcome, handed from the checking task to the waiting main thread.
  private final class CheckRun: Sendable {
    private struct State {
      var finished: [LinkCheck.Result] = []
      var interrupted = false
    }
    private let state = Mutex(State())
    private let done = DispatchSemaphore(value: 0)

    func finish(_ results: [LinkCheck.Result]) {
      state.withLock { $0.finished = results }
      done.signal()
    }

    func interrupt() {
      state.withLock { $0.interrupted = true }
    }

    func wait() {
      done.wait()
    }

    var results: [LinkCheck.Result] { state.withLock { $0.finished } }
    var interrupted: Bool { state.withLock { $0.interrupted } }
  }

  /// The progress line on stderr, redrawn in place at most ten times a second.
  private final class ProgressLine: Sendable {
    private let line: StatusLine
    private let lastDrawn = Mutex<UInt64>(0)

    init(line: StatusLine) {
      self.line = line
    }

    func show(_ progress: LinkCheck.Progress) {
      let due = lastDrawn.withLock { last in
        // Read under the lock: results arrive from many tasks at once, and a time read
        // before another task's later one would make `now - last` underflow.
        let now = DispatchTime.now().uptimeNanoseconds
        guard now >= last + 100_000_000 || progress.checked == progress.total else {
          return false
        }
        last = now
        return true
      }
      if due { line.show(CheckReport.progress(progress)) }
    }

    func clear() {
      line.clear()
    }
  }
}
