import CatalogModel
import PageReader
import TerminalUI
import TextSupport

/// Moves: the selection, the scroll and the focus within the screen on top, kept in bounds
/// (`clampView`); a digit's jump to an item; back one step.
extension Navigator {
  /// Back one step; leaving a page that is still loading cancels its fetch. On a page,
  /// its link or headings list closes first, then each `#fragment` followed returns to
  /// where it was followed from, and only then does the page go.
  func leave(_ state: inout NavigationState) -> NavigationEffect {
    if !state.top.isMenu {
      if state.top.showingLinks {
        toggleLinks(in: &state)
        return .render
      }
      if state.top.showingHeadings {
        toggleHeadings(in: &state)
        return .render
      }
      if let line = state.top.returnScroll.popLast() {
        show(line: line, in: &state)
        clampView(&state)
        return .render
      }
    }
    guard state.stack.count > 1 else {
      state.message = "Already at the top."
      return .render
    }
    let left = state.stack.removeLast()
    // The filter the list was left with is there again, selected: typing starts anew.
    if state.top.isMenu && !state.top.filterIsEmpty { state.top.filterSelected = true }
    let cancels =
      pageURL(of: left).map { url in
        state.pages[url] == .loading && !state.stack.contains(where: { pageURL(of: $0) == url })
      } ?? false
    // A page shown again is laid out again if the window changed size while it was away,
    // or read again if it was released: full screen off the UI thread (the old layout
    // shown until then).
    let layout = layOutTop(&state)
    // A resize since this screen was left may have taken its page away; a released page
    // keeps the page it was left at until its lines are back (`laidOut` clamps it then).
    if !isReleased(state) { state.top.page = min(state.top.page, pageCount(state) - 1) }
    clampView(&state)
    if cancels, let url = pageURL(of: left) {
      state.pages[url] = nil
      state.progress = nil
      // One effect a step: the layout, where one is wanted, and the shell stops the load
      // all the same, as it stops any whose page is no longer loading.
      return layout ?? .cancel(url: url)
    }
    return layout ?? .render
  }

  /// Whether the page on top was released and is being read and laid out again.
  func isReleased(_ state: NavigationState) -> Bool {
    guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url] else {
      return false
    }
    return !content.isLaidOut
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
    } else if let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url],
      !content.isLaidOut
    {
      // Released, being laid out again: the scroll it was left at waits for its lines.
      return
    } else {
      let count = pageSections(state).count
      state.top.scroll = min(max(state.top.scroll, 0), max(count - rows, 0))
    }
  }

  func move(by delta: Int, in state: inout NavigationState) {
    state.top.number = ""
    if state.top.isMenu {
      state.top.selection = clampedAdd(state.top.selection, delta)
    } else if state.top.showingHeadings {
      guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url],
        !content.model.headings.isEmpty
      else { return }
      let focus = clampedAdd(state.top.focusedHeading ?? -1, delta)
      state.top.focusedHeading = min(max(focus, 0), content.model.headings.count - 1)
      scrollToLinkLine(state.top.focusedHeading ?? 0, in: &state)
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

  func jump(_ digit: Int, in state: inout NavigationState) {
    guard state.top.isMenu else {
      jumpToLink(digit, in: &state)
      return
    }
    let digits = state.top.number + String(digit)
    let count = itemCount(of: state.top)
    if let number = Int(digits), number >= 1, number <= count {
      state.top.number = digits
      // Another digit may follow within the second; after it, a digit starts anew.
      state.top.numberDeadline = state.now + Self.numberTimeout
      state.top.selection = number - 1
    } else {
      state.top.number = ""
      state.top.numberDeadline = nil
      state.message = outOfRange(digits, count: count)
    }
  }
}
