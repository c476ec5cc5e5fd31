import CatalogModel
import PageReader
import TerminalUI
import TextSupport

/// The commands of both views (a full-screen key, or a word typed in line mode that names
/// one), dispatched to the room that does each: moves (`+Moves`), the menu's filter
/// (`+Filter`), the whole tree's search (`+TreeSearch`), a page's search and its history
/// (`+PageSearch`), links (`+Links`), a page's lists (`+Lists`), its two views
/// (`+PageView`), resizes (`+Resize`) and the pages kept laid out (`+PageRelease`).
extension Navigator {
  /// How long a number typed waits for its next digit, as fzf's and vim's counts do not
  /// but a user who paused expects.
  public static let numberTimeout = Duration.seconds(1)

  func apply(_ state: inout NavigationState, _ command: NavigationCommand)
    -> NavigationEffect
  {
    let rows = state.contentRows
    switch command {
    case .move(let delta):
      move(by: delta, in: &state)
    case .moveScreen(let screens):
      move(by: screens * rows, in: &state)
    case .moveHalfScreen(let halves):
      move(by: halves * max(1, rows / 2), in: &state)
    case .moveToEnd(let last):
      move(by: last ? Int.max / 2 : -Int.max / 2, in: &state)
    case .choose:
      return choose(in: &state)
    case .escape where !state.top.isMenu && state.top.editor != nil:
      // Esc leaves the page search being typed, and only that.
      state.top.editor = nil
    case .escape where !state.top.number.isEmpty:
      state.top.number = ""
      state.top.numberDeadline = nil
    case .escape
    where !state.top.isMenu && state.top.pageQuery != nil && !state.top.showingLinks
      && !state.top.showingHeadings:
      // One step at a time: the match (and its message) first, the page after.
      state.top.pageQuery = nil
      state.top.matchLine = nil
    case .escape:
      // Number, match and page search are cleared above; what is left is the table's.
      switch StepKeys.action(.escape, in: StepKeys.situation(state)) {
      case .clear:
        if state.top.isMenu && !state.top.filterIsEmpty { clearFilter(in: &state) }
      case .leave:
        // The last step back, as in fzf: Esc on the first screen, nothing typed, leaves.
        return .exit(.success)
      case .back, .closeList:
        return leave(&state)
      case .text, nil:
        break
      }
    case .clear where StepKeys.situation(state).clearable:
      // Esc's first step, taken by the same code: a filter or a page's match cleared.
      return apply(&state, .escape)
    case .clear:
      state.message = "Nothing to clear here."
    case .edit(let key) where !state.top.isMenu:
      state.top.editor?.handle(key)
    case .edit(let key):
      editFilter(key, in: &state)
    case .digit(let digit):
      jump(digit, in: &state)
    case .startSearch where !state.top.isMenu:
      state.top.editor = LineEditor()
      state.findHistoryPosition = nil
    case .findHistory(let step) where !state.top.isMenu && state.top.editor != nil:
      recallSearch(step, in: &state)
    case .click(let row, let column) where !state.top.isMenu:
      return click(row: row, column: column, in: &state)
    case .nextMatch, .previousMatch:
      findMatch(forward: command == .nextMatch, in: &state)
    case .startSearch:
      // An empty query lists the cities, as fzf lists everything before a key; a filter
      // that matched nothing here is searched for everywhere, as its message offered.
      let text = (state.top.editor?.text ?? "").trimmingSpaces
      let carried = !text.isEmpty && itemCount(of: state.top) == 0 ? text : ""
      var screen = Screen(
        .search(query: carried, carried.isEmpty ? catalog.allCities : searchResults(carried)))
      screen.editor = LineEditor(text: carried)
      state.stack.append(screen)
    case .nextLink, .previousLink:
      focusLink(forward: command == .nextLink, in: &state)
    case .links:
      toggleLinks(in: &state)
    case .headings:
      toggleHeadings(in: &state)
    case .toggleView:
      if let effect = toggleView(in: &state) { return effect }
    case .reload:
      guard let url = pageURL(of: state.top) else { break }
      // The page that comes is shown in the view it was read in, at the same line.
      if case .loaded(let content) = state.pages[url] {
        state.top.reloadView = content.view
        state.top.reloadScroll = state.top.scroll
      }
      state.progress = nil
      state.top.pendingView = nil
      state.top.page = 0
      state.top.scroll = 0
      return fetch(url, for: state.top, in: &state)
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

  func choose(in state: inout NavigationState) -> NavigationEffect {
    state.top.number = ""
    if !state.top.isMenu, let editor = state.top.editor {
      state.top.editor = nil
      let query = editor.text.trimmingSpaces
      state.top.pageQuery = query.isEmpty ? nil : query
      state.findHistoryPosition = nil
      if !query.isEmpty && state.findHistory.last != query {
        state.findHistory.append(query)
        state.findHistory.removeFirst(
          max(0, state.findHistory.count - NavigationState.findHistoryLimit))
      }
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
    if state.top.showingHeadings {
      goToHeading(in: &state)
      return .render
    }
    guard let focus = state.top.focusedLink else {
      let (tab, list) = (CommandTable.key(.nextLink), CommandTable.key(.links))
      state.message = "\(tab) moves to a link; \(list) lists them."
      return .render
    }
    return follow(link: focus, in: &state)
  }
}
