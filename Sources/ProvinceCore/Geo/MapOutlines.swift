import CatalogModel
import GeoModel
import Synchronization

/// The outlines a session's maps are drawn from, handed to the `Navigator` as its catalog
/// is, and the pictures drawn of them kept. Whether the session has outlines at all is
/// known from the start (`expected`); the outlines themselves may come a moment later
/// (decoded off the loop's thread, so that the first frame does not wait), and until then
/// a map's rows are drawn blank: no line count, and so no scroll, changes when they come.
public final class MapOutlines: Sendable {
  /// Whether outlines come with this session's catalog (the built-in one's).
  public let expected: Bool
  private let places: Mutex<PlaceIndex?>
  private let pictures = Mutex<[PictureKey: MapPicture]>([:])

  private struct PictureKey: Hashable {
    var outline: Int
    var columns: Int
    var rows: Int
  }

  /// A few hundred pictures of a few kB: a session that has drawn that many starts over.
  private static let keptPictures = 256

  /// Outlines at hand now (`places`), or none (nil: a data file's catalog).
  public init(_ places: PlaceIndex?) {
    expected = places != nil
    self.places = Mutex(places)
  }

  /// Outlines to come (`expected`), by `fill`.
  public init(expected: Bool) {
    self.expected = expected
    places = Mutex(nil)
  }

  /// No outlines: no maps.
  public static let none = MapOutlines(nil)

  /// The outlines for `catalog`, decoded and indexed now (tens of milliseconds); none for
  /// a catalog that comes without them or where they cannot be decoded.
  public static func made(for catalog: Catalog) -> MapOutlines {
    MapOutlines((try? CatalogOutlines.places(for: catalog)) ?? nil)
  }

  /// Gives the outlines that were `expected`.
  public func fill(_ places: PlaceIndex?) {
    self.places.withLock { $0 = places }
  }

  /// The outlines once they are here; nil before (or never, when not `expected`).
  public var ready: PlaceIndex? {
    places.withLock { $0 }
  }

  /// The picture of outline `index` in `columns` × `rows` cells (`DivisionMap`), kept: a
  /// selection moving up and down a menu, or a page scrolled under its map, draws the same
  /// few pictures again. Nil before the outlines are here or for an index they lack.
  public func picture(of index: Int, columns: Int, rows: Int) -> MapPicture? {
    guard let store = ready?.store, store.outlines.indices.contains(index) else { return nil }
    let key = PictureKey(outline: index, columns: columns, rows: rows)
    if let kept = pictures.withLock({ $0[key] }) { return kept }
    let made = DivisionMap.picture(of: index, in: store, columns: columns, rows: rows)
    pictures.withLock { kept in
      if kept.count >= Self.keptPictures { kept.removeAll(keepingCapacity: true) }
      kept[key] = made
    }
    return made
  }
}
