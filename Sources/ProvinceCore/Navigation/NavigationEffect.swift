/// What the shell must do after an update; the navigator itself does no I/O.
public enum NavigationEffect: Sendable, Hashable {
  /// Draw the new state.
  case render
  /// `--pick`: print this city on stdout and exit 0.
  case picked(CityRef)
  /// Leave the session with this code.
  case exit(ExitCode)
}
