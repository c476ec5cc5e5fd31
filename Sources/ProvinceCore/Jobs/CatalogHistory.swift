import CatalogModel
import Synchronization

/// The history's graph of spans (`CodeHistory`) for a catalog, made once and kept, as
/// `CatalogOutlines` keeps the outlines' index: the page facts of one division after
/// another read the same graph, not a new one of 7,000 rows a frame.
public enum CatalogHistory {
  private struct Made: Sendable {
    var history: DivisionHistory
    var catalog: Catalog
    var graph: CodeHistory
  }

  /// The graphs made, newest last: a process has one catalog, the tests a few.
  private static let made = Mutex<[Made]>([])
  private static let kept = 4

  /// The graph of `history` over `catalog`, made on the first call; nil where there is no
  /// history (a data file's catalog).
  public static func graph(_ history: DivisionHistory, _ catalog: Catalog) -> CodeHistory? {
    guard !history.isEmpty else { return nil }
    if let found = made.withLock({ list in
      list.last { $0.history == history && $0.catalog == catalog }?.graph
    }) {
      return found
    }
    let graph = CodeHistory(history: history, catalog: catalog)
    made.withLock { list in
      list.append(Made(history: history, catalog: catalog, graph: graph))
      if list.count > kept { list.removeFirst() }
    }
    return graph
  }
}
