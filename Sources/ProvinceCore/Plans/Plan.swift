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
  /// Run the interactive session.
  case session(Navigator.Mode)
}
