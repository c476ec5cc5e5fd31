import Foundation
import GeoModel

/// Whether a point in no division is at sea off China's coast or outside China. The
/// outlines hold China alone, so a point beyond a land border and a point at sea look the
/// same to them; what tells them apart is where the nearest point of China is. That point
/// lies on China's outer boundary: where it is on the coast (in a coastal province, and not
/// on the land border one of them has with a neighbour: Liaoning's with North Korea along
/// the Yalu, Guangxi's with Vietnam) and at most `seaKilometres` away, the point is at sea
/// off the coast; anywhere else it is outside China. A neighbour's shore within that reach
/// of China's coast (an islet of Japan's east of Taiwan, the Philippines' Batanes, Korea's
/// Ongjin reaches 240 km) counts as sea: no other country's outline says otherwise.
public enum CoastCheck {
  /// What a point in no division is.
  public enum Verdict: Sendable, Equatable {
    /// At sea, this many kilometres (rounded) from China's nearest coast.
    case atSea(kilometres: Int)
    case outsideChina
  }

  /// How far from China's coast a point in no division is still said to be at sea: the
  /// Bohai, the Taiwan Strait and the seas' inner halves, short of Korea's west coast
  /// (Nampo lies 170 km from Dandong's shore).
  public static let seaKilometres = 150.0

  /// The provinces with a coast, by code: Tianjin, Hebei, Liaoning, Shanghai, Jiangsu,
  /// Zhejiang, Fujian, Shandong, Guangdong, Guangxi, Hainan, Taiwan, Hong Kong, Macao.
  static let coastalProvinces: Set<Substring> = [
    "12", "13", "21", "31", "32", "33", "35", "37", "44", "45", "46", "71", "81", "82",
  ]

  /// The land borders of coastal provinces, as boxes that hold them and no coast: the Yalu
  /// above its mouth (39.8° N, 124.1° E), and Guangxi's border with Vietnam, west of the
  /// Beilun's mouth at Dongxing (21.5° N, 108.0° E).
  static let landBorders = [
    GeoBox(west: 124.3, south: 39.9, east: 126.5, north: 41.8),
    GeoBox(west: 104.0, south: 21.45, east: 108.05, north: 24.0),
  ]

  /// The verdict on `point`, which lies in no leaf of `store`.
  public static func verdict(_ point: GeoPoint, store: OutlineStore) -> Verdict {
    guard let nearest = nearestPoint(to: point, store: store),
      nearest.kilometres <= seaKilometres,
      coastalProvinces.contains(store.outlines[nearest.outline].code.prefix(2)),
      !landBorders.contains(where: { $0.contains(nearest.point) })
    else { return .outsideChina }
    return .atSea(kilometres: Int(nearest.kilometres.rounded()))
  }

  /// The nearest point of any leaf's outline to `point`, the leaf, and how far it is (km,
  /// on a flat projection at the point's latitude: exact enough at these distances).
  static func nearestPoint(to point: GeoPoint, store: OutlineStore) -> (
    outline: Int, point: GeoPoint, kilometres: Double
  )? {
    let kmPerDegree = 6371.0088 * Double.pi / 180
    let shrink = cos(point.lat * Double.pi / 180)
    var best = Double.infinity
    var found: (outline: Int, point: GeoPoint)?
    for index in store.outlines.indices where store.outlines[index].isLeaf {
      // A leaf whose box is farther than the best so far has no nearer edge.
      let box = store.outlines[index].box
      let bx = max(0, box.west - point.lng, point.lng - box.east) * shrink
      let by = max(0, box.south - point.lat, point.lat - box.north)
      guard bx * bx + by * by < best else { continue }
      for ring in store.outlines[index].rings {
        for vertex in ring.dropLast() {
          let ax = (store.xs[vertex] - point.lng) * shrink
          let ay = store.ys[vertex] - point.lat
          let dx = (store.xs[vertex + 1] - store.xs[vertex]) * shrink
          let dy = store.ys[vertex + 1] - store.ys[vertex]
          let length = dx * dx + dy * dy
          let t = length > 0 ? min(1, max(0, -(ax * dx + ay * dy) / length)) : 0
          let (x, y) = (ax + t * dx, ay + t * dy)
          let squared = x * x + y * y
          if squared < best {
            best = squared
            found = (
              index,
              GeoPoint(
                lat: store.ys[vertex] + t * (store.ys[vertex + 1] - store.ys[vertex]),
                lng: store.xs[vertex] + t * (store.xs[vertex + 1] - store.xs[vertex]))
            )
          }
        }
      }
    }
    return found.map { ($0.outline, $0.point, best.squareRoot() * kmPerDegree) }
  }
}
