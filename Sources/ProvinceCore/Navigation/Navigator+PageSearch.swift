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
