import BuiltInOutlines
import CatalogModel
import GeoModel
import Synchronization

/// The outlines that come with a loaded catalog (`Catalog.outlines`): the built-in ones
/// with the built-in catalog, none with a data file's, whose codes need not name the same
/// divisions. The built-in outlines are decoded once a process, and each catalog's index
/// of them (`PlaceIndex`, an entry a division) is made once and kept: a menu's preview,
/// moving from division to division, finds an outline by a lookup, not by a new index of
/// 3,200 entries a frame. A failure to decode (a damaged build) becomes a report.
public enum CatalogOutlines {
  /// The indexes made, newest last: a process has one catalog, the tests a few.
  private static let made = Mutex<[PlaceIndex]>([])
  private static let kept = 4
  /// Held while an index is made, so that two threads asking at once make it once, and
  /// `ready(for:)` (which takes only `made`) never waits for it.
  private static let making = Mutex(())

  /// The outlines of `catalog` with their index, decoded and made on the first call
  /// (which waits for them: tens of milliseconds); nil for a catalog that has none.
  public static func places(for catalog: Catalog) throws(OutlineDataError) -> PlaceIndex? {
    guard catalog.outlines == .builtIn else { return nil }
    if let found = ready(for: catalog) { return found }
    return try making.withLock { _ throws(OutlineDataError) -> PlaceIndex in
      if let found = ready(for: catalog) { return found }
      let places = PlaceIndex(catalog: catalog, store: try BuiltInOutlines.store.get())
      made.withLock { made in
        made.append(places)
        if made.count > kept { made.removeFirst() }
      }
      return places
    }
  }

  /// `places(for:)` where it has been made, without waiting: nil before then. (A session's
  /// frames never ask: its outlines are handed to its navigator, `MapOutlines`.)
  public static func ready(for catalog: Catalog) -> PlaceIndex? {
    guard catalog.outlines == .builtIn else { return nil }
    return made.withLock { made in made.last { $0.catalog == catalog } }
  }

  /// The decoded outlines of a catalog's preview map (`MenuPreview.outline` indexes them).
  static func store(for catalog: Catalog) throws(OutlineDataError) -> OutlineStore? {
    try places(for: catalog)?.store
  }

  /// The facts alone (codes, names, boxes, points; no rings): all JSON output needs, and
  /// quick to decode.
  static func facts(for catalog: Catalog) throws(OutlineDataError) -> OutlineStore? {
    guard catalog.outlines == .builtIn else { return nil }
    return try BuiltInOutlines.facts.get()
  }

  /// The point index over the leaves of a catalog's outlines.
  static func locator(for catalog: Catalog) throws(OutlineDataError) -> PointLocator? {
    guard catalog.outlines == .builtIn else { return nil }
    return try BuiltInOutlines.locator.get()
  }

  static func failure(_ error: OutlineDataError) -> Report {
    .failure("\(error)", .dataError)
  }

  /// `--at` and `--near` with a data file: its codes come with no outlines.
  static let noneReport = Report.failure(
    "a data file (--data) comes with no outlines: --at and --near answer from the built-in data",
    .usage)
}
