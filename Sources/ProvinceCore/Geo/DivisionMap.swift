import CatalogModel
import GeoModel

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
    var shapes: [MapShape] = []
    var box = store.outlines[index].box
    if let parent {
      shapes.append(MapShape(store, parent, tone: .outline))
      box = store.outlines[parent].box
    } else {
      box = siblings.map { store.outlines[$0].box }.reduce(box) { $0.union($1) }
    }
    for sibling in siblings where sibling != index {
      shapes.append(MapShape(store, sibling, tone: .faint))
    }
    shapes.append(MapShape(store, index, tone: .fill))
    return MapRaster.draw(shapes, box: box, columns: columns, rows: rows)
  }

  /// The picture of a catalog entry (by its code, else its name under its parent), or nil
  /// where the built-in outlines have none.
  public static func picture(
    for ref: CityRef, in catalog: Catalog, columns: Int, rows: Int
  ) -> MapPicture? {
    guard let store = try? BuiltInOutlinesAccess.store(),
      let index = PlaceIndex(catalog: catalog, store: store).outline(of: ref)
    else { return nil }
    return picture(of: index, in: store, columns: columns, rows: rows)
  }
}
