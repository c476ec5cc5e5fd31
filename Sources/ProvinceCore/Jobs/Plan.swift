import FetchModel

/// What the shell must do for a job: write a report, or perform one effect whose outcome
/// the core turns into the report (`FetchReport`, `OpenReport`, `CheckReport`).
public enum Plan: Sendable, Equatable {
  /// Nothing to perform: write this and exit.
  case report(Report)
  /// Open this URL in the user's browser.
  case open(url: String)
  /// Fetch this page and print it as text. `parents` names the division's city, then its
  /// province (full and short names), for the entry to follow on a disambiguation page.
  case fetch(url: String, parents: [[String]] = [])
  /// Check these URLs and report in `format`.
  case check([LinkCheck.Target], format: OutputFormat)
  /// `--at -`: answer each line of stdin with `PointReport`, in `format`, as it comes.
  case locate(format: OutputFormat)
  /// `--address -`: answer each line of stdin with `AddressReport`, in `format`, as it comes.
  case addresses(format: OutputFormat)
  /// `--history -`: answer each old code of stdin with `HistoryReport`, in `format`.
  case oldCodes(format: OutputFormat)
  /// Run the interactive session.
  case session(SessionPlan)
}

/// How the interactive session is to run, decided from the options: the shell only finds
/// out whether it can have the terminal (and falls back to lines where it cannot).
public struct SessionPlan: Sendable, Equatable {
  public var mode: Navigator.Mode
  /// Line mode asked for: `-i` or `--line-mode` (otherwise full screen, where the
  /// terminal allows: `Navigator.presentation`).
  public var linesAsked: Bool
  /// `--width`: pages laid out this wide on screen (`Navigator.layoutWidth`).
  public var pageWidth: Int?
  /// Where the session starts (`--pick -p/-c/--query`).
  public var start = SessionStart()

  public init(_ mode: Navigator.Mode, linesAsked: Bool = false, pageWidth: Int? = nil) {
    self.mode = mode
    self.linesAsked = linesAsked
    self.pageWidth = pageWidth
  }
}
