import BuiltInOutlines
import CatalogModel
import GeoModel
import Synchronization

/// The small map of a division inside its parent, as the preview pane and a page's facts
/// show it: the parent's outline, the siblings faint, the division filled (a province's
/// parent is China: every province faint). A pure function of the outlines and the grid.
public enum DivisionMap {
  /// The picture of the outline at `index` of `store` in `columns` × `rows` cells.
  public static func picture(of index: Int, in store: OutlineStore, columns: Int, rows: Int)
    -> MapPicture
  {
    let parent = store.outlines[index].parent
    let siblings = store.children(of: parent)
    var layers: [(outline: Int, tone: MapTone)] = []
    var box = store.outlines[index].box
    if let parent {
      layers.append((parent, .outline))
      box = store.outlines[parent].box
    } else {
      box = siblings.map { store.outlines[$0].box }.reduce(box) { $0.union($1) }
    }
    for sibling in siblings where sibling != index {
      layers.append((sibling, .faint))
    }
    layers.append((index, .fill))
    return MapRaster.draw(layers, of: store, box: box, columns: columns, rows: rows)
  }

  /// The picture of a catalog entry (by its code), or nil where the catalog's outlines
  /// (`CatalogOutlines`) have none.
  public static func picture(
    for ref: CityRef, in catalog: Catalog, columns: Int, rows: Int
  ) -> MapPicture? {
    guard let places = try? CatalogOutlines.places(for: catalog),
      let index = places.outline(of: ref)
    else { return nil }
    return builtInPicture(of: index, columns: columns, rows: rows)
  }

  /// `picture(of:in:columns:rows:)` of the built-in outlines, kept: a selection moving up
  /// and down a menu, or a page scrolled under its map, draws the same few pictures again.
  /// Nil where the built-in outlines cannot be decoded or have no outline `index`.
  static func builtInPicture(of index: Int, columns: Int, rows: Int) -> MapPicture? {
    guard let store = try? BuiltInOutlines.store.get(), store.outlines.indices.contains(index)
    else { return nil }
    let key = PictureKey(outline: index, columns: columns, rows: rows)
    if let kept = pictures.withLock({ $0[key] }) { return kept }
    let made = picture(of: index, in: store, columns: columns, rows: rows)
    pictures.withLock { kept in
      // A few hundred pictures of a few kB: a session that has drawn that many starts over.
      if kept.count >= keptPictures { kept.removeAll(keepingCapacity: true) }
      kept[key] = made
    }
    return made
  }

  private struct PictureKey: Hashable, Sendable {
    var outline: Int
    var columns: Int
    var rows: Int
  }

  private static let pictures = Mutex<[PictureKey: MapPicture]>([:])
  private static let keptPictures = 256
}
