import CatalogModel
import Foundation
import GeoModel
import TextSupport

/// `--near`: the county-level divisions (and the cities and provinces with none under them)
/// by their distance from a point, nearest first: 0 for the one the point is in, else the
/// distance to its nearest border, in kilometres.
public enum NearReport {
  /// The leaves of `store` in order of distance from `point`, each with its distance.
  public static func nearest(_ point: GeoPoint, store: OutlineStore, locator: PointLocator)
    -> [(outline: Int, km: Double)]
  {
    let holder = locator.leaf(at: point)
    // Kilometres per degree, along a parallel at the point's latitude and a meridian: near
    // the point (where the order matters) a flat projection is exact enough.
    let kmPerDegree = 6371.0088 * Double.pi / 180
    let shrink = cos(point.lat * Double.pi / 180)
    var found: [(outline: Int, km: Double)] = []
    for index in store.outlines.indices where store.outlines[index].isLeaf {
      guard index != holder else {
        found.append((index, 0))
        continue
      }
      var best = Double.infinity
      for ring in store.outlines[index].rings {
        for vertex in ring.dropLast() {
          let ax = (store.xs[vertex] - point.lng) * shrink
          let ay = store.ys[vertex] - point.lat
          let bx = (store.xs[vertex + 1] - point.lng) * shrink
          let by = store.ys[vertex + 1] - point.lat
          let dx = bx - ax
          let dy = by - ay
          let length = dx * dx + dy * dy
          let t = length > 0 ? min(1, max(0, -(ax * dx + ay * dy) / length)) : 0
          let (x, y) = (ax + t * dx, ay + t * dy)
          best = min(best, x * x + y * y)
        }
      }
      found.append((index, best.squareRoot() * kmPerDegree))
    }
    return found.sorted { $0.km != $1.km ? $0.km < $1.km : $0.outline < $1.outline }
  }

  /// `--near`'s TSV and text columns.
  public static let tsvColumns =
    ["province", "city", "county", "url", "distance_km"] + PlaceRecord.trailing.map(\.rawValue)

  /// The list in `format`: the list's columns with the distance, the code and the facts.
  public static func report(_ point: GeoPoint, catalog: Catalog, format: OutputFormat) -> Report {
    let places: PlaceIndex
    let locator: PointLocator
    do throws(OutlineDataError) {
      guard let found = try CatalogOutlines.places(for: catalog),
        let made = try CatalogOutlines.locator(for: catalog)
      else { return CatalogOutlines.noneReport }
      places = found
      locator = made
    } catch {
      return CatalogOutlines.failure(error)
    }
    let store = places.store
    let rows = nearest(point, store: store, locator: locator).map {
      (place: places.place(ofOutline: $0.outline), km: $0.km)
    }
    func distance(_ km: Double) -> String { String(format: "%.1f", km) }
    func url(_ place: DivisionPlace) -> String {
      place.ref.map { URLText.ascii(catalog[$0].url) } ?? ""
    }
    func object(_ row: (place: DivisionPlace, km: Double)) -> String {
      JSONWriter.object(
        ListFormatter.placeMembers(row.place, in: catalog, store: store)
          + [("distance_km", distance(row.km))])
    }
    switch format {
    case .url:
      return Report(output: rows.map(\.place).map(url).filter { !$0.isEmpty }.map { $0 + "\n" })
    case .tsv, .text:
      // The columns `--near` has always had, then the code and the facts (`tsvColumns`).
      let table = rows.map { row in
        [
          row.place.province, row.place.city, row.place.county ?? "", url(row.place),
          distance(row.km),
        ]
        .map(TerminalText.sanitize)
          + PlaceRecord(row.place, in: catalog, store: store).cells(PlaceRecord.trailing)
      }
      if format == .text { return Report(output: ListFormatter.alignedRows(table)) }
      return Report(output: table.map { $0.joined(separator: "\t") + "\n" })
    case .json:
      return Report(
        output: ["[\n"]
          + rows.enumerated().map { index, row in
            object(row) + (index == rows.count - 1 ? "\n" : ",\n")
          } + ["]\n"])
    case .geojson:
      return Report(
        output: GeoJSONFormatter.collection(
          rows.map { (properties: object($0), outline: $0.place.outline) }, store: store))
    }
  }
}
