import CatalogModel
import Foundation
import ProvinceCore
import TerminalUI
import TextSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The full-screen session: keys in, frames out. It reads bytes, lets `KeyDecoder` make
/// keys and `KeyMap` commands, lets the navigator update, performs the effect and draws
/// the diff of the new frame against the last one. Pages load in the background, so the
/// screen answers keys (Esc cancels) while they do.
struct FullScreenSession {
  let navigator: Navigator
  let options: Options
  let terminal: RawTerminal

  /// The session, when it can have the terminal: full screen unless `-i`, `--line-mode`
  /// or `TERM=dumb` (or no TERM) ask for lines, and only on a terminal (`--pick`: /dev/tty).
  static func make(navigator: Navigator, options: Options, linesAsked: Bool)
    -> FullScreenSession?
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
    return FullScreenSession(navigator: navigator, options: options, terminal: terminal)
  }

  func run() -> ExitCode {
    guard let mailbox = SessionMailbox() else { return .ioError }
    let colors = TextStyle.wanted(
      isTerminal: true, environment: Terminal.environment, noColor: options.noColor)
    let palette = FullScreenRenderer.Palette(colors: colors, bold: !options.noColor)
    let loader = PageLoader(options: options)
    let clock = ContinuousClock()
    let began = clock.now
    var decoder = KeyDecoder()
    var state = navigator.start(
      viewport: Terminal.viewport(fd: terminal.output), presentation: .fullScreen)
    var shown: Frame?
    var load: BackgroundLoad?
    var layout: Task<Void, Never>?

    // What libraries write to descriptor 2 would land in the middle of the frame: it goes
    // to /dev/null while the screen is ours (browse's own messages use its copy of it).
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    let ownError = StandardStream.error.fd
    defer { if null >= 0 { close(null) } }
    func takeTerminal() {
      if null >= 0 && ownError != 2 { dup2(null, 2) }
      terminal.enter()
      CrashGuard.restoring(
        fd: terminal.output, modes: terminal.saved, bytes: RawTerminal.leaveBytes)
      let terminal = self.terminal
      Interrupts.shared.setTerminalRestore { terminal.leave() }
      shown = nil
    }
    func giveTerminalBack() {
      Interrupts.shared.setTerminalRestore(nil)
      CrashGuard.stopRestoring()
      terminal.leave()
      if null >= 0 && ownError != 2 { dup2(ownError, 2) }
    }
    // The preview pane's word on a page: whether the cache holds it (a stat, not a read).
    func storedPage(_ url: String) -> String? {
      guard let address = URL(string: URLText.ascii(url)),
        let size = loader.fetcher.storedSize(of: address)
      else { return nil }
      return "cached · " + PageText.byteCount(size)
    }
    func draw() {
      let frame = FullScreenRenderer.frame(
        state, navigator: navigator, palette: palette, storedPage: storedPage)
      let output = FrameDiff.output(from: shown, to: frame)
      if !output.isEmpty { terminal.write(output) }
      shown = frame
    }
    func suspend() {
      giveTerminalBack()
      // As less does: SIGTSTP again, with its usual action, so a job-control shell sees a
      // normal stop (and `fg` resumes), while an orphaned process group, which no one
      // could resume, is not stopped at all (the kernel drops the signal).
      SessionMailbox.stopAsAsked()
      takeTerminal()
    }
    /// Performs `effect`; returns the exit code when the session ends.
    func perform(_ effect: NavigationEffect) -> ExitCode? {
      switch effect {
      case .render:
        return nil
      case .fetch(let url, let parents):
        load?.cancel()
        load = BackgroundLoad(
          url: url, layout: navigator.pageLayout(for: url, in: state), loader: loader,
          mailbox: mailbox, startedAt: clock.now, parents: parents)
        return nil
      case .layOut(let url, let width, let view):
        // The layout under way is for a width the window no longer has.
        layout?.cancel()
        guard case .loaded(let content) = state.pages[url] else { return nil }
        layout = Task.detached(priority: .userInitiated) {
          let laid = content.relaidOut(width: width, view: view)
          guard !Task.isCancelled else { return }
          mailbox.post { $0.laidOut.append((url: url, content: laid)) }
        }
        return nil
      case .cancel(let url):
        if load?.url == url {
          load?.cancel()
          load = nil
        }
        return nil
      case .open(let url):
        let outcome = BrowserLauncher.open(url, suspend: giveTerminalBack, resume: takeTerminal)
        _ = navigator.update(&state, .notice(OpenReport.notice(outcome, url: url)))
        return nil
      case .suspend:
        suspend()
        // The window may have changed while stopped; a long page is laid out in the back.
        return perform(navigator.update(&state, .resize(Terminal.viewport(fd: terminal.output))))
      case .exit(let code):
        return navigator.exitCode(code)
      case .picked(let ref):
        giveTerminalBack()
        let format = options.format ?? .url
        for text in ListFormatter.cities([ref], in: navigator.catalog, format: format) {
          StandardStream.output.write(text)
        }
        StandardStream.output.flush()
        return .success
      }
    }

    takeTerminal()
    let signals = mailbox.listenForSignals()
    // The first key of a `/` search must not pay for the keys of 100k cities: build them
    // now, while the menu is read.
    let matcher = navigator.matcher
    DispatchQueue.global(qos: .utility).async { matcher.prepareSearch() }
    // Nor the first move pay for the maps' outlines (decoded and indexed in tens of ms):
    // made here too, the screen drawn again when they are ready; a frame before draws none.
    let catalog = navigator.catalog
    if catalog.outlines == .builtIn {
      DispatchQueue.global(qos: .userInitiated).async {
        CatalogOutlines.prepare(catalog)
        mailbox.post { _ in }
      }
    }
    defer {
      load?.cancel()
      layout?.cancel()
      SessionMailbox.stopListening(signals)
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      draw()
      let now = clock.now - began
      var timeout: Int32 = -1
      for deadline in [decoder.pendingDeadline, state.pendingDeadline].compactMap({ $0 }) {
        let wait = Int32(max(0, min(1000, (deadline - now) / .milliseconds(1))))
        timeout = timeout < 0 ? wait : min(timeout, wait)
      }
      if load != nil { timeout = timeout < 0 ? 100 : min(timeout, 100) }
      var fds = [
        pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0),
        pollfd(fd: mailbox.wakeRead, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 2, timeout)
      if ready < 0 && errno != EINTR { break }
      var keys: [Key] = []
      if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
        let count = read(terminal.input, &buffer, buffer.count)
        if count > 0 {
          keys = decoder.feed(Array(buffer[..<count]), now: clock.now - began)
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          // The terminal went away (hung up, end of input): leave as q would.
          giveTerminalBack()
          return navigator.exitCode(.success)
        }
      }
      keys += decoder.flush(now: clock.now - began)
      // The clock first, so that a digit after a pause starts a new number.
      _ = navigator.update(&state, .clock(clock.now - began))
      // Keys typed before a page arrived are applied first, to the screen they were
      // typed at (where, while it loads, only the keys that leave do anything). Text
      // read at once (a paste the terminal did not bracket) filters once, at its end, so
      // a Ctrl-C after it is read as soon as it comes.
      for (index, key) in keys.enumerated() {
        guard var command = KeyMap.command(for: key, in: state, navigator: navigator) else {
          continue
        }
        if case .edit(let edit) = command, index < keys.count - 1 { command = .typeAhead(edit) }
        if let code = perform(navigator.update(&state, command)) {
          if navigator.mode != .pick || code != .success { giveTerminalBack() }
          return code
        }
      }
      navigator.settle(&state)
      let inbox = mailbox.take()
      var resized = inbox.resized || inbox.continued
      if inbox.suspendAsked {
        suspend()
        resized = true
      }
      if inbox.continued {
        takeTerminal()
      }
      if resized {
        // Performed: on a long page the effect is the layout for the new width.
        _ = perform(navigator.update(&state, .resize(Terminal.viewport(fd: terminal.output))))
      }
      for (url, content) in inbox.laidOut {
        _ = navigator.update(&state, .pageLaidOut(url: url, content))
      }
      for (url, result) in inbox.finished where url == load?.url {
        load = nil
        let command: NavigationCommand
        switch result {
        case .success(let content):
          command = .pageLoaded(url: url, content)
        case .failure(let error):
          if case .http(404, _, _) = error {
            command = .pageNotFound(url: url, message: FetchReport.message(error))
          } else {
            command = .pageFailed(url: url, message: FetchReport.message(error))
          }
        }
        if let code = perform(navigator.update(&state, command)) {
          giveTerminalBack()
          return code
        }
      }
      if let load {
        let seconds = Double((clock.now - load.startedAt) / .milliseconds(1)) / 1000
        _ = navigator.update(
          &state, .progress(url: load.url, LoadProgress(seconds: seconds, bytes: inbox.bytes)))
      }
    }
    giveTerminalBack()
    return .ioError
  }
}
