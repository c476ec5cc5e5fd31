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
