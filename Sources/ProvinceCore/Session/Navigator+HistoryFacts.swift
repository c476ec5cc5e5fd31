import CatalogModel

extension Navigator {
  /// The most changes a page's facts show; more are counted, and `--history` has them all.
  static let historyFactsShown = 4

  /// A division's history as its page's facts: the changes of its timeline (`--history`'s),
  /// oldest first, the first row labelled `History`; none for a township, or a division
  /// the history records no change of. Not sanitised (the facts are, as they are shown).
  func historyFacts(of ref: CityRef) -> [(label: String, value: String)] {
    let division = catalog[ref]
    guard ref.township == nil, let code = division.code,
      let graph = CatalogHistory.graph(history, catalog),
      let index = graph.span(code: code, name: division.name)
    else { return [] }
    // A code begun after 1981 with nothing before it says only when it began.
    let changes = graph.timeline(of: index).changes
    guard !changes.isEmpty else { return [] }
    var lines = changes.suffix(Self.historyFactsShown).map { change in
      "\(change.year)  \(change.kind.rawValue)  " + HistoryFormatter.sentence(change)
    }
    let earlier = changes.count - lines.count
    if earlier > 0 { lines.insert("\(earlier) earlier: browse --history \(code)", at: 0) }
    return lines.enumerated().map { ($0.offset == 0 ? "History" : "", $0.element) }
  }
}
