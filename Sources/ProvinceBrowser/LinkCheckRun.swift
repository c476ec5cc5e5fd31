import Dispatch
import FetchModel
import Foundation
import ProvinceCore
import ProvinceIO
import Synchronization
import TextSupport

#if canImport(Glibc)
  import Glibc
#endif

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

    let report = ReportWriter(
      stream: CheckReportStream(targets: targets, format: format), out: out, err: err,
      progress: progressLine, progressSharesTerminal: out.isTerminal)
    let run = CheckRun()
    let started = DispatchTime.now()
    let elapsed: @Sendable () -> Double = {
      Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
    }
    // SIGTERM keeps what was found: the lines waiting for an earlier one, and JSON's `]`.
    Interrupts.shared.setLastWords { report.stop(elapsed: elapsed()) }
    defer { Interrupts.shared.setLastWords(nil) }
    // A reader that went away (`| head -3`) ends the check at once, not at the next line,
    // which a URL that hangs could hold back for the whole timeout.
    Self.watchForAClosedReader(of: out.fd) {
      progressLine?.clear()
      _exit(ExitCode.success.rawValue)
    }
    let task = Task {
      let results = await checker.check(targets) { index, result, progress in
        report.add(result, at: index)
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
    let interrupted = run.interrupted && run.results.count < targets.count
    let (summary, broken) = report.finish(elapsed: elapsed(), interrupted: interrupted)
    return CheckReport.ending(
      broken: broken, format: format, summary: summary, interrupted: interrupted)
  }

  /// Calls `onClosed` (on a thread of its own) when `fd` is a pipe whose reader has closed
  /// it: poll reports POLLERR on such a pipe's write end, with no write needed.
  private static func watchForAClosedReader(
    of fd: Int32, onClosed: @escaping @Sendable () -> Void
  ) {
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return }
    let thread = Thread {
      var watched = pollfd(fd: fd, events: 0, revents: 0)
      while true {
        let ready = poll(&watched, 1, -1)
        if ready < 0 && errno == EINTR { continue }
        if ready > 0 && watched.revents & Int16(POLLERR | POLLHUP) != 0 { onClosed() }
        return
      }
    }
    thread.start()
  }

  /// The report's lines, written as they are known: a result goes to stdout (flushed) as
  /// soon as every result before it in the data's order has.
  private final class ReportWriter: Sendable {
    private let stream: Mutex<CheckReportStream>
    private let out: StandardStream
    private let err: StandardStream
    /// The progress line, cleared before the summary, and before each write when it
    /// shares the terminal with stdout.
    private let progress: ProgressLine?
    private let progressSharesTerminal: Bool

    init(
      stream: CheckReportStream, out: StandardStream, err: StandardStream, progress: ProgressLine?,
      progressSharesTerminal: Bool
    ) {
      self.stream = Mutex(stream)
      self.out = out
      self.err = err
      self.progress = progress
      self.progressSharesTerminal = progressSharesTerminal
    }

    func add(_ result: LinkCheck.Result, at index: Int) {
      // Written under the lock, so that lines reach stdout in the order they were made.
      stream.withLock { stream in
        let text = stream.add(result, at: index)
        guard !text.isEmpty else { return }
        if progressSharesTerminal { progress?.clear() }
        out.write(text)
        out.flush()
      }
    }

    /// Writes the ending; the summary and whether anything was broken.
    func finish(elapsed: Double, interrupted: Bool) -> (summary: String, broken: Bool) {
      stream.withLock { stream in
        out.write(stream.end(elapsed: elapsed, interrupted: interrupted))
        out.flush()
        return (stream.summary(elapsed: elapsed, interrupted: interrupted), stream.broken > 0)
      }
    }

    /// A signal ends the run: the ending of a stopped check is stdout's last word, and the
    /// summary goes to stderr where the report is for a script. Skipped when a write holds
    /// the report for long (a reader that stopped reading): the exit must not wait on it.
    func stop(elapsed: Double) {
      for _ in 0..<200 {
        let done: Bool? = stream.withLockIfAvailable { stream in
          let text = stream.end(elapsed: elapsed, interrupted: true)
          progress?.clear()
          out.finish(with: text)
          if stream.format != .text {
            err.write(stream.summary(elapsed: elapsed, interrupted: true))
            err.flush()
          }
          return true
        }
        if done != nil { return }
        usleep(1000)
      }
    }
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
