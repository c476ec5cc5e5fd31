import CatalogModel
import PageReader

/// What the shell must do after an update; the navigator itself does no I/O.
public enum NavigationEffect: Sendable, Hashable {
  /// Draw the new state.
  case render
  /// `--pick`: print this city on stdout and exit 0.
  case picked(CityRef)
  /// Draw the new state, fetch this URL, and report with `.pageLoaded` or `.pageFailed`.
  /// `parents` name the division the page is for (its city, then its province; empty for a
  /// followed link): on a disambiguation page, the entry naming one is the one to follow.
  case fetch(url: String, parents: [[String]] = [])
  /// Lay the page at this URL out again for `width` and `view` off the UI thread (a long
  /// page after a resize), and report with `.pageLaidOut`; until then the screen shows
  /// the layout it has. A later `.layOut` replaces one not yet done.
  case layOut(url: String, width: Int, view: PageView)
  /// Stop fetching this URL: the user left its screen before it arrived. The shell also
  /// stops, after any update, a load whose page is no longer `.loading` in the state (a
  /// step whose one effect is another, such as the layout of the page gone back to).
  case cancel(url: String)
  /// Open this URL in the user's browser.
  case open(url: String)
  /// Give the terminal back and stop until resumed (Ctrl-Z), then draw again.
  case suspend
  /// Leave the session with this code.
  case exit(ExitCode)
}
