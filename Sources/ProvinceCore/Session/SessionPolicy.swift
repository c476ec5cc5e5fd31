/// What the two views of the one session (the full screen and line mode) do differently,
/// as one value the navigator reads (`NavigationState.policy`): the model, its updates and
/// its keys are the same for both, and nothing else in the navigation asks which view is
/// drawing. Each view's shell gives its policy (`Presentation.policy`).
public struct SessionPolicy: Sendable, Hashable {
  /// A typed filter that leaves one item, or names one exactly (`gbk` beside `gbkmeta`),
  /// opens it at once: line mode reads a line as a whole answer, while the full screen
  /// filters as the keys come and waits for Enter.
  public var opensSingleMatch: Bool
  /// A page that cannot be had is shown where it would have been, with r to try again;
  /// else the session goes back to where it was chosen, the reason as its message.
  public var showsFailureInPlace: Bool
  /// The view is a window redrawn in place: the help scrolls in it (and the key that
  /// closes it does only that), a division's map is drawn above its facts, a long title is
  /// wrapped, a load says Esc cancels it, a long page shows a window of its text laid
  /// out at once after a resize, and a wide menu's preview pane says whether a page is
  /// cached. Line mode writes a screen of lines at a time, which may
  /// be a transcript on a pipe.
  public var redrawsInPlace: Bool
  /// The rows that are not content: line mode's path, blank lines, message, hints and
  /// prompt; the full screen's prompt line and status bar.
  public var chromeRows: Int
  /// What the session says names a command as the user gives it: line mode by the word
  /// typed at its prompt (`clear`, `/kun`), the full screen by its key (Esc, `/`).
  public var namesWords: Bool

  /// A policy from its parts.
  public init(
    opensSingleMatch: Bool, showsFailureInPlace: Bool, redrawsInPlace: Bool, chromeRows: Int,
    namesWords: Bool
  ) {
    self.opensSingleMatch = opensSingleMatch
    self.showsFailureInPlace = showsFailureInPlace
    self.redrawsInPlace = redrawsInPlace
    self.chromeRows = chromeRows
    self.namesWords = namesWords
  }

  /// The full screen's.
  public static let fullScreen = SessionPolicy(
    opensSingleMatch: false, showsFailureInPlace: true, redrawsInPlace: true, chromeRows: 2,
    namesWords: false)
  /// Line mode's (`-i`, `--line-mode`, `TERM=dumb`, no terminal).
  public static let lines = SessionPolicy(
    opensSingleMatch: true, showsFailureInPlace: false, redrawsInPlace: false, chromeRows: 6,
    namesWords: true)
}
