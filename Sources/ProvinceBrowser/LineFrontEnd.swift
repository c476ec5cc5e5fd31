import FetchModel
import Foundation
import ProvinceCore
import Synchronization
import TerminalUI
import TextSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Line mode's face of the interactive session (`-i`, `--line-mode`, `TERM=dumb`, no
/// terminal): the screen written as text (redrawn on a terminal, a transcript on a pipe)
/// with a prompt, and each line read a command (`NavigationCommand.parse`). While a page
/// loads no line is read, so a transcript's next line meets the page it was typed for;
/// Ctrl-C then cancels the load instead of ending the run.
final class LineFrontEnd: SessionFrontEnd {
  let presentation = Presentation.lines
  private let navigator: Navigator
  /// --pick draws on stderr so that stdout carries only the answer.
  private let screen: StandardStream
  private let input: LineReader
  private let style: TextStyle
  private let redraws: Bool
  /// A transcript (nothing redrawn) writes a page's facts once: the page screen last
  /// written (its depth in the stack and URL) and the fact lines written for it.
  private var written: (depth: Int, url: String, facts: [String])?
  /// The screen is drawn once while a load is waited for, not on every progress report.
  private var drewWhileBusy = false
  private let spinner = Mutex<Spinner?>(nil)

  init(navigator: Navigator, options: Options) {
    self.navigator = navigator
    screen = navigator.mode == .pick ? StandardStream.error : StandardStream.output
    input = LineReader(fd: Self.inputDescriptor(pick: navigator.mode == .pick))
    style = TextStyle(
      enabled: TextStyle.wanted(
        isTerminal: screen.isTerminal, environment: Terminal.environment, noColor: options.noColor))
    redraws = screen.isTerminal && !Terminal.isDumb
  }

  var viewport: Viewport { Terminal.viewport(fd: screen.fd) }

  func viewportChange(from shown: Viewport) -> Viewport? {
    let now = viewport
    return now == shown ? nil : now
  }

  func begin(_ mailbox: SessionMailbox) {}

  func finish() { screen.flush() }

  func draw(_ state: NavigationState, loading: Bool, layingOut: Bool) {
    // A layout under way (a resize, `v`, back to a page let go of) is waited for: the
    // screen is written once, with it.
    if layingOut && !loading { return }
    let busy = loading
    if busy && drewWhileBusy { return }
    drewWhileBusy = busy
    var frame = redraws ? ControlSequence.home + ControlSequence.eraseScreen : ""
    let url = navigator.pageURL(of: state.top)
    let shownFacts =
      written.flatMap { $0.depth == state.stack.count && $0.url == url ? $0.facts : nil }
    frame += ScreenRenderer.render(
      state, navigator: navigator, style: style, shownFacts: redraws ? nil : shownFacts
    ).joined(separator: "\n")
    written = nil
    if !redraws, let url, let facts = ScreenRenderer.facts(state, navigator: navigator) {
      written = (state.stack.count, url, facts)
    }
    screen.write(frame + (busy ? "\n" : "\n> "))
    screen.flush()
  }

  func wait(
    for state: NavigationState, mailbox: SessionMailbox, loading: Bool,
    cancel: (@Sendable () -> Void)?
  ) -> SessionInput {
    guard loading else { return readLine() }
    // Only the mailbox: the load's end, its progress, or a layout. Ctrl-C cancels a load;
    // while a page is only laid out it leaves at once (exit 130), as everywhere else.
    func waitForMail() {
      var fds = [pollfd(fd: mailbox.wakeRead, events: Int16(POLLIN), revents: 0)]
      while poll(&fds, 1, -1) < 0 && errno == EINTR {}
    }
    if let cancel {
      Interrupts.shared.claimed(by: cancel, waitForMail)
    } else {
      waitForMail()
    }
    return .events([], now: nil)
  }

  private func readLine() -> SessionInput {
    let line = input.readLine()
    if input.refusedLongLine {
      StandardStream.error.write(
        "browse: an input line is longer than \(LineReader.maximumLine / 1024) KB; stopping\n")
      return .failed(.dataError)
    }
    if let failure = input.failure {
      StandardStream.error.write(StandardStream.inputReadFailure(failure))
      return .failed(.ioError)
    }
    if !input.isTerminal {
      screen.write((line.map(TerminalText.sanitize) ?? "") + "\n")
    } else if line == nil {
      screen.write("\n")
    }
    return .events([.line(line)], now: nil)
  }

  func command(for input: SessionInput.Event, in state: NavigationState, last: Bool)
    -> NavigationCommand?
  {
    guard case .line(let line) = input else { return nil }
    return line.map(NavigationCommand.parse) ?? .quit
  }

  func release() {}
  func retake() {}

  /// Line mode decodes no Ctrl-Z (the terminal stops the process itself, in cooked mode);
  /// were `.suspend` asked, it stops as the full screen does.
  func suspend() { SessionMailbox.stopAsAsked() }

  func observe(loading url: String, in state: NavigationState) -> (
    @Sendable (FetchEvent) -> Void
  )? {
    drewWhileBusy = false
    draw(state, loading: true, layingOut: false)
    let made = Spinner(label: URLText.host(url) ?? URLText.ascii(url))
    spinner.withLock { $0 = made }
    return { made.handle($0) }
  }

  func loadEnded() {
    spinner.withLock {
      $0?.stop()
      $0 = nil
    }
  }

  /// Standard input, except that --pick reads the terminal when stdin is not one (as fzf
  /// does).
  private static func inputDescriptor(pick: Bool) -> Int32 {
    if pick && isatty(0) != 1 {
      let tty = open("/dev/tty", O_RDONLY)
      if tty >= 0 { return tty }
    }
    return 0
  }
}
