import ProvinceCore
import TerminalUI

/// What one wait of the interactive session's loop brought from its face: the user's keys
/// or line, the clock they were read at, or the end of the input.
enum SessionInput {
  /// One thing the user typed: a key (full screen) or a line, nil at the end of input
  /// (line mode).
  enum Event {
    case key(Key)
    case line(String?)
  }

  /// Read at `now` on the session's clock (full screen; nil in line mode, which has no
  /// timed keys); possibly nothing, when the mailbox woke the loop.
  case events([Event], now: Duration?)
  /// The terminal went away (hung up, end of input): the session ends as q would.
  case gone
  /// The session cannot go on: this code (a line too long, a failed poll).
  case failed(ExitCode)
}
