import CatalogModel
import PageReader
import TerminalUI
import TextSupport

/// A page's links: focused (Tab, a number typed, a click) and followed, a `#fragment` of
/// the page scrolled to as a step back can return from.
extension Navigator {
  /// Follows link `index` of the page on top: a `#fragment` of this page scrolls to it,
  /// any other link is a new screen on the stack.
  func follow(link index: Int, in state: inout NavigationState) -> NavigationEffect {
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
          ? "No \(name) in the reader view; \(CommandTable.key(.toggleView)) shows the whole page."
          : "No \(name) on this page."
        return .render
      }
      // A step in history: back returns to the line (and the list) it was followed from.
      if state.top.showingLinks { toggleLinks(in: &state) }
      state.top.returnScroll.append(state.top.scroll)
      show(line: line, in: &state)
      clampView(&state)
      return .render
    }
    return push(Screen(.link(target.url)), in: &state)
  }

  /// A click on the page's text: the link whose text or mark is under it is followed (its
  /// cells come from the model's side table, as the frame draws them); elsewhere nothing.
  func click(row: Int, column: Int, in state: inout NavigationState) -> NavigationEffect {
    guard !state.top.showingLinks, !state.top.showingHeadings, state.top.editor == nil else {
      return .render
    }
    let sections = pageSections(state)
    guard let model = sections.model else { return .render }
    let line = state.top.scroll + row - sections.textStart
    guard line >= 0 else { return .render }
    guard
      let cell = model.cells(onLines: line..<(line + 1)).first(where: {
        $0.columns.contains(column)
      })
    else { return .render }
    let link = model.positions[cell.position].link
    state.top.focusedLink = link
    return follow(link: link, in: &state)
  }

  /// The link (an index into the page's links) that `digits` name, read alike for both
  /// views (line mode's `12`, the full screen's digits so far): nil, with one message, for
  /// a page not yet here or a link that is not there, and then no link is left selected,
  /// so Enter cannot follow one the first digits named (`9999` on a page of twelve links
  /// left [9] selected).
  func linkNumber(_ digits: String, in state: inout NavigationState) -> Int? {
    guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url] else {
      state.message = "The page has not arrived."
      return nil
    }
    let count = content.linkTargets.count
    guard let number = Int(digits), number >= 1, number <= count else {
      state.top.focusedLink = nil
      state.top.focusedMarker = nil
      state.top.number = ""
      state.top.numberDeadline = nil
      let shown = digits.count > 12 ? String(digits.prefix(12)) + "…" : digits
      state.message =
        count == 0 ? "This page has no links." : "No link [\(shown)]: links are 1–\(count)."
      return nil
    }
    return number - 1
  }

  /// A digit on a page or in its link list, as lynx has it: link N (the digits so far) is
  /// selected, shown, and Enter follows it; another digit within the second adds to it.
  func jumpToLink(_ digit: Int, in state: inout NavigationState) {
    guard !state.top.showingHeadings else { return }
    let digits = state.top.number + String(digit)
    guard let index = linkNumber(digits, in: &state) else { return }
    let number = index + 1
    state.top.number = digits
    state.top.numberDeadline = state.now + Self.numberTimeout
    state.top.focusedLink = number - 1
    if state.top.showingLinks {
      scrollToLinkLine(number - 1, in: &state)
      return
    }
    let sections = pageSections(state)
    guard let model = sections.model,
      let marker = model.positions.firstIndex(where: { $0.link == number - 1 })
    else { return }
    state.top.focusedMarker = marker
    let line = model.positions[marker].line + sections.textStart
    let rows = state.contentRows
    if line < state.top.scroll || line >= state.top.scroll + rows {
      state.top.scroll = max(0, line - rows / 2)
    }
  }

  func focusLink(forward: Bool, in state: inout NavigationState) {
    guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url],
      !content.linkTargets.isEmpty
    else {
      state.message = "This page has no links."
      return
    }
    if state.top.showingLinks {
      move(by: forward ? 1 : -1, in: &state)
      return
    }
    let sections = pageSections(state)
    guard let model = sections.model, !model.positions.isEmpty else {
      state.message = "No link is shown in the text; \(CommandTable.key(.links)) lists them."
      return
    }
    // Positions are the model's, in lines of its text; the window is in lines of the
    // screen, which has the facts above the text.
    let offset = sections.textStart
    let positions = model.positions
    let rows = state.contentRows
    let scroll = state.top.scroll
    let focused = state.top.focusedLink
    let current =
      state.top.focusedMarker.flatMap {
        positions.indices.contains($0) && positions[$0].link == focused ? $0 : nil
      } ?? focused.flatMap { link in positions.firstIndex { $0.link == link } }
    let visible =
      current.map { (scroll..<scroll + rows).contains(positions[$0].line + offset) } ?? false
    let next: Int
    if let current, visible {
      next =
        forward
        ? (current + 1) % positions.count : (current - 1 + positions.count) % positions.count
    } else if forward {
      next = model.firstPosition(atOrBelow: scroll - offset) ?? 0
    } else {
      next = model.lastPosition(above: scroll + rows - offset) ?? positions.count - 1
    }
    state.top.focusedLink = positions[next].link
    state.top.focusedMarker = next
    let line = positions[next].line + offset
    if line < scroll || line >= scroll + rows { state.top.scroll = max(0, line - rows / 2) }
  }

  /// Scrolls the link list so that link `link`'s whole entry is in view (its first line
  /// when the entry is taller than the window).
  func scrollToLinkLine(_ link: Int, in state: inout NavigationState) {
    guard let entry = pageSections(state).linkEntry(link) else { return }
    let rows = state.contentRows
    if entry.upperBound > state.top.scroll + rows { state.top.scroll = entry.upperBound - rows }
    if entry.lowerBound < state.top.scroll { state.top.scroll = entry.lowerBound }
  }
}
