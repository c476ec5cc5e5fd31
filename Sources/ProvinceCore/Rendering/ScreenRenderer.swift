/// The view: a navigation state drawn as lines of text, a pure function of the state.
public enum ScreenRenderer {
  /// Rows a menu screen spends on other things than items: path, blank line, blank line,
  /// message, hints and the prompt.
  public static let chromeRows = 6

  public static func render(_ state: NavigationState, navigator: Navigator, style: TextStyle) -> [String] {
    let width = state.viewport.columns
    var lines = [style.bold(TerminalText.truncate(path(state, navigator: navigator), toWidth: width)), ""]
    if state.showingHelp {
      lines += help.map { TerminalText.truncate($0, toWidth: width) }
    } else if case .detail(let ref) = state.top.kind {
      lines += detail(ref, navigator: navigator, width: width)
    } else {
      let layout = navigator.layout(state)
      lines += layout.lines(labels: navigator.labels(for: state.top), page: state.top.page, style: style)
    }
    lines.append("")
    if let message = state.message {
      lines.append(style.warning(TerminalText.truncate(message, toWidth: width)))
    }
    lines.append(style.dim(TerminalText.truncate(hints(state, navigator: navigator), toWidth: width)))
    return lines
  }

  /// `省份信息 › 广东省 › 广州市`, with filters and searches shown where they were made.
  public static func path(_ state: NavigationState, navigator: Navigator) -> String {
    let catalog = navigator.catalog
    var crumbs: [String] = []
    for screen in state.stack {
      var crumb: String
      switch screen.kind {
      case .provinces: crumb = "省份信息"
      case .cities(let province, _): crumb = catalog.provinces[province].name
      case .search(let query, _): crumb = "/" + query
      case .detail(let ref): crumb = catalog[ref].name
      }
      if let filter = screen.filter {
        crumbs.append("“\(filter)”")
        continue
      }
      crumb = TerminalText.sanitize(crumb)
      crumbs.append(crumb)
    }
    return crumbs.map(TerminalText.sanitize).joined(separator: " › ")
  }

  static func hints(_ state: NavigationState, navigator: Navigator) -> String {
    var parts: [String] = []
    let pages = navigator.pageCount(state)
    if pages > 1 { parts.append("page \(state.top.page + 1)/\(pages), n/p or Enter") }
    if state.top.isMenu {
      parts += ["number: choose", "text: filter", "/text: search"]
    }
    if state.stack.count > 1 { parts += ["b back", "t top"] }
    parts += ["? help", "q quit"]
    return parts.joined(separator: " · ")
  }

  static func detail(_ ref: CityRef, navigator: Navigator, width: Int) -> [String] {
    let city = navigator.catalog[ref]
    var rows: [[String]] = [
      ["Province", navigator.catalog.provinces[ref.province].name],
      ["City", city.name],
    ]
    if let code = city.code { rows.append(["Code", code]) }
    let pinyin = navigator.matcher.pinyin(of: ref)
    if !pinyin.isEmpty { rows.append(["Pinyin", pinyin]) }
    rows.append(["URL", URLText.ascii(city.url)])
    return rows.map { row in
      let line = "  " + TerminalText.pad(row[0], toWidth: 9) + TerminalText.sanitize(row[1])
      return TerminalText.truncate(line, toWidth: width)
    }
  }

  static let help = [
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
