import PageReader
import TerminalUI
import TextSupport

/// The commands of full-screen keys: a selection and a scroll position per screen, a
/// filter typed into the menu, links focused and followed. Layout follows the state.
extension Navigator {
  func fullScreenUpdate(_ state: inout NavigationState, _ command: NavigationCommand)
    -> NavigationEffect
  {
    let rows = state.contentRows
    switch command {
    case .move(let delta):
      move(by: delta, in: &state)
    case .moveScreen(let screens):
      move(by: screens * rows, in: &state)
    case .moveToEnd(let last):
      move(by: last ? Int.max / 2 : -Int.max / 2, in: &state)
    case .choose:
      return choose(in: &state)
    case .escape where !state.top.isMenu && state.top.editor != nil:
      // Esc leaves the page search being typed, and only that.
      state.top.editor = nil
    case .escape:
      if !state.top.filterIsEmpty {
        edit(in: &state) { $0.clear() }
      } else {
        return leave(&state)
      }
    case .edit(let key) where !state.top.isMenu:
      state.top.editor?.handle(key)
    case .edit(let key):
      edit(in: &state) { $0.handle(key) }
    case .digit(let digit):
      jump(digit, in: &state)
    case .startSearch where !state.top.isMenu:
      state.top.editor = LineEditor()
    case .nextMatch, .previousMatch:
      findMatch(forward: command == .nextMatch, in: &state)
    case .startSearch:
      var screen = Screen(.search(query: "", []))
      screen.editor = LineEditor()
      state.stack.append(screen)
    case .nextLink, .previousLink:
      focusLink(forward: command == .nextLink, in: &state)
    case .links:
      state.top.showingLinks.toggle()
      state.top.page = 0
      state.top.scroll = 0
    case .toggleView:
      toggleView(in: &state)
    case .reload:
      guard let url = pageURL(of: state.top) else { break }
      state.pages[url] = .loading
      state.progress = nil
      state.top.page = 0
      state.top.scroll = 0
      return .fetch(url: url)
    case .openInBrowser:
      guard let url = pageURL(of: state.top) else { break }
      return .open(url: url)
    case .interrupt:
      return .exit(.interrupted)
    case .suspend:
      return .suspend
    default:
      break
    }
    clampView(&state)
    return .render
  }

  /// Back one screen; leaving a page that is still loading cancels its fetch.
  func leave(_ state: inout NavigationState) -> NavigationEffect {
    guard state.stack.count > 1 else {
      state.message = "Already at the top."
      return .render
    }
    let left = state.stack.removeLast()
    // A resize since this screen was left may have taken its page away.
    state.top.page = min(state.top.page, pageCount(state) - 1)
    clampView(&state)
    if let url = pageURL(of: left), state.pages[url] == .loading,
      !state.stack.contains(where: { pageURL(of: $0) == url })
    {
      state.pages[url] = nil
      state.progress = nil
      return .cancel(url: url)
    }
    return .render
  }

  /// Keeps the selection on an item and in view, and the scroll within the content.
  func clampView(_ state: inout NavigationState) {
    let rows = state.contentRows
    if state.top.isMenu {
      let count = itemCount(of: state.top)
      var screen = state.top
      screen.selection = min(max(screen.selection, 0), max(count - 1, 0))
      if screen.selection < screen.scroll { screen.scroll = screen.selection }
      if screen.selection >= screen.scroll + rows { screen.scroll = screen.selection - rows + 1 }
      screen.scroll = min(max(screen.scroll, 0), max(count - rows, 0))
      state.top = screen
    } else {
      let count = pageSections(state).scrolled.count
      state.top.scroll = min(max(state.top.scroll, 0), max(count - rows, 0))
    }
  }

  private func move(by delta: Int, in state: inout NavigationState) {
    state.top.number = ""
    if state.top.isMenu {
      state.top.selection = clampedAdd(state.top.selection, delta)
    } else if state.top.showingLinks {
      let count = itemCount(state)
      guard count > 0 else { return }
      let focus = clampedAdd(state.top.focusedLink ?? -1, delta)
      state.top.focusedLink = min(max(focus, 0), count - 1)
      scrollToLinkLine(state.top.focusedLink ?? 0, in: &state)
    } else {
      state.top.scroll = clampedAdd(state.top.scroll, delta)
    }
  }

  private func clampedAdd(_ value: Int, _ delta: Int) -> Int {
    let (sum, overflow) = value.addingReportingOverflow(delta)
    return overflow ? (delta > 0 ? Int.max / 2 : 0) : sum
  }

  private func choose(in state: inout NavigationState) -> NavigationEffect {
    state.top.number = ""
    if !state.top.isMenu, let editor = state.top.editor {
      state.top.editor = nil
      let query = editor.text.trimmingCharacters(in: .whitespaces)
      state.top.pageQuery = query.isEmpty ? nil : query
      // A new search starts from the top of the window, that line included.
      state.top.matchLine = nil
      if !query.isEmpty { findMatch(forward: true, in: &state) }
      return .render
    }
    if state.top.isMenu {
      guard let next = screen(opening: state.top.selection, of: state.top.kind) else {
        state.message = "Nothing to open here."
        return .render
      }
      return push(next, in: &state)
    }
    guard let focus = state.top.focusedLink else {
      state.message = "Tab moves to a link; l lists them."
      return .render
    }
    return follow(link: focus, in: &state)
  }

  /// Follows link `index` of the page on top: a `#fragment` of this page scrolls to it,
  /// any other link is a new screen on the stack.
  private func follow(link index: Int, in state: inout NavigationState) -> NavigationEffect {
    guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url],
      content.linkTargets.indices.contains(index)
    else { return .render }
    let target = content.linkTargets[index]
    if target.isInPage {
      var shown = state
      shown.top.showingLinks = false
      guard let line = PageLinks.anchorLine(of: target, in: content, sections: pageSections(shown))
      else {
        let name = "#" + TerminalText.sanitize(target.fragment ?? "")
        state.message =
          content.rendered?.view == .reader
          ? "No \(name) in the reader view; v shows the whole page." : "No \(name) on this page."
        return .render
      }
      state.top.showingLinks = false
      state.top.scroll = line
      clampView(&state)
      return .render
    }
    return push(Screen(.link(target.url)), in: &state)
  }

  private func edit(in state: inout NavigationState, _ change: (inout LineEditor) -> Void) {
    guard state.top.isMenu else { return }
    var editor = state.top.editor ?? LineEditor()
    change(&editor)
    let text = editor.text.trimmingCharacters(in: .whitespaces)
    var screen = state.top
    screen.editor = editor
    screen.selection = 0
    screen.scroll = 0
    screen.number = ""
    if case .search = screen.kind {
      screen.kind = .search(query: text, text.isEmpty ? [] : matcher.search(text))
    } else {
      let base = screen.unfiltered ?? screen.kind
      screen.kind = text.isEmpty ? base : filtered(base, by: text)
      screen.unfiltered = text.isEmpty ? nil : base
    }
    state.top = screen
    if !text.isEmpty && itemCount(of: screen) == 0 {
      let shown = TerminalText.sanitize(text)
      state.message =
        if case .search = screen.kind { "No city matches '\(shown)'." } else {
          "Nothing here matches '\(shown)'; / searches every city."
        }
    }
  }

  /// `kind` narrowed to the items matching `text` by name, pinyin or initials.
  func filtered(_ kind: Screen.Kind, by text: String) -> Screen.Kind {
    switch kind {
    case .provinces(let indices): return .provinces(matcher.filter(text, provinces: indices))
    case .cities(let province, let refs):
      return .cities(province: province, matcher.filter(text, cities: refs))
    case .search(let query, let refs):
      return .search(query: query, matcher.filter(text, cities: refs))
    case .detail, .link: return kind
    }
  }

  private func jump(_ digit: Int, in state: inout NavigationState) {
    guard state.top.isMenu else { return }
    let digits = state.top.number + String(digit)
    let count = itemCount(of: state.top)
    if let number = Int(digits), number >= 1, number <= count {
      state.top.number = digits
      state.top.selection = number - 1
    } else {
      state.top.number = ""
      state.message = outOfRange(digits, count: count)
    }
  }

  private func focusLink(forward: Bool, in state: inout NavigationState) {
    guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url],
      !content.links.isEmpty
    else {
      state.message = "This page has no links."
      return
    }
    if state.top.showingLinks {
      move(by: forward ? 1 : -1, in: &state)
      return
    }
    let positions = PageLinks.positions(of: content, in: pageSections(state))
    guard !positions.isEmpty else {
      state.message = "No link is shown in the text; l lists them."
      return
    }
    let rows = state.contentRows
    let scroll = state.top.scroll
    let current =
      state.top.focusedMarker.flatMap {
        positions.indices.contains($0) && positions[$0].link == state.top.focusedLink ? $0 : nil
      } ?? positions.firstIndex { $0.link == state.top.focusedLink }
    let visible = current.map { (scroll..<scroll + rows).contains(positions[$0].line) } ?? false
    let next: Int
    if let current, visible {
      next =
        forward
        ? (current + 1) % positions.count : (current - 1 + positions.count) % positions.count
    } else if forward {
      next = positions.firstIndex { $0.line >= scroll } ?? 0
    } else {
      next = positions.lastIndex { $0.line < scroll + rows } ?? positions.count - 1
    }
    state.top.focusedLink = positions[next].link
    state.top.focusedMarker = next
    let line = positions[next].line
    if line < scroll || line >= scroll + rows { state.top.scroll = max(0, line - rows / 2) }
  }

  /// `v`: the page laid out again from its document in the other view. The line at the
  /// top of the window stays at the top when the other view has it (link marks aside,
  /// which are numbered again); else the text starts at the top.
  private func toggleView(in state: inout NavigationState) {
    guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url],
      PageSections.hasViews(content)
    else {
      state.message = "Only an HTML page has a reader view."
      return
    }
    if content.view == .reader && content.rendered?.view == .fullPage {
      state.message = "The reader found no article here; this is the whole page."
      return
    }
    let before = pageSections(state)
    let rows = state.contentRows
    let first = max(state.top.scroll, before.pageStart ?? .max)
    let shown = (first..<max(first, min(state.top.scroll + rows, before.scrolled.count))).map {
      ($0, Self.unmarked(before.scrolled[$0]))
    }
    let view: PageView = content.view == .reader ? .fullPage : .reader
    let changed = content.relaidOut(width: content.width, view: view)
    state.pages[url] = .loaded(changed)
    state.top.focusedLink = nil
    state.top.focusedMarker = nil
    state.top.matchLine = nil
    state.top.page = 0
    let after = pageSections(state)
    guard !state.top.showingLinks, let start = after.pageStart else {
      state.top.scroll = 0
      return
    }
    let lines = Array(after.scrolled[start...].map(Self.unmarked))
    let scroll = state.top.scroll
    // Above the text (the facts) nothing moves; in it, the first line shown that the
    // other view has too keeps its row, else the other view's text starts at the top.
    state.top.scroll = scroll < (before.pageStart ?? 0) ? scroll : start
    for (line, text) in shown
    where !text.trimmingCharacters(in: .whitespaces).isEmpty {
      if let found = lines.firstIndex(of: text) {
        state.top.scroll = max(0, start + found - (line - scroll))
        break
      }
    }
    state.message =
      view == .fullPage
      ? "The whole page; v: the reader view."
      : changed.rendered?.view == .fullPage
        ? "The reader found no article here; this is the whole page."
        : "The reader view; v: the whole page."
  }

  /// A line without its `[n]` link marks, which the two views number differently.
  private static func unmarked(_ line: String) -> String {
    line.replacing(#/\[\d+\]/#, with: "")
  }

  /// Scrolls the link list so that link `link`'s whole entry is in view (its first line
  /// when the entry is taller than the window).
  private func scrollToLinkLine(_ link: Int, in state: inout NavigationState) {
    let entries = pageSections(state).linkEntries
    guard entries.indices.contains(link) else { return }
    let entry = entries[link]
    let rows = state.contentRows
    if entry.upperBound > state.top.scroll + rows { state.top.scroll = entry.upperBound - rows }
    if entry.lowerBound < state.top.scroll { state.top.scroll = entry.lowerBound }
  }
}
