import FetchModel
/// What the shell must do for a job: write a report, or perform one effect whose outcome
/// the core turns into the report (`FetchReport`, `OpenReport`, `CheckReport`).
public enum Plan: Sendable, Equatable {
  /// Nothing to perform: write this and exit.
  case report(Report)
  /// Open this URL in the user's browser.
  case open(url: String)
  /// Fetch this page and print it as text.
  case fetch(url: String)
  /// Check these URLs and report in `format`.
  case check([LinkCheck.Target], format: OutputFormat)
  /// Run the interactive session.
  case session(Navigator.Mode)
}
