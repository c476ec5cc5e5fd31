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
        outputIsTerminal: out.isTerminal, history: path == nil ? BuiltInCatalog.history : .none)
      return perform(planner.plan(job), catalog: catalog, matcher: matcher, options: options)
    }
  }

  /// Does what `plan` asks and writes the report its outcome makes.
  static func perform(_ plan: Plan, catalog: Catalog, matcher: Matcher, options: Options)
    -> ExitCode
  {
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
      return locateLines(format: format, catalog: catalog)
    case .session(let session):
      return InteractiveSession(
        catalog: catalog, matcher: matcher, options: options, session: session
      ).run()
    }
  }

  /// `--at -`: one answer a line of stdin, in order, written as soon as no more input is
  /// waiting (so that a script that writes a point and reads its answer never stalls).
  static func locateLines(format: OutputFormat, catalog: Catalog) -> ExitCode {
    var reporter: PointReport
    switch PointReport.make(catalog: catalog, format: format) {
    case .success(let made): reporter = made
    case .failure(let report): return write(report)
    }
    if let closed = StandardStream.closedInputReason {
      return write(
        Report(messages: [StandardStream.inputReadFailure(closed)], exitCode: .ioError))
    }
    var notPoints = 0
    // Input is read a block at a time and every whole line in it answered; the answers
    // are flushed before each read that could wait, so a script that writes one point and
    // reads its answer never stalls, and a file of points costs no flush a line.
    // Answers are bytes appended to one buffer a block, handed to stdout at once.
    var pending: [UInt8] = []
    var skipping = false
    var block = [UInt8](repeating: 0, count: 1 << 16)
    var answers: [UInt8] = []
    func answer(_ line: UnsafeBufferPointer<UInt8>) {
      // A CR before the newline is blank to the reporter, as are spaces and tabs.
      if reporter.append(line: line, to: &answers) == .notAPoint { notPoints += 1 }
    }
    while true {
      out.flush()
      let count = block.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      // A read error is not the end of input: what was answered stays, and it says so.
      if count < 0 {
        let reason = StandardStream.reason(errno: errno)
        return write(
          Report(messages: [StandardStream.inputReadFailure(reason)], exitCode: .ioError))
      }
      guard count > 0 else { break }
      // Only the new bytes are searched for a newline: what was kept has none.
      var from = pending.count
      pending += block[0..<count]
      let consumed = pending.withUnsafeBufferPointer { bytes in
        var start = 0
        while let newline = bytes[from...].firstIndex(of: 0x0A) {
          if skipping {
            skipping = false
          } else {
            answer(UnsafeBufferPointer(rebasing: bytes[start..<newline]))
          }
          start = newline + 1
          from = start
        }
        return start
      }
      pending.removeFirst(consumed)
      // No point is a kilobyte long: such a line is answered by its start, once, and the
      // rest of it up to its newline passed over, so that memory stays bounded.
      if pending.count > 1024 {
        if !skipping { pending.withUnsafeBufferPointer { answer(.init(rebasing: $0.prefix(64))) } }
        skipping = true
        pending.removeAll(keepingCapacity: true)
      }
      out.write(bytes: answers)
      answers.removeAll(keepingCapacity: true)
    }
    if !pending.isEmpty && !skipping { pending.withUnsafeBufferPointer { answer($0) } }
    out.write(bytes: answers)
    out.flush()
    guard notPoints == 0 else {
      return write(
        Report(
          messages: ["browse: \(notPoints) line(s) of input were not points (LAT,LNG)\n"],
          exitCode: .dataError))
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
