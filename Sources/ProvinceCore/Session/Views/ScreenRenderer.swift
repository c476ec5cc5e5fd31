import TextSupport

/// The line-mode view: a navigation state drawn as lines of text, a pure function of the
/// state. What the page holds and how far it pages is the model's (`pageSections`).
public enum ScreenRenderer {
  /// The lines of `state`. `shownFacts`, in a transcript (a pipe or file, where nothing is
  /// redrawn), are the fact lines this page screen's last frame already wrote: the path
  /// and those lines are left out, so that a page's facts are written once however often
  /// it is drawn (loading, then loaded; page 2 of its text).
  public static func render(
    _ state: NavigationState, navigator: Navigator, style: TextStyle, shownFacts: [String]? = nil
  ) -> [String] {
    let width = state.viewport.columns
    let continued = shownFacts != nil && !state.showingHelp && !state.top.isMenu
    var lines =
      continued
      ? []
      : [style.bold(TerminalText.truncate(path(state, navigator: navigator), toWidth: width)), ""]
    if state.showingHelp {
      lines += help.map { TerminalText.truncate($0, toWidth: width) }
    } else if !state.top.isMenu {
      let (header, body) = {
        let sections = navigator.pageSections(state)
        return (sections.header, sections.body)
      }()
      let rows = max(1, state.contentRows - header.count)
      let start = min(navigator.linePage(state) * rows, body.count)
      let fitted = header.map { PageSections.fitted($0, toWidth: width) }
      let repeated =
        continued ? zip(fitted, shownFacts ?? []).prefix { $0 == $1 }.count : 0
      lines += fitted.dropFirst(repeated)
      lines += body[start..<min(body.count, start + rows)]
    } else {
      let layout = navigator.layout(state)
      lines += layout.lines(
        labels: navigator.labels(for: state.top), page: navigator.linePage(state), style: style)
    }
    lines.append("")
    if let message = state.message {
      lines.append(style.warning(TerminalText.truncate(message, toWidth: width)))
    }
    lines.append(
      style.dim(TerminalText.truncate(hints(state, navigator: navigator), toWidth: width)))
    return lines
  }

  /// The fact lines `render` writes above a page screen's text, as fitted to the window;
  /// nil for a menu or help.
  public static func facts(_ state: NavigationState, navigator: Navigator) -> [String]? {
    guard !state.showingHelp, !state.top.isMenu else { return nil }
    return navigator.pageSections(state).header.map {
      PageSections.fitted($0, toWidth: state.viewport.columns)
    }
  }

  /// `省份信息 › 广东省 › 广州市`, with searches shown where they were made, and the filter
  /// of the list on top after its name (`省份信息 “西”`): a filter narrows its list in
  /// place, so a list below, whose filter is kept for going back, is named as it is.
  public static func path(_ state: NavigationState, navigator: Navigator) -> String {
    let catalog = navigator.catalog
    var crumbs: [String] = []
    for (index, screen) in state.stack.enumerated() {
      let crumb: String
      switch screen.kind {
      case .provinces: crumb = "省份信息"
      case .cities(let province, _):
        crumb =
          navigator.countyListCity(screen).map { catalog[$0].name }
          ?? catalog.provinces[province].name
      case .search(let query, _): crumb = "/" + query
      case .detail(let ref): crumb = catalog[ref].name
      case .link(let url):
        if case .loaded(let content) = state.pages[url], let title = content.rendered?.title,
          !title.isEmpty
        {
          crumb = title
        } else {
          crumb = URLText.ascii(url)
        }
      }
      // A list narrowed in place keeps its name, the filter after it (a search's filter
      // is its query, named already).
      var filter = ""
      if case .search = screen.kind {
      } else if index == state.stack.count - 1, screen.isMenu,
        let text = screen.editor?.text.trimmingSpaces, !text.isEmpty
      {
        filter = " “" + TextCut.shown(text) + "”"
      }
      // As much of each name as a line shows: a name of megabytes costs what a line costs.
      crumbs.append(TextCut.shown(crumb) + filter)
    }
    return crumbs.joined(separator: " › ")
  }

  static func hints(_ state: NavigationState, navigator: Navigator) -> String {
    var parts: [String] = []
    let pages = navigator.pageCount(state)
    if pages > 1 {
      let words = CommandTable.pagingWords(isMenu: state.top.isMenu)
      parts.append(
        "page \(navigator.linePage(state) + 1)/\(pages), \(words.next)/\(words.previous) or Enter")
    }
    parts += CommandTable.hints(
      isMenu: state.top.isMenu, belowTop: state.stack.count > 1, keys: false,
      clearable: StepKeys.situation(state).clearable)
    return parts.joined(separator: " · ")
  }

  static var help: [String] { CommandTable.lineHelp }
}
