import CatalogModel
import Foundation
import ProvinceCore
import TerminalUI
import TextSupport

/// The interactive session: one model (`NavigationState`), one `update` (`Navigator`) and
/// this one loop, which waits on its face (`SessionFrontEnd`: the full screen's keys and
/// frames, or line mode's lines and transcript), lets the navigator update, and performs
/// every effect the same way whichever face it has.
struct InteractiveSession {
  let navigator: Navigator
  let options: Options
  let session: SessionPlan

  init(
    catalog: Catalog, matcher: Matcher, options: Options, session: SessionPlan,
    history: DivisionHistory = .none, variants: CharacterVariants = .none
  ) {
    // The outlines come with the built-in catalog; the full screen decodes them off its
    // loop's thread at its start (`FullScreenFrontEnd.begin`).
    navigator = Navigator(
      catalog: catalog, matcher: matcher, mode: session.mode, pageWidth: session.pageWidth,
      start: session.start, history: history, variants: variants,
      outlines: MapOutlines(expected: catalog.outlines == .builtIn))
    self.options = options
    self.session = session
  }

  func run() -> ExitCode {
    guard let mailbox = SessionMailbox() else { return .ioError }
    let loader = PageLoader(options: options)
    let face: any SessionFrontEnd =
      FullScreenFrontEnd.make(
        navigator: navigator, options: options, linesAsked: session.linesAsked, loader: loader)
      ?? LineFrontEnd(navigator: navigator, options: options)
    let clock = ContinuousClock()
    let (first, firstEffect) = navigator.starting(
      viewport: face.viewport, policy: face.presentation.policy)
    var state = first
    var load: BackgroundLoad?
    var layout: Task<Void, Never>?
    var layingOut = false
    /// Loads and layouts are numbered: an answer is taken only from the one under way, so
    /// a stale layout cannot end the wait for a newer one, nor a cancelled load's answer
    /// stand for a new load of the same URL.
    var serial = 0
    var layoutID = 0

    /// Performs `effect`, and the effects of what it told the navigator in turn; returns
    /// the exit code when the session ends.
    func perform(_ effect: NavigationEffect) -> ExitCode? {
      switch effect {
      case .render:
        return nil
      case .fetch(let url, let parents):
        load?.cancel()
        face.loadEnded()
        serial += 1
        load = BackgroundLoad(
          id: serial, url: url, layout: navigator.pageLayout(for: url, in: state), loader: loader,
          mailbox: mailbox, startedAt: clock.now, parents: parents,
          observe: face.observe(loading: url, in: state))
        return nil
      case .layOut(let url, let width, let view):
        // The layout under way is for a width the window no longer has.
        layout?.cancel()
        layingOut = false
        // The page is gone (left, reloaded, failed) since it was asked: nothing to lay out,
        // and `laidOut` would refuse it (NavigatorPageTests).
        guard case .loaded(let content) = state.pages[url] else { return nil }
        layingOut = true
        serial += 1
        let id = serial
        layoutID = id
        layout = Task.detached(priority: .userInitiated) {
          let laid = content.layout(width: width, view: view)
          guard !Task.isCancelled else { return }
          mailbox.post { $0.laidOut.append((layout: id, url: url, content: laid)) }
        }
        return nil
      case .cancel(let url):
        if load?.url == url {
          load?.cancel()
          load = nil
          face.loadEnded()
        }
        return nil
      case .open(let url):
        let outcome = BrowserLauncher.open(url, suspend: face.release, resume: face.retake)
        return perform(navigator.update(&state, .notice(OpenReport.notice(outcome, url: url))))
      case .suspend:
        face.suspend()
        // The window may have changed while stopped; a long page is laid out in the back.
        return perform(navigator.update(&state, .resize(face.viewport)))
      case .exit(let code):
        face.finish()
        return navigator.exitCode(code)
      case .picked(let ref):
        face.finish()
        let format = options.format ?? .url
        for text in ListFormatter.cities([ref], in: navigator.catalog, format: format) {
          StandardStream.output.write(text)
        }
        StandardStream.output.flush()
        return .success
      }
    }

    face.begin(mailbox)
    defer {
      load?.cancel()
      layout?.cancel()
      face.finish()
    }
    // A start that opened a city (`--query` leaving one) asks for its page, or picks it.
    if let code = perform(firstEffect) { return code }
    while true {
      // A load whose page is no longer waited for (left, failed, gone back from while the
      // step's effect was a layout) is stopped, whatever effect said so or not.
      if let running = load, state.pages[running.url] != .loading {
        running.cancel()
        load = nil
        face.loadEnded()
      }
      if let viewport = face.viewportChange(from: state.viewport),
        let code = perform(navigator.update(&state, .resize(viewport)))
      {
        return code
      }
      // What the preview pane says of a page's copy in the cache is looked for here, once a
      // page (a stat, not a read), and told to the state the frame is drawn from.
      navigator.learnStoredPages(&state) { url in
        URLText.requestURL(url).flatMap { loader.fetcher.storedSize(of: $0) }
      }
      face.draw(state, loading: load != nil, layingOut: layingOut)
      // Ctrl-C as a signal during a load: the fetch stops at once, and the loop is told,
      // so that it backs out without waiting for what was read to be parsed.
      let cancel = load.map { load in
        { @Sendable in
          load.cancel()
          mailbox.post { $0.interrupted = true }
        }
      }
      let busy = load != nil || layingOut
      switch face.wait(for: state, mailbox: mailbox, loading: busy, cancel: cancel) {
      case .gone:
        face.finish()
        return navigator.exitCode(.success)
      case .failed(let code):
        face.finish()
        return code
      case .events(let events, let now):
        if let now, let code = perform(navigator.update(&state, .clock(now))) { return code }
        // Keys typed before a page arrived are applied first, to the screen they were
        // typed at (where, while it loads, only the keys that leave do anything).
        for (index, event) in events.enumerated() {
          guard
            let command = face.command(for: event, in: state, last: index == events.count - 1)
          else { continue }
          if let code = perform(navigator.update(&state, command)) { return code }
        }
        navigator.settle(&state)
      }
      let inbox = mailbox.take()
      var resized = inbox.resized || inbox.continued
      if inbox.suspendAsked {
        face.suspend()
        resized = true
      }
      if inbox.continued { face.retake() }
      // What was read is not parsed: the load ends here as cancelled, as the fetch's own
      // answer would have ended it, only without waiting for the page to be read.
      if inbox.interrupted, let running = load {
        running.cancel()
        load = nil
        face.loadEnded()
        let arrived = NavigationCommand.pageArrived(url: running.url, .failure(.cancelled))
        if let code = perform(navigator.update(&state, arrived)) { return code }
      }
      if resized, let code = perform(navigator.update(&state, .resize(face.viewport))) {
        return code
      }
      for (id, url, content) in inbox.laidOut where layingOut && id == layoutID {
        layingOut = false
        if let code = perform(navigator.update(&state, .pageLaidOut(url: url, content))) {
          return code
        }
      }
      for (id, url, result) in inbox.finished where id == load?.id {
        load = nil
        face.loadEnded()
        if let code = perform(navigator.update(&state, .pageArrived(url: url, result))) {
          return code
        }
      }
      if let load {
        let seconds = Double((clock.now - load.startedAt) / .milliseconds(1)) / 1000
        let progress = LoadProgress(seconds: seconds, bytes: inbox.bytes)
        if let code = perform(navigator.update(&state, .progress(url: load.url, progress))) {
          return code
        }
      }
    }
  }
}
