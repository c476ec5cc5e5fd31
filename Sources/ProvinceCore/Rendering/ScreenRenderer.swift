import CatalogModel
import PageReader
import TextSupport

/// The view: a navigation state drawn as lines of text, a pure function of the state.
public enum ScreenRenderer {
  /// Rows a menu screen spends on other things than items: path, blank line, blank line,
  /// message, hints and the prompt.
  public static let chromeRows = 6

  public static func render(_ state: NavigationState, navigator: Navigator, style: TextStyle)
    -> [String]
  {
    let width = state.viewport.columns
    var lines = [
      style.bold(TerminalText.truncate(path(state, navigator: navigator), toWidth: width)), "",
    ]
    if state.showingHelp {
      lines += help.map { TerminalText.truncate($0, toWidth: width) }
    } else if !state.top.isMenu {
      let (header, body) = pageSections(state, navigator: navigator)
      let rows = max(1, state.viewport.rows - chromeRows - header.count)
      let start = min(state.top.page * rows, body.count)
      lines += header.map { TerminalText.truncate($0, toWidth: width) }
      lines += body[start..<min(body.count, start + rows)]
    } else {
      let layout = navigator.layout(state)
      lines += layout.lines(
        labels: navigator.labels(for: state.top), page: state.top.page, style: style)
    }
    lines.append("")
    if let message = state.message {
      lines.append(style.warning(TerminalText.truncate(message, toWidth: width)))
    }
    lines.append(
      style.dim(TerminalText.truncate(hints(state, navigator: navigator), toWidth: width)))
    return lines
  }

  /// `省份信息 › 广东省 › 广州市`, with filters and searches shown where they were made.
  public static func path(_ state: NavigationState, navigator: Navigator) -> String {
    let catalog = navigator.catalog
    var crumbs: [String] = []
    for screen in state.stack {
      let crumb: String
      switch screen.kind {
      case .provinces: crumb = "省份信息"
      case .cities(let province, _): crumb = catalog.provinces[province].name
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
      // A filtered list stands where its unfiltered list was; the filter names it.
      crumbs.append(screen.filter.map { "“\($0)”" } ?? crumb)
    }
    return crumbs.map(TerminalText.sanitize).joined(separator: " › ")
  }

  static func hints(_ state: NavigationState, navigator: Navigator) -> String {
    var parts: [String] = []
    let pages = navigator.pageCount(state)
    if pages > 1 { parts.append("page \(state.top.page + 1)/\(pages), n/p or Enter") }
    if state.top.isMenu {
      parts += ["number: choose", "text: filter", "/text: search"]
    } else {
      parts += ["l links", "number: follow", "r reload", "o open"]
    }
    if state.stack.count > 1 { parts += ["b back", "t top"] }
    parts += ["? help", "q quit"]
    return parts.joined(separator: " · ")
  }

  /// A page screen in two parts: the fixed header (the city, the response's facts) and
  /// the body that is paged (the page text, or its links).
  public static func pageSections(_ state: NavigationState, navigator: Navigator) -> (
    header: [String], body: [String]
  ) {
    var rows: [[String]] = []
    if case .detail(let ref) = state.top.kind {
      let city = navigator.catalog[ref]
      rows.append(["Province", navigator.catalog.provinces[ref.province].name])
      rows.append(["City", city.name])
      if let code = city.code { rows.append(["Code", code]) }
      let pinyin = navigator.matcher.pinyin(of: ref)
      if !pinyin.isEmpty { rows.append(["Pinyin", pinyin]) }
    }
    let url = navigator.pageURL(of: state.top) ?? ""
    rows.append(["URL", URLText.ascii(url)])
    var header = rows.map {
      "  " + TerminalText.pad($0[0], toWidth: 9) + TerminalText.sanitize($0[1])
    }
    switch state.pages[url] {
    case .loaded(let content):
      let summary = PageText.summary(content)
      header += zip(["Status", ""], summary).map { "  " + TerminalText.pad($0, toWidth: 9) + $1 }
      header.append("")
      return (header, state.top.showingLinks ? linkList(content) : PageText.body(content))
    case .loading:
      return (header + ["  " + TerminalText.pad("Status", toWidth: 9) + "loading…"], [])
    case nil:
      return (header, [])
    }
  }

  private static func linkList(_ content: PageContent) -> [String] {
    let links = PageText.links(content)
    return links.isEmpty ? ["(This page has no links.)"] : links
  }

  static let help = [
    "On a city's page:",
    "  Enter, n, p next and previous page of text    l  the page's links (again: the text)",
    "  <number>    follow that link                  r  reload    o  open in the browser",
    "In a menu:",
    "  <number>    choose that item",
    "  <text>      keep the items matching a name, pinyin or initials (gd, guangzhou)",
    "  /<text>     search every city of every province",
    "  n, p        next and previous page (Enter: next page)",
    "Anywhere:",
    "  b, back, .. go back one screen      t, top   back to the provinces",
    "  ?, h        this help (again to close it)",
    "  q, quit     leave (also Ctrl-D; Ctrl-C leaves at once)",
  ]
}
