import CatalogModel
import Foundation
import ProvinceCore
import TerminalUI
import TextSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The read–eval loop: reads a line, lets the navigator update, performs the effect, draws.
struct InteractiveSession {
  let navigator: Navigator
  let options: Options
  let session: SessionPlan

  init(catalog: Catalog, matcher: Matcher, options: Options, session: SessionPlan) {
    navigator = Navigator(
      catalog: catalog, matcher: matcher, mode: session.mode, pageWidth: session.pageWidth,
      start: session.start)
    self.options = options
    self.session = session
  }

  func run() -> ExitCode {
    if let fullScreen = FullScreenSession.make(
      navigator: navigator, options: options, linesAsked: session.linesAsked)
    {
      return fullScreen.run()
    }
    // --pick draws on stderr so that stdout carries only the answer.
    let screen = navigator.mode == .pick ? StandardStream.error : StandardStream.output
    let input = LineReader(fd: inputDescriptor())
    let style = TextStyle(
      enabled: TextStyle.wanted(
        isTerminal: screen.isTerminal, environment: Terminal.environment, noColor: options.noColor))
    let redraws = screen.isTerminal && !Terminal.isDumb
    var state = navigator.start(viewport: Terminal.viewport(fd: screen.fd))
    let loader = PageLoader(options: options)

    // A transcript (nothing redrawn) writes a page's facts once: the page screen last
    // written (its depth in the stack and URL) and the fact lines written for it.
    var written: (depth: Int, url: String, facts: [String])?
    func draw(prompt: Bool) {
      let viewport = Terminal.viewport(fd: screen.fd)
      if viewport != state.viewport {
        _ = navigator.update(&state, .resize(viewport))
      }
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
      screen.write(frame + (prompt ? "\n> " : "\n"))
      screen.flush()
    }

    var effect = NavigationEffect.render
    while true {
      switch effect {
      case .render:
        draw(prompt: true)
        let line = input.readLine()
        if input.refusedLongLine {
          StandardStream.error.write(
            "browse: an input line is longer than \(LineReader.maximumLine / 1024) KB; stopping\n")
          return .dataError
        }
        if !input.isTerminal {
          screen.write((line.map(TerminalText.sanitize) ?? "") + "\n")
        } else if line == nil {
          screen.write("\n")
        }
        effect = navigator.update(&state, line.map(NavigationCommand.parse) ?? .quit)
      case .fetch(let url, let parents):
        draw(prompt: false)
        // A disambiguation page: the entry naming the division's parent instead.
        switch loader.load(url, parents: parents).outcome {
        case .success(let loaded):
          let layout = navigator.pageLayout(for: url, in: state)
          let content = PageContent(
            loaded.page, width: layout.width, view: layout.view, note: loaded.note)
          effect = navigator.update(&state, .pageLoaded(url: url, content))
        case .failure(let error):
          let message = FetchReport.message(error)
          if case .http(404, _, _) = error {
            effect = navigator.update(&state, .pageNotFound(url: url, message: message))
          } else {
            effect = navigator.update(&state, .pageFailed(url: url, message: message))
          }
        }
      case .open(let url):
        let outcome = BrowserLauncher.open(url)
        effect = navigator.update(&state, .notice(OpenReport.notice(outcome, url: url)))
      case .layOut(let url, let width, let view):
        // Line mode has no screen to keep answering: the layout is made here and now.
        guard case .loaded(let content) = state.pages[url] else {
          effect = .render
          break
        }
        let laid = content.relaidOut(width: width, view: view)
        effect = navigator.update(&state, .pageLaidOut(url: url, laid))
      case .cancel, .suspend:
        // Line mode loads in the foreground and never suspends itself: nothing to do.
        effect = .render
      case .exit(let code):
        screen.flush()
        return navigator.exitCode(code)
      case .picked(let ref):
        screen.flush()
        let format = options.format ?? .url
        for text in ListFormatter.cities([ref], in: navigator.catalog, format: format) {
          StandardStream.output.write(text)
        }
        return .success
      }
    }
  }

  /// Standard input, except that --pick reads the terminal when stdin is not one (as fzf does).
  private func inputDescriptor() -> Int32 {
    if navigator.mode == .pick && isatty(0) != 1 {
      let tty = open("/dev/tty", O_RDONLY)
      if tty >= 0 { return tty }
    }
    return 0
  }
}
