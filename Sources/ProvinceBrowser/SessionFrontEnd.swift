import FetchModel
import ProvinceCore
import TerminalUI
import TextSupport

/// One of the interactive session's two faces over its one model and loop
/// (`InteractiveSession`): how the state is drawn (a view) and how what the user types
/// becomes commands (an input decoder), as bubbletea keeps one program for its inline and
/// alt-screen renderers. The full screen draws frames and decodes keys; line mode writes a
/// transcript and reads lines. Neither decides anything the navigator decides, nor
/// performs an effect: the loop does both, once, for either.
protocol SessionFrontEnd: AnyObject {
  /// How the session is drawn: it decides the rows the chrome takes.
  var presentation: Presentation { get }
  /// The window's size now.
  var viewport: Viewport { get }
  /// The viewport to tell the navigator before drawing when this face notices a change
  /// only by looking (line mode); nil where the change is signalled (SIGWINCH, full screen).
  func viewportChange(from shown: Viewport) -> Viewport?
  /// Takes the terminal for the session (the full screen's raw mode and signals).
  func begin(_ mailbox: SessionMailbox)
  /// Gives the terminal back as it was found; safe to call more than once.
  func finish()
  /// Draws `state`; `loading` while a page is fetched, `layingOut` while one is laid out
  /// (off the UI thread), which line mode waits for without a prompt.
  func draw(_ state: NavigationState, loading: Bool, layingOut: Bool)
  /// Waits for the user or the mailbox. `cancel`, while a load is under way, stops it
  /// (line mode's Ctrl-C); `loading` says whether one is.
  func wait(
    for state: NavigationState, mailbox: SessionMailbox, loading: Bool,
    cancel: (@Sendable () -> Void)?
  ) -> SessionInput
  /// What `input` asks of the navigator in `state`; `last`: whether more input of the same
  /// read follows (a paste filters once, at its end). Nil: nothing.
  func command(for input: SessionInput.Event, in state: NavigationState, last: Bool)
    -> NavigationCommand?
  /// The terminal given up for a program that needs it (a browser in the terminal, Ctrl-Z)
  /// and taken back after.
  func release()
  func retake()
  /// Ctrl-Z: the terminal given back and the process stopped until `fg`.
  func suspend()
  /// A fetch of `url` starts in `state`: what its events are shown by while the session
  /// waits for it (line mode's spinner on stderr), and the end of that showing. Line mode
  /// writes the screen the load is for here, before the load can end, so a transcript
  /// has it however fast the page comes; the full screen draws its next frame as usual.
  func observe(loading url: String, in state: NavigationState) -> (@Sendable (FetchEvent) -> Void)?
  func loadEnded()
}
