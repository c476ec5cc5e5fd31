import FetchModel
import PageReader
import TextSupport

/// `--fetch`: the page as text on stdout, or one line saying why there is none.
public enum FetchReport {
  public static func report(
    _ outcome: Result<LoadedPage, FetchError>, width: Int, view: PageView = .reader
  ) -> Report {
    switch outcome {
    case .success(let loaded):
      let content = PageContent(loaded.page, width: width, view: view, note: loaded.note)
      let notes = loaded.note.map { ["browse: \(TerminalText.sanitize($0))\n"] } ?? []
      return Report(output: PageText.body(content).map { $0 + "\n" }, messages: notes)
    case .failure(let error):
      return .failure(message(error), exitCode(for: error))
    }
  }

  /// `report` for a page read once and forgotten (`browse --fetch`): the page is taken out
  /// of `outcome` (left a cancellation) so that its body can be let go of once decoded
  /// (`PageContent(readingOnce:)`); the lines of a long page go to `write` as the layout
  /// makes them (header first), a piece a line and a piece a newline, and the report has
  /// the rest. A large page is so held about twice at most, never six times.
  public static func report(
    readingOnce outcome: inout Result<LoadedPage, FetchError>, width: Int,
    view: PageView = .reader, writing write: @escaping (String) -> Void
  ) -> Report {
    guard case .success(var loaded) = outcome else {
      return report(outcome, width: width, view: view)
    }
    outcome = .failure(.cancelled)
    var written = false
    let content = PageContent(
      readingOnce: &loaded.page, width: width, view: view, note: loaded.note
    ) { page, lines in
      if !written {
        written = true
        for line in PageText.header(page, width: width) {
          write(line)
          write("\n")
        }
      }
      for line in lines {
        write(line)
        write("\n")
      }
    }
    let notes = loaded.note.map { ["browse: \(TerminalText.sanitize($0))\n"] } ?? []
    let body = PageText.body(content, links: PageText.links(content))
    // Once lines were written, the header went with the first of them.
    let lines = written ? body.lines[(body.pageStart ?? 0)...] : body.lines[...]
    var output: [String] = []
    output.reserveCapacity(2 * lines.count)
    for line in lines {
      output.append(line)
      output.append("\n")
    }
    return Report(output: output, messages: notes)
  }

  /// The one line a failure is told in.
  public static func message(_ error: FetchError) -> String {
    switch error {
    case .cancelled: return "Cancelled."
    case .notCached(let url):
      return "\(URLText.ascii(url)) is not in the page cache, and --offline keeps off the network"
    default: return error.message
    }
  }

  /// 69 only when the network could not be reached; a page that failed is 1
  /// (`FetchError.kind` decides which).
  public static func exitCode(for error: FetchError) -> ExitCode {
    switch error.kind {
    case .cancelled: return .interrupted
    case .networkUnavailable: return .unavailable
    case .pageFailed: return .failure
    }
  }
}
