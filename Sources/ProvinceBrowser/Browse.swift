import BuiltInCatalog
import CatalogModel
import FetchModel
import Foundation
import ProvinceCore
import ProvinceIO
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// The `browse` command: parses the arguments, loads the data, asks the core for the plan
/// of the one job asked for, and performs it. Every decision about what to print and how
/// to exit is the core's; this file only does the I/O.
enum Browse {
  static let out = StandardStream.output
  static let err = StandardStream.error

  static func run(_ arguments: [String]) -> ExitCode {
    Interrupts.shared.install(cleanup: {
      StandardStream.error.finish(
        with: StandardStream.error.isTerminal ? "\r" + ControlSequence.eraseToEndOfLine + "\n" : "")
    })
    let options: Options
    do {
      options = try OptionParser.parse(arguments)
    } catch {
      return write(
        Report(messages: ["\(error)\n", OptionParser.usageLine + "\n"], exitCode: .usage))
    }
    if options.fetchesAtOnce { PageFetcher.prepare() }
    switch options.mode {
    case .help:
      return write(Report(output: [HelpText.help + "\n"]))
    case .version:
      return write(
        VersionReport.report(
          format: options.format, dataDate: BuiltInCatalog.dataDate,
          townshipsDate: BuiltInCatalog.townshipsDate, dataSource: BuiltInCatalog.dataSource))
    case .manPage:
      return write(Report(output: [ManPage.page]))
    case .completion(let shell):
      return write(Report(output: [CompletionScript.script(for: shell)]))
    case .validate(let file):
      let path =
        file ?? DataFile.activePath(option: options.dataPath, environment: Terminal.environment)
      let read = load(path, checkingBuiltIn: true)
      guard case .success(let result) = read else { return read.failureCode }
      return write(DataReport.validation(result, source: DataFile.displayName(path)))
    case .catalog(let job):
      let path = DataFile.activePath(option: options.dataPath, environment: Terminal.environment)
      let read = load(path, checkingBuiltIn: false)
      guard case .success(let result) = read else { return read.failureCode }
      let loaded = DataReport.loading(result, strict: options.strict)
      loaded.messages.forEach(err.write)
      guard let catalog = loaded.catalog else { return loaded.failure ?? .dataError }
      let matcher = Matcher(catalog: catalog)
      // The code history is the built-in catalogue's: a data file's codes and names are
      // its own, and a withdrawn built-in code must not name one of them its successor.
      let planner = JobPlanner(
        catalog: catalog, matcher: matcher, options: options, inputIsTerminal: isatty(0) == 1,
        outputIsTerminal: out.isTerminal, history: path == nil ? BuiltInCatalog.history : .none,
        variants: BuiltInCatalog.variants)
      return perform(planner.plan(job), planner: planner)
    }
  }

  /// Does what `plan` asks and writes the report its outcome makes.
  static func perform(_ plan: Plan, planner: JobPlanner) -> ExitCode {
    let catalog = planner.catalog
    let options = planner.options
    switch plan {
    case .report(let report):
      return write(report)
    case .open(let url):
      return write(OpenReport.report(BrowserLauncher.open(url), url: url))
    case .fetch(let url, let parents):
      let loader = PageLoader(options: options)
      var outcome: Result<LoadedPage, FetchError>
      var extra: [String] = []
      if options.fullPage {
        outcome = loader.load(url)
      } else {
        // A disambiguation page: the entry naming the division's parent is fetched instead,
        // and the note says so; where none names it, its entries are listed, numbered.
        var loaded = loader.load(url, parents: parents)
        extra = DisambiguationStep.numbered(loaded.entries).map { $0 + "\n" }
        // Moved, not copied: a second holder would keep the body alive through the report.
        outcome = loaded.outcome
        loaded.outcome = .failure(.cancelled)
      }
      let width = options.pageWidth(
        terminalColumns: out.isTerminal ? Terminal.viewport(fd: out.fd).columns : nil,
        columnsVariable: Terminal.environment["COLUMNS"])
      // `outcome` is the one holder of the page: the report takes it out and lets the body
      // go once read (a large page is then held about twice, not six times).
      var report = FetchReport.report(
        readingOnce: &outcome, width: width, view: options.fullPage ? .fullPage : .reader,
        writing: { out.write($0) })
      report.messages += extra
      return write(report)
    case .check(let targets, let format):
      return write(LinkCheckRun(options: options).run(targets, format: format))
    case .locate(let format):
      return locateLines(format: format, options: options, catalog: catalog)
    case .session(let session):
      return InteractiveSession(
        catalog: catalog, matcher: planner.matcher, options: options, session: session,
        history: planner.history, variants: planner.variants
      ).run()
    case .addresses(let format):
      var warmUp = SpellingsWarmUp(history: planner.history)
      if SpellingsWarmUp.inputIsLargeFile { warmUp.start() }
      let code = addressLines(planner.addressReport(format: format), warmUp: &warmUp)
      warmUp.wait()
      return code
    case .oldCodes(let format):
      return oldCodeLines(planner.historyReport(format: format))
    }
  }

  /// `--history -`: one answer a line of stdin, in order, written as soon as no more input
  /// is waiting (as `--at -`).
  static func oldCodeLines(_ report: HistoryReport) -> ExitCode {
    var lines = 0
    var unknown = 0
    // No code is a hundred bytes long: such a line is answered by its start, once.
    let end = LineStream(longestLine: 1024, answeredPrefix: 64).run(to: out) { line, answers in
      let (text, found) = report.line(for: String(decoding: line, as: UTF8.self))
      answers += Array(text.utf8)
      lines += 1
      if !found { unknown += 1 }
    }
    if case .readError(let reason) = end {
      return write(Report(messages: [StandardStream.inputReadFailure(reason)], exitCode: .ioError))
    }
    return write(HistoryReport.summary(lines: lines, unknown: unknown))
  }

  /// `--address -`: one answer a line of stdin, in order, as `LineStream` reads them. A
  /// block of many lines is answered in parts on both cores (`AddressWorkers`), then
  /// written in order.
  static func addressLines(_ report: AddressReport, warmUp: inout SpellingsWarmUp) -> ExitCode {
    // Eight parts a block, taken by the threads as they come free: a thread the machine
    // holds back leaves its parts to the other (two halves, one a thread, left the other
    // waiting at each block's end), and each worker, one a thread, keeps its memo.
    let workers = AddressWorkers(report)
    let end = LineStream(longestLine: 1 << 16, answeredPrefix: 1 << 16).runBlocks(to: out) {
      lines, answers in
      // The block's bytes once, and each line's place in them: what the threads share.
      guard let base = lines.first?.baseAddress, let last = lines.last else { return }
      let count = last.baseAddress.map { $0 - base + last.count } ?? 0
      let bytes = [UInt8](UnsafeBufferPointer(start: base, count: count))
      let ranges = lines.map { line in
        let start = line.baseAddress.map { $0 - base } ?? 0
        return start..<start + line.count
      }
      // A few lines (a script's one at a time) are answered by one part, at once.
      let parts = ranges.count >= 256 ? 8 : 1
      if parts > 1 { warmUp.start() }
      let size = (ranges.count + parts - 1) / parts
      workers.begin(parts: parts)
      DispatchQueue.concurrentPerform(iterations: parts) { part in
        let from = min(part * size, ranges.count)
        workers.answer(part: part, bytes, ranges[from..<min(from + size, ranges.count)])
      }
      workers.take(into: &answers)
    }
    if case .readError(let reason) = end {
      return write(Report(messages: [StandardStream.inputReadFailure(reason)], exitCode: .ioError))
    }
    let counts = workers.counts
    return write(
      AddressReport.summary(
        lines: counts.lines, unresolved: counts.unresolved, format: report.format))
  }

  /// `--at -`: one answer a line of stdin, in order, written as soon as no more input is
  /// waiting (so that a script that writes a point and reads its answer never stalls).
  static func locateLines(format: OutputFormat, options: Options, catalog: Catalog) -> ExitCode {
    var reporter: PointReport
    switch PointReport.make(catalog: catalog, format: format, datum: options.datum) {
    case .success(let made): reporter = made
    case .failure(let report): return write(report)
    }
    var notPoints = 0
    // `--format url` writes no line for a point with no URL (in no division): counted, and
    // said at the end with exit 1, as a lookup that finds nothing is.
    var withoutURL = 0
    // No point is a kilobyte long: such a line is answered by its start, once.
    let stream = LineStream(longestLine: 1024, answeredPrefix: 64)
    let end = stream.run(to: out) { line, answers in
      // A CR before the newline is blank to the reporter, as are spaces and tabs.
      switch reporter.append(line: line, to: &answers) {
      case .notAPoint: notPoints += 1
      case .nowhere, .noURL: if format == .url { withoutURL += 1 }
      case .placed: break
      }
    }
    if case .readError(let reason) = end {
      return write(Report(messages: [StandardStream.inputReadFailure(reason)], exitCode: .ioError))
    }
    guard notPoints == 0 else {
      return write(
        Report(
          messages: ["browse: \(notPoints) line(s) of input were not points (LAT,LNG)\n"],
          exitCode: .dataError))
    }
    guard withoutURL == 0 else {
      return write(
        .failure(
          "\(withoutURL) point(s) had no URL (in no division) and were left out;"
            + " --format tsv answers every line"))
    }
    return .success
  }

  /// The data at `path` (nil: the built-in catalog), read and loaded; a read failure is
  /// reported here and gives its exit code (66; 74 for stdin; 71 when no descriptor was free). The
  /// built-in catalog is checked when it is generated and in the tests, so only
  /// `--validate` checks it again.
  static func load(_ path: String?, checkingBuiltIn: Bool) -> Result<LoadResult, ReadFailure> {
    guard let path else {
      let catalog = BuiltInCatalog.catalog
      let problems =
        checkingBuiltIn ? CatalogCheck.diagnostics(of: catalog, source: "<built-in>") : []
      return .success(LoadResult(catalog: catalog, diagnostics: problems))
    }
    // Stdin closed at start reads /dev/null: an error to say, not an empty file.
    if path == "-", let closed = StandardStream.closedInputReason {
      err.write(StandardStream.inputReadFailure(closed))
      return .failure(ReadFailure(code: .ioError))
    }
    do {
      let contents = try DataFile.contents(of: path)
      let readUpTo: ((Int) -> Void)? =
        contents.isFileMapping ? { contents.releasePages(before: $0) } : nil
      let result = CatalogLoader.load(
        contents.data, source: DataFile.displayName(path), readUpTo: readUpTo)
      return .success(result)
    } catch  where error.isTooLarge {
      // Read and refused for its size: bad data (65), said as the loader says it.
      let source = DataFile.displayName(path)
      return .success(
        LoadResult(
          catalog: nil, diagnostics: [Diagnostic(.fatal, source: source, at: .none, error.reason)]))
    } catch {
      err.write("browse: \(error)\n")
      // Stdin that fails to read is an I/O error (74); a named file that cannot be, 66.
      let code: ExitCode =
        error.isSystemLimit ? .systemError : path == "-" ? .ioError : .noInput
      return .failure(ReadFailure(code: code))
    }
  }

  /// A data file that could not be read, already reported.
  struct ReadFailure: Error {
    var code: ExitCode
  }

  /// Writes a report: stdout first, then stderr, and gives its exit code.
  static func write(_ report: Report) -> ExitCode {
    report.output.forEach(out.write)
    out.flush()
    report.messages.forEach(err.write)
    err.flush()
    return report.exitCode
  }
}

extension Result where Failure == Browse.ReadFailure {
  /// The exit code of a failed read (only asked of a failure).
  var failureCode: ExitCode {
    if case .failure(let failure) = self { return failure.code }
    return .success
  }
}
