import CatalogModel
import FetchModel
import Foundation
import ProvinceCore
import ProvinceIO
import Synchronization
import TerminalUI
import TextSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The full screen's face of the interactive session: keys in (`KeyDecoder`, then
/// `KeyMap`), frames out (the diff of the new frame against the last). It waits on the
/// terminal and the mailbox at once, so the screen answers keys (Esc cancels) while a page
/// loads in the background.
final class FullScreenFrontEnd: SessionFrontEnd {
  let presentation = Presentation.fullScreen
  private let navigator: Navigator
  private let terminal: RawTerminal
  private let palette: FullScreenRenderer.Palette
  private let loader: PageLoader
  private let clock = ContinuousClock()
  private let began: ContinuousClock.Instant
  private var decoder = KeyDecoder()
  private var shown: Frame?
  /// What this session's frames drew lately (the menu's rows, the previews and panes),
  /// for the next frame and for the panes drawn ahead.
  private let memo = FrameMemo()
  private var holding = false
  private var signals: [DispatchSourceSignal] = []
  /// What libraries write to descriptor 2 would land in the middle of the frame: it goes
  /// to /dev/null while the screen is ours (browse's own messages use its copy of it).
  private let null: Int32
  private let ownError = StandardStream.error.fd
  private var buffer = [UInt8](repeating: 0, count: 4096)
  /// Where the panes beside the selection are drawn ahead, and which request is the
  /// latest (an older one stops: the selection has moved on).
  private let ahead = DispatchQueue(label: "browse.panes-ahead", qos: .utility)
  private let aheadRequest = Counter()
  /// How long after a frame the panes beside it are drawn: after the terminal has read
  /// the frame, well before a held key's next repeat (30 a second).
  private static let aheadDelay = 8

  /// A number shared with the queue's blocks.
  private final class Counter: Sendable {
    let value = Mutex(0)
  }

  /// The face, when it can have the terminal: full screen unless `-i`, `--line-mode` or
  /// `TERM=dumb` (or no TERM) ask for lines, and only on a terminal (`--pick`: /dev/tty).
  static func make(navigator: Navigator, options: Options, linesAsked: Bool, loader: PageLoader)
    -> FullScreenFrontEnd?
  {
    // The planner decided what was asked; whether a terminal can be had is tried here.
    guard
      Navigator.presentation(
        linesAsked: linesAsked, term: Terminal.environment["TERM"], hasTerminal: true)
        == .fullScreen
    else { return nil }
    let terminal: RawTerminal?
    if navigator.mode == .pick {
      // As fzf: the screen is /dev/tty, so stdout carries only the answer.
      let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
      guard tty >= 0 else { return nil }
      terminal = RawTerminal(input: tty, output: tty)
      if terminal == nil { close(tty) }
    } else {
      guard isatty(0) == 1 && isatty(1) == 1 else { return nil }
      terminal = RawTerminal(input: 0, output: 1)
    }
    guard var terminal else { return nil }
    terminal.mouse = !options.noMouse
    return FullScreenFrontEnd(
      navigator: navigator, options: options, terminal: terminal, loader: loader)
  }

  private init(navigator: Navigator, options: Options, terminal: RawTerminal, loader: PageLoader) {
    self.navigator = navigator
    self.terminal = terminal
    let colors = TextStyle.wanted(
      isTerminal: true, environment: Terminal.environment, noColor: options.noColor)
    palette = FullScreenRenderer.Palette(colors: colors, bold: !options.noColor)
    self.loader = loader
    began = clock.now
    null = open("/dev/null", O_WRONLY | O_CLOEXEC)
  }

  deinit { if null >= 0 { close(null) } }

  var viewport: Viewport { Terminal.viewport(fd: terminal.output) }

  func viewportChange(from shown: Viewport) -> Viewport? { nil }

  func begin(_ mailbox: SessionMailbox) {
    retake()
    signals = mailbox.listenForSignals()
    // The first key of a `/` search must not pay for the keys of 100k cities: build them
    // now, while the menu is read.
    let matcher = navigator.matcher
    DispatchQueue.global(qos: .utility).async { matcher.prepareSearch() }
    // Nor the first move pay for the maps' outlines (decoded and indexed in tens of ms):
    // made here too and handed to the navigator's `outlines`, the screen drawn again when
    // they are ready; a frame before draws the map's rows blank.
    let (catalog, outlines) = (navigator.catalog, navigator.outlines)
    if outlines.expected {
      DispatchQueue.global(qos: .userInitiated).async {
        outlines.fill((try? CatalogOutlines.places(for: catalog)) ?? nil)
        mailbox.post { _ in }
      }
    }
  }

  func finish() {
    release()
    if !signals.isEmpty {
      SessionMailbox.stopListening(signals)
      signals = []
    }
  }

  func retake() {
    guard !holding else { return }
    holding = true
    if null >= 0 && ownError != 2 { dup2(null, 2) }
    terminal.enter()
    CrashGuard.restoring(
      fd: terminal.output, modes: terminal.saved, bytes: RawTerminal.leaveBytes)
    let terminal = self.terminal
    Interrupts.shared.setTerminalRestore { terminal.leave() }
    shown = nil
  }

  func release() {
    guard holding else { return }
    holding = false
    Interrupts.shared.setTerminalRestore(nil)
    CrashGuard.stopRestoring()
    terminal.leave()
    if null >= 0 && ownError != 2 { dup2(ownError, 2) }
  }

  func suspend() {
    release()
    // As less does: SIGTSTP again, with its usual action, so a job-control shell sees a
    // normal stop (and `fg` resumes), while an orphaned process group, which no one
    // could resume, is not stopped at all (the kernel drops the signal).
    SessionMailbox.stopAsAsked()
    retake()
  }

  func draw(_ state: NavigationState, loading: Bool, layingOut: Bool) {
    let frame = FullScreenRenderer.frame(state, navigator: navigator, palette: palette, memo: memo)
    // One write(2) of the bytes, made as bytes: no String between the diff and the terminal.
    let output = FrameDiff.bytes(from: shown, to: frame)
    if !output.isEmpty { terminal.write(output) }
    shown = frame
    drawAhead(state)
  }

  /// The panes of the items next to the selection on a wide menu, drawn off the loop's
  /// thread soon after this frame is out: the next move (either way) finds its pane made,
  /// and spends its time on the rows that changed. Two each way; a newer frame stops them.
  private func drawAhead(_ state: NavigationState) {
    guard state.top.isMenu, !state.showingHelp,
      MenuPreview.columns(forWidth: state.viewport.columns) != nil
    else { return }
    let selection = state.top.selection
    let items = [selection + 1, selection - 1, selection + 2, selection - 2]
    let request = aheadRequest.value.withLock {
      $0 += 1
      return $0
    }
    let (navigator, palette, memo) = (self.navigator, self.palette, memo)
    let latest = aheadRequest
    // A moment later: the CPU first goes to the terminal that shows this frame (on two
    // cores, drawing ahead at once delayed the terminal's read of it by a millisecond).
    ahead.asyncAfter(deadline: .now() + .milliseconds(Self.aheadDelay)) {
      FullScreenRenderer.preparePanes(
        state, items: items, navigator: navigator, palette: palette,
        memo: memo,
        wanted: { latest.value.withLock { $0 } == request })
    }
  }

  func wait(
    for state: NavigationState, mailbox: SessionMailbox, loading: Bool,
    cancel: (@Sendable () -> Void)?
  ) -> SessionInput {
    let now = clock.now - began
    var timeout: Int32 = -1
    for deadline in [decoder.pendingDeadline, state.pendingDeadline].compactMap({ $0 }) {
      let wait = Int32(max(0, min(1000, (deadline - now) / .milliseconds(1))))
      timeout = timeout < 0 ? wait : min(timeout, wait)
    }
    // While a page loads, the status bar's time goes on.
    if loading { timeout = timeout < 0 ? 100 : min(timeout, 100) }
    var fds = [
      pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0),
      pollfd(fd: mailbox.wakeRead, events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&fds, 2, timeout)
    if ready < 0 && errno != EINTR { return .failed(.ioError) }
    var keys: [Key] = []
    if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
      let count = read(terminal.input, &buffer, buffer.count)
      if count > 0 {
        keys = decoder.feed(Array(buffer[..<count]), now: clock.now - began)
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        return .gone
      }
    }
    keys += decoder.flush(now: clock.now - began)
    // The clock first, so that a digit after a pause starts a new number.
    return .events(keys.map(SessionInput.Event.key), now: clock.now - began)
  }

  func command(for input: SessionInput.Event, in state: NavigationState, last: Bool)
    -> NavigationCommand?
  {
    guard case .key(let key) = input,
      let command = KeyMap.command(for: key, in: state, navigator: navigator)
    else { return nil }
    // Text read at once (a paste the terminal did not bracket) filters once, at its end,
    // so a Ctrl-C after it is read as soon as it comes.
    if case .edit(let edit) = command, !last { return .typeAhead(edit) }
    return command
  }

  /// The full screen shows a load's time and bytes in its status bar, from the mailbox.
  func observe(loading url: String, in state: NavigationState) -> (
    @Sendable (FetchEvent) -> Void
  )? { nil }
  func loadEnded() {}
}
