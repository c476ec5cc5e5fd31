import GeoModel
import Testing

@Suite("Which leaf holds a point, on a fixture")
struct PointLocatorTests {
  /// Two leaves side by side, the left with a hole (a lake that is no leaf's), and a
  /// parent over both: west 0–1, east 1–2, the hole 0.4–0.6 square.
  static let store: OutlineStore = {
    var xs: [Double] = []
    var ys: [Double] = []
    func ring(_ points: [(Double, Double)]) -> Range<Int> {
      let start = xs.count
      for (x, y) in points + [points[0]] {
        xs.append(x)
        ys.append(y)
      }
      return start..<xs.count
    }
    let west = ring([(0, 0), (1, 0), (1, 1), (0, 1)])
    let hole = ring([(0.4, 0.4), (0.6, 0.4), (0.6, 0.6), (0.4, 0.6)])
    let east = ring([(1, 0), (2, 0.5), (1, 1)])
    let all = ring([(0, 0), (1, 0), (2, 0.5), (1, 1), (0, 1)])
    let box = GeoBox(west: 0, south: 0, east: 2, north: 1)
    func outline(_ code: String, _ rings: [Range<Int>], _ holes: [Bool], leaf: Bool) -> Outline {
      Outline(
        code: code, name: code, level: leaf ? .county : .city, isLeaf: leaf, parent: leaf ? 2 : nil,
        box: box, point: GeoPoint(lat: 0.5, lng: 0.5), rings: rings, holes: holes)
    }
    return OutlineStore(
      outlines: [
        outline("000001", [west, hole], [false, true], leaf: true),
        outline("000002", [east], [false], leaf: true),
        outline("000100", [all], [false], leaf: false),
      ], xs: xs, ys: ys)
  }()

  @Test(
    "points are placed in the right leaf, in a hole in none, outside in none",
    arguments: [
      (GeoPoint(lat: 0.2, lng: 0.2), 0 as Int?),
      (GeoPoint(lat: 0.5, lng: 0.5), nil),
      (GeoPoint(lat: 0.45, lng: 0.61), 0),
      (GeoPoint(lat: 0.5, lng: 1.5), 1),
      (GeoPoint(lat: 0.9, lng: 1.5), nil),
      (GeoPoint(lat: 0.5, lng: 3), nil),
      (GeoPoint(lat: -1, lng: 0.5), nil),
    ])
  func placed(point: GeoPoint, leaf: Int?) {
    for cellSize in [0.05, 0.3, 5] {
      #expect(PointLocator(store: Self.store, cellSize: cellSize).leaf(at: point) == leaf)
    }
  }

  @Test("the locator agrees with a plain even-odd test on a grid of points")
  func agreesWithPlainTest() {
    let store = Self.store
    let locator = PointLocator(store: store, cellSize: 0.13)
    func plain(_ point: GeoPoint) -> Int? {
      for index in store.outlines.indices where store.outlines[index].isLeaf {
        var inside = false
        for ring in store.outlines[index].rings {
          for vertex in ring.dropLast() {
            let (ax, ay, bx, by) = (
              store.xs[vertex], store.ys[vertex], store.xs[vertex + 1], store.ys[vertex + 1]
            )
            if (ay > point.lat) != (by > point.lat),
              point.lng < ax + (point.lat - ay) / (by - ay) * (bx - ax)
            {
              inside.toggle()
            }
          }
        }
        if inside { return index }
      }
      return nil
    }
    var checked = 0
    for i in 0..<97 {
      for j in 0..<53 {
        let point = GeoPoint(lat: -0.1 + Double(j) * 0.0231, lng: -0.1 + Double(i) * 0.0227)
        #expect(locator.leaf(at: point) == plain(point), "\(point)")
        checked += 1
      }
    }
    #expect(checked == 97 * 53)
  }

  @Test("a point is parsed as latitude, longitude and refused out of range")
  func parsing() {
    #expect(GeoPoint(parsing: "31.38,120.98") == GeoPoint(lat: 31.38, lng: 120.98))
    #expect(GeoPoint(parsing: " 31.38 , 120.98 ") == GeoPoint(lat: 31.38, lng: 120.98))
    #expect(GeoPoint(parsing: "91,120") == nil)
    #expect(GeoPoint(parsing: "31.38") == nil)
    #expect(GeoPoint(parsing: "a,b") == nil)
    #expect(GeoPoint(parsing: "nan,1") == nil)
  }
}
