import CatalogModel
import Synchronization
import TerminalUI

/// What one session's full-screen frames drew lately, kept for the next frame: a key that
/// moves the selection changes two rows of the menu and the preview pane, and the frame
/// made for it copies the rest rather than laying out and drawing it again.
///
/// Kept: the menu's rows drawn with none selected, for the screen, scroll, size, filter
/// and look they were drawn for; and the previews of the items lately selected, with the
/// pane each was drawn in. Each is keyed by all it depends on (the catalog and the
/// outlines included), so a resize, a filter, a page arriving or other data draws anew.
/// One memo serves one session (its frames and the panes drawn ahead off its loop).
public final class FrameMemo: Sendable {
  /// A memo with nothing kept.
  public init() {}

  /// Everything the menu's rows depend on, but which of them is selected.
  struct MenuKey: Equatable {
    var catalog: Catalog
    var kind: Screen.Kind
    var scroll: Int
    var rows: Int
    var width: Int
    var query: String
    var palette: FullScreenRenderer.Palette
  }

  /// The menu's rows drawn with none selected, and the lines to draw the selected one from.
  struct Menu {
    var key: MenuKey
    var rows: Frame
    var lines: FullScreenRenderer.MenuLines
  }

  /// Everything an item's preview depends on, but which item it is.
  struct PreviewsKey: Equatable {
    var catalog: Catalog
    var kind: Screen.Kind
    var outlines: MapOutlines
    var outlinesReady: Bool

    static func == (a: PreviewsKey, b: PreviewsKey) -> Bool {
      a.outlines === b.outlines && a.outlinesReady == b.outlinesReady && a.kind == b.kind
        && a.catalog == b.catalog
    }
  }

  /// An item's preview, and the pane last drawn of it.
  struct Preview {
    var preview: MenuPreview?
    var pane: (key: PaneStore.Key, frame: Frame)?
  }

  private struct Kept {
    var menu: Menu?
    var previewsKey: PreviewsKey?
    var previews: [Int: Preview] = [:]
    var paneCells = 0
  }

  /// About 3 MB of panes' cells, as `PaneStore` keeps.
  static let keptPaneCells = PaneStore.keptCells
  /// Previews of items (of up to 400 names each) kept, at most.
  static let keptPreviews = 512

  private let kept = Mutex(Kept())

  /// The menu kept for `key`, if any.
  func menu(for key: MenuKey) -> Menu? {
    kept.withLock { $0.menu?.key == key ? $0.menu : nil }
  }

  /// Keeps `menu` (in place of the one kept) and returns it.
  func keep(_ menu: Menu) -> Menu {
    kept.withLock { $0.menu = menu }
    return menu
  }

  /// Item `index`'s preview for `key`: kept, or made by `make` and kept.
  func preview(_ index: Int, for key: PreviewsKey, make: () -> MenuPreview?) -> MenuPreview? {
    if let found = kept.withLock({ kept -> Preview? in
      // A new list, other data or outlines now here: what was kept shows something else.
      // A long walk down a list of thousands starts over now and then.
      if kept.previewsKey != key || kept.previews.count >= Self.keptPreviews {
        kept.previewsKey = key
        kept.previews = [:]
        kept.paneCells = 0
      }
      return kept.previews[index]
    }) {
      return found.preview
    }
    let made = make()
    kept.withLock { kept in
      guard kept.previewsKey == key, kept.previews[index] == nil else { return }
      kept.previews[index] = Preview(preview: made)
    }
    return made
  }

  /// The pane last drawn of item `index` under `key`, if it was drawn for `paneKey`.
  func pane(_ index: Int, for key: PreviewsKey, _ paneKey: PaneStore.Key) -> Frame? {
    kept.withLock { kept in
      guard kept.previewsKey == key, let pane = kept.previews[index]?.pane, pane.key == paneKey
      else { return nil }
      return pane.frame
    }
  }

  /// Keeps `frame` as item `index`'s pane for `paneKey`; past `keptPaneCells`, the items'
  /// panes kept before are let go.
  func keep(pane frame: Frame, _ index: Int, for key: PreviewsKey, _ paneKey: PaneStore.Key) {
    kept.withLock { kept in
      guard kept.previewsKey == key else { return }
      let cells = frame.rows * frame.columns
      if kept.paneCells + cells > Self.keptPaneCells {
        for item in kept.previews.keys { kept.previews[item]?.pane = nil }
        kept.paneCells = 0
      }
      if kept.previews[index]?.pane == nil { kept.paneCells += cells }
      kept.previews[index, default: Preview(preview: paneKey.preview)].pane = (paneKey, frame)
    }
  }
}
