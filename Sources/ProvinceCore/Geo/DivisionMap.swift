import CatalogModel
import GeoModel

/// The small map of a division inside its parent, as the preview pane and a page's facts
/// show it: the parent's outline (a province's parent is China, drawn as the outer edge of
/// all the provinces) and the division filled, a block of dots where it is too small to
/// fill one. The siblings' borders are left out: at the sizes a pane has they covered
/// nearly every dot, so that without colour 19 of the 34 provinces drew the same picture
/// (all of China) and 北京's districts looked alike. A pure function of the outlines and
/// the grid.
public enum DivisionMap {
  /// The picture of the outline at `index` of `store` in `columns` × `rows` cells.
  public static func picture(of index: Int, in store: OutlineStore, columns: Int, rows: Int)
    -> MapPicture
  {
    let own = store.outlines[index].box
    guard let parent = store.outlines[index].parent else {
      let provinces = store.children(of: nil)
      let box = provinces.map { mainBox(of: $0, in: store) }.reduce(own) { $0.union($1) }
      return MapRaster.draw(
        [(index, .fill)], of: store, box: box, columns: columns, rows: rows, edgeOf: provinces,
        marked: index)
    }
    return MapRaster.draw(
      [(parent, .outline), (index, .fill)], of: store,
      box: mainBox(of: parent, in: store).union(own), columns: columns, rows: rows, edgeOf: [],
      marked: index)
  }

  /// The box of the largest of an outline's rings (by its box's area): a province's
  /// mainland or main island without the far islands that would make its map mostly sea
  /// (海南's 三沙 spans a sea many times the island, where its cities were a few dots
  /// alike). A map still takes in all of the division it shows.
  static func mainBox(of index: Int, in store: OutlineStore) -> GeoBox {
    var best: (area: Double, box: GeoBox)?
    for ring in store.outlines[index].rings where !ring.isEmpty {
      var box = GeoBox(
        west: store.xs[ring.lowerBound], south: store.ys[ring.lowerBound],
        east: store.xs[ring.lowerBound], north: store.ys[ring.lowerBound])
      for vertex in ring {
        box.west = min(box.west, store.xs[vertex])
        box.east = max(box.east, store.xs[vertex])
        box.south = min(box.south, store.ys[vertex])
        box.north = max(box.north, store.ys[vertex])
      }
      let area = (box.east - box.west) * (box.north - box.south)
      if best.map({ area > $0.area }) ?? true { best = (area, box) }
    }
    return best?.box ?? store.outlines[index].box
  }

  /// The picture of a catalog entry (by its code), or nil where the catalog's outlines
  /// (`CatalogOutlines`) have none.
  public static func picture(
    for ref: CityRef, in catalog: Catalog, columns: Int, rows: Int
  ) -> MapPicture? {
    guard let places = try? CatalogOutlines.places(for: catalog),
      let index = places.outline(of: ref)
    else { return nil }
    return picture(of: index, in: places.store, columns: columns, rows: rows)
  }
}
