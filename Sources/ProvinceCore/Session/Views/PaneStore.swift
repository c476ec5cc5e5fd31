import Synchronization
import TerminalUI

/// The menu's preview panes drawn lately, kept by all they show: a selection moving back
/// and forth draws each item's pane (its lines wrapped, its map's dots measured) once.
/// Bounded by cells, not entries, so that a huge window keeps fewer panes.
public final class PaneStore: Sendable {
  /// Everything a pane's cells depend on.
  struct Key: Hashable, Sendable {
    var preview: MenuPreview
    var pageState: String?
    var columns: Int
    var rows: Int
    var palette: FullScreenRenderer.Palette
  }

  /// The one store of the process (panes are values; any session may share them).
  public static let shared = PaneStore()

  /// An empty store (a test's own, to count what it draws).
  public init() {}

  /// About 3 MB of cells (16 bytes each): 80 panes of a 160×40 window, 20 of a 300×80 one.
  static let keptCells = 200_000

  private let panes = Mutex<[Key: Frame]>([:])
  private let counter = Mutex(0)

  /// The pane kept for `key`, if any.
  func pane(for key: Key) -> Frame? {
    panes.withLock { $0[key] }
  }

  /// Keeps `pane` for `key` and returns it. Full, the store starts over.
  func keep(_ pane: Frame, for key: Key) -> Frame {
    counter.withLock { $0 += 1 }
    let cells = max(1, pane.rows * pane.columns)
    panes.withLock { kept in
      if (kept.count + 1) * cells > Self.keptCells { kept.removeAll(keepingCapacity: true) }
      kept[key] = pane
    }
    return pane
  }

  /// How many panes have been drawn (not found kept) in this process: for tests.
  public var drawn: Int { counter.withLock { $0 } }
}
