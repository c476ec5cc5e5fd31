import PageReader
import TerminalUI
import TextSupport

/// `/` on a page: the lines that hold the query, found in the laid-out lines (facts
/// included), without case; n and N go from one to the next, round the end.
extension Navigator {
  func findMatch(forward: Bool, in state: inout NavigationState) {
    guard let query = state.top.pageQuery else {
      state.message = "\(CommandTable.key(.startSearch)) searches this page."
      return
    }
    let hits = searchHits(query, in: &state)
    guard hits.count > 0 else {
      state.message = "'\(TerminalText.sanitize(query))' is not on this page."
      return
    }
    // From the screen being read, as less and vim do: the match last found while it is
    // still in the window (it may be in view below the top, near the end), else the top
    // of the window (n finds what is at or below it, N what is above it).
    let rows = state.contentRows
    let window = state.top.scroll..<(state.top.scroll + rows)
    let from: Int
    if let last = state.top.matchLine, window.contains(last) {
      from = last
    } else {
      from = forward ? state.top.scroll - 1 : state.top.scroll
    }
    // The hits are sorted: the next is found by bisection, not by reading them all.
    let after = hits.firstIndex { $0 > from }
    let below = hits.firstIndex { $0 >= from }
    var index = forward ? after : below - 1
    if !(0..<hits.count).contains(index) {
      index = forward ? 0 : hits.count - 1
      state.message = forward ? "Search went on from the top." : "Search went on from the end."
    }
    let line = hits[index]
    state.top.matchLine = line
    show(line: line, in: &state)
    if state.message == nil { state.message = "Match \(index + 1) of \(hits.count)." }
    // In a list, as in lynx, the selection goes to the entry matched: Enter takes it.
    if state.top.showingLinks || state.top.showingHeadings {
      selectEntry(atLine: line, in: &state)
    }
  }

  /// Selects the link-list or headings-list entry that line `line` of the screen is in.
  private func selectEntry(atLine line: Int, in state: inout NavigationState) {
    let sections = pageSections(state)
    let entries = sections.bodyLinkEntries
    let offset = sections.header.count
    let index = Bisection.firstIndex(in: entries.count) { entries[$0].upperBound + offset > line }
    guard entries.indices.contains(index), entries[index].lowerBound + offset <= line else {
      return
    }
    if state.top.showingHeadings {
      state.top.focusedHeading = index
    } else {
      state.top.focusedLink = index
    }
  }

  /// The lines of the page screen that hold `query`, facts first. The page's own are
  /// found once for its layout and kept in its model, so n and N read them again
  /// without reading the page.
  private func searchHits(_ query: String, in state: inout NavigationState) -> SearchHits {
    let sections = pageSections(state)
    let header = PageSearch.lines(matching: query, in: sections.header)
    let offset = sections.header.count
    guard let url = pageURL(of: state.top), case .loaded(var content) = state.pages[url],
      sections.textStart == offset
    else {
      let body = PageSearch.lines(matching: query, in: sections.body)
      return SearchHits(header: header, body: body, offset: offset)
    }
    let inLinkList = state.top.showingLinks
    if let kept = content.model.search, kept.query == query, kept.inLinkList == inLinkList {
      return SearchHits(header: header, body: kept.lines, offset: offset)
    }
    let body = PageSearch.lines(matching: query, in: sections.body)
    content.model.search = PageModel.Search(query: query, inLinkList: inLinkList, lines: body)
    state.pages[url] = .loaded(content)
    return SearchHits(header: header, body: body, offset: offset)
  }

  /// ↑ and ↓ in the page-search prompt: an earlier or a later search, and past the
  /// latest, the text that was being typed.
  func recallSearch(_ step: Int, in state: inout NavigationState) {
    let history = state.findHistory
    guard !history.isEmpty else { return }
    if state.findHistoryPosition == nil {
      guard step < 0 else { return }
      state.findDraft = state.top.editor?.text ?? ""
    }
    let position = max(0, (state.findHistoryPosition ?? history.count) + step)
    if position >= history.count {
      state.findHistoryPosition = nil
      state.top.editor = LineEditor(text: state.findDraft)
      return
    }
    state.findHistoryPosition = position
    state.top.editor = LineEditor(text: history[position])
  }
}

/// The lines that hold a query, as one sorted list without making it: the facts' own,
/// then the body's moved down past the facts.
struct SearchHits {
  var header: [Int]
  var body: [Int]
  var offset: Int

  var count: Int { header.count + body.count }

  subscript(index: Int) -> Int {
    index < header.count ? header[index] : body[index - header.count] + offset
  }

  /// The first index whose line satisfies `isAfter` (which holds from some line on).
  func firstIndex(where isAfter: (Int) -> Bool) -> Int {
    Bisection.firstIndex(in: count) { isAfter(self[$0]) }
  }
}
