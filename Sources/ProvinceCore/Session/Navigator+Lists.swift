import CatalogModel
import PageReader
import TerminalUI
import TextSupport

/// A page's two lists over its text, `l` its links and `t` its headings: opened with the
/// entry of the line being read selected, closed back at that line.
extension Navigator {
  /// Back from a list over the text (links, headings) to the text, where it was left.
  private func returnToText(in state: inout NavigationState) {
    show(line: state.top.textScroll ?? 0, in: &state)
    state.top.textScroll = nil
    clampView(&state)
  }

  /// `l`: the link list, a screen of its own over the text (its own scroll, the link
  /// focused on the text selected in it), or the text again where it was left.
  func toggleLinks(in state: inout NavigationState) {
    if state.top.showingHeadings { toggleHeadings(in: &state) }
    state.top.page = 0
    if state.top.showingLinks {
      state.top.showingLinks = false
      returnToText(in: &state)
      return
    }
    state.top.textScroll = state.top.scroll
    state.top.showingLinks = true
    state.top.scroll = 0
    if itemCount(state) > 0 {
      state.top.focusedLink = min(max(state.top.focusedLink ?? 0, 0), itemCount(state) - 1)
      scrollToLinkLine(state.top.focusedLink ?? 0, in: &state)
    }
    clampView(&state)
    state.top.page = textPage(showing: state.top.scroll, in: state)
  }

  /// `t`: the page's headings, a list of their own over the text with the section being
  /// read selected, from the model's side table; or the text again where it was left.
  func toggleHeadings(in state: inout NavigationState) {
    if state.top.showingHeadings {
      state.top.showingHeadings = false
      returnToText(in: &state)
      return
    }
    guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url] else {
      return
    }
    if state.top.showingLinks { toggleLinks(in: &state) }
    let headings = content.model.headings
    guard !headings.isEmpty else {
      state.message = "This page has no headings."
      return
    }
    let line = state.top.scroll - pageSections(state).textStart
    // The section being read: the last heading at or above the top of the window.
    let current =
      Bisection.firstIndex(in: headings.count) { headings[$0].line > line } - 1
    state.top.textScroll = state.top.scroll
    state.top.showingHeadings = true
    state.top.focusedHeading = max(0, current)
    state.top.scroll = 0
    scrollToLinkLine(max(0, current), in: &state)
    clampView(&state)
    state.top.page = textPage(showing: state.top.scroll, in: state)
  }

  /// Enter in the headings list: the text again, scrolled to the heading chosen. A step
  /// in history, as a `#fragment` is: back returns to where the list was opened.
  func goToHeading(in state: inout NavigationState) {
    guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url],
      let focus = state.top.focusedHeading, content.model.headings.indices.contains(focus)
    else { return }
    let from = state.top.textScroll ?? 0
    state.top.showingHeadings = false
    state.top.textScroll = nil
    state.top.returnScroll.append(from)
    show(line: pageSections(state).textStart + content.model.headings[focus].line, in: &state)
    clampView(&state)
  }
}
