import TextSupport

/// What came of asking a browser to open a page.
public enum BrowserOutcome: Sendable, Equatable {
  /// The program ran (a terminal browser: until the user left it) and exited 0, or a
  /// graphical one was started and did not fail at once.
  case opened(program: String)
  /// The program ran and failed.
  case failed(program: String, status: Int32)
  /// The program could not be started (not found, not executable).
  case cannotStart(program: String, reason: String)
  /// Neither `BROWSER` nor `xdg-open` (nor, on macOS, `open`) is there.
  case noBrowser
}

/// The words and exit code for `--open` and the `o` key.
public enum OpenReport {
  public static func report(_ outcome: BrowserOutcome, url: String) -> Report {
    guard let problem = problem(outcome, url: url) else { return Report() }
    return .failure(problem)
  }

  /// The one line a failure is told in; nil when the page was opened.
  public static func problem(_ outcome: BrowserOutcome, url: String) -> String? {
    let address = URLText.ascii(url)
    switch outcome {
    case .opened:
      return nil
    case .failed(let program, let status):
      return "'\(TerminalText.sanitize(program))' could not open \(address) (exit \(status))"
    case .cannotStart(let program, let reason):
      return "cannot start the browser '\(TerminalText.sanitize(program))': \(reason)"
    case .noBrowser:
      return "no browser to open \(address): set BROWSER, or install xdg-open (xdg-utils)"
    }
  }

  /// The line the interactive session shows afterwards.
  public static func notice(_ outcome: BrowserOutcome, url: String) -> String {
    problem(outcome, url: url).map { "Could not open the page: \($0)." }
      ?? "Opened \(URLText.ascii(url))."
  }
}
