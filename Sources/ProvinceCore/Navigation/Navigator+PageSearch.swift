import TextSupport

/// `/` on a page: the lines that hold the query, found in the laid-out lines (facts
/// included), without case; n and N go from one to the next, round the end.
extension Navigator {
  func findMatch(forward: Bool, in state: inout NavigationState) {
    guard let query = state.top.pageQuery else {
      state.message = "/ searches this page."
      return
    }
    let lines = pageSections(state).scrolled
    let hits = PageSearch.lines(matching: query, in: lines)
    guard !hits.isEmpty else {
      state.message = "'\(TerminalText.sanitize(query))' is not on this page."
      return
    }
    // From the match last found (it may be in view without being at the top, near the
    // end), else from the top of the window.
    let from = state.top.matchLine ?? state.top.scroll - 1
    let next = forward ? hits.first { $0 > from } : hits.last { $0 < from }
    let line: Int
    if let next {
      line = next
    } else {
      line = (forward ? hits.first : hits.last) ?? 0
      state.message = forward ? "Search went on from the top." : "Search went on from the end."
    }
    state.top.matchLine = line
    state.top.scroll = line
    let index = (hits.firstIndex(of: line) ?? 0) + 1
    if state.message == nil { state.message = "Match \(index) of \(hits.count)." }
  }
}
