import CatalogModel
import PageReader
import TerminalUI
import TextSupport

/// `v`: a page's reader view or the whole page, laid out off the UI thread, the line at the
/// top of the window kept where the other view has it.
extension Navigator {
  /// `v`: the page laid out again from its document in the other view, off the UI thread
  /// (`.layOut`), the screen showing the view it has until the other comes
  /// (`viewLaidOut`); `v` again meanwhile stays in this view.
  func toggleView(in state: inout NavigationState) -> NavigationEffect? {
    guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url],
      PageSections.hasViews(content)
    else {
      state.message = "Only an HTML page has a reader view."
      return nil
    }
    if state.top.pendingView != nil {
      state.top.pendingView = nil
      return nil
    }
    if content.view == .reader && content.rendered?.view == .fullPage {
      state.message = "The reader found no article here; this is the whole page."
      return nil
    }
    if state.top.showingHeadings { toggleHeadings(in: &state) }
    let before = pageSections(state)
    let rows = state.contentRows
    let first = max(state.top.scroll, before.pageStart ?? .max)
    let shown = first..<max(first, min(state.top.scroll + rows, before.count))
    let view: PageView = content.view == .reader ? .fullPage : .reader
    let pending = PendingView(
      view: view, rows: Array(shown), lines: shown.map { Self.unmarked(before.line($0)) },
      scroll: state.top.scroll, pageStart: before.pageStart)
    let width = layoutWidth(view, in: state.viewport)
    state.top.pendingView = pending
    return .layOut(url: url, width: width, view: view)
  }

  /// A layout asked for by `v` (or for the window's width since): shown, keeping the top
  /// line; laid out again if the window changed width meanwhile; nil when it is not one.
  func viewLaidOut(_ content: PageContent, url: String, in state: inout NavigationState)
    -> NavigationEffect?
  {
    guard pageURL(of: state.top) == url, let pending = state.top.pendingView,
      pending.view == content.view, !content.isWindow,
      case .loaded(let shown) = state.pages[url], shown.size == content.size
    else { return nil }
    let width = layoutWidth(pending.view, in: state.viewport)
    guard content.width == width else {
      return .layOut(url: url, width: width, view: pending.view)
    }
    state.top.pendingView = nil
    showView(content, url: url, as: pending, in: &state)
    clampView(&state)
    return .render
  }

  /// The other view's layout on screen: the line at the top of the window stays at the
  /// top when the other view has it (link marks aside, which are numbered again); else
  /// the text starts at the top.
  private func showView(
    _ changed: PageContent, url: String, as pending: PendingView, in state: inout NavigationState
  ) {
    let view = pending.view
    let shown = zip(pending.rows, pending.lines)
    let before = (pageStart: pending.pageStart, scroll: pending.scroll)
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
    let scroll = before.scroll
    // Above the text (the facts) nothing moves; in it, the first line shown that the
    // other view has too keeps its row, else the other view's text starts at the top.
    state.top.scroll = scroll < (before.pageStart ?? 0) ? scroll : start
    found: for (line, text) in shown where !text.trimmingSpaces.isEmpty {
      for index in start..<after.count where Self.unmarked(after.line(index)) == text {
        state.top.scroll = max(0, index - (line - scroll))
        break found
      }
    }
    let toggle = CommandTable.key(.toggleView)
    state.message =
      view == .fullPage
      ? "The whole page; \(toggle): the reader view."
      : changed.rendered?.view == .fullPage
        ? "The reader found no article here; this is the whole page."
        : "The reader view; \(toggle): the whole page."
  }

  /// A line without its `[n]` link marks, which the two views number differently.
  private static func unmarked(_ line: String) -> String {
    line.utf8.contains(UInt8(ascii: "[")) ? line.replacing(#/\[\d+\]/#, with: "") : line
  }
}
