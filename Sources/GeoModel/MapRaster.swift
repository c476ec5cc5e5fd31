import Foundation

/// Draws outlines into a grid of terminal cells in Braille, two dots across and four down
/// a cell (about square on a terminal whose cells are twice as tall as wide): a pure
/// function from shapes, a box and a grid to a picture.
public enum MapRaster {
  /// `shapes` drawn in order (a later, stronger tone wins a dot), `box` fitted into
  /// `columns` × `rows` cells and centred, longitudes shrunk by the cosine of the middle
  /// latitude so that shapes keep their proportions.
  public static func draw(_ shapes: [MapShape], box: GeoBox, columns: Int, rows: Int)
    -> MapPicture
  {
    var canvas = Canvas(box: box, columns: columns, rows: rows)
    for shape in shapes {
      let rings = shape.rings.map { ring in
        Canvas.thinned(ring.count) { canvas.project(lng: ring[$0].lng, lat: ring[$0].lat) }
      }
      canvas.draw(rings, tone: shape.tone)
    }
    return canvas.picture()
  }

  /// `draw(_:box:columns:rows:)` of outlines of `store`, each with its tone, read from the
  /// store's vertices where they lie (a province's map draws all of China's: copying them
  /// into shapes first was most of a frame).
  public static func draw(
    _ layers: [(outline: Int, tone: MapTone)], of store: OutlineStore, box: GeoBox,
    columns: Int, rows: Int
  ) -> MapPicture {
    draw(layers, of: store, box: box, columns: columns, rows: rows, edgeOf: [])
  }

  /// `draw(_:of:box:columns:rows:)` over the outer edge of `region` taken together, drawn
  /// first in `.outline` (China around its provinces, which have no outline of their own:
  /// their borders inside it left out); and with `marked`, the outline whose place is
  /// marked by a block of dots at its point where its fill is too small to see (Macao on
  /// a map of China is less than a dot, and lies on the coast the edge already draws).
  public static func draw(
    _ layers: [(outline: Int, tone: MapTone)], of store: OutlineStore, box: GeoBox,
    columns: Int, rows: Int, edgeOf region: [Int], marked: Int? = nil
  ) -> MapPicture {
    var canvas = Canvas(box: box, columns: columns, rows: rows)
    func projected(_ outline: Int) -> [[(x: Double, y: Double)]] {
      store.outlines[outline].rings.map { ring in
        Canvas.thinned(ring.count) {
          canvas.project(lng: store.xs[ring.lowerBound + $0], lat: store.ys[ring.lowerBound + $0])
        }
      }
    }
    let region = region.filter { store.outlines.indices.contains($0) }
    if !region.isEmpty { canvas.drawEdge(of: region.map(projected), tone: .outline) }
    for layer in layers where store.outlines.indices.contains(layer.outline) {
      canvas.draw(projected(layer.outline), tone: layer.tone)
    }
    if let marked, store.outlines.indices.contains(marked) {
      let point = store.outlines[marked].point
      canvas.markIfSmall(at: canvas.project(lng: point.lng, lat: point.lat))
    }
    return canvas.picture()
  }

  /// The dot plane being drawn: `width` × `height` dots, each with the strongest tone
  /// drawn on it.
  struct Canvas {
    let columns: Int
    let rows: Int
    let width: Int
    let height: Int
    var tone: [MapTone]
    let box: GeoBox
    let shrink: Double
    let scale: Double
    let offsetX: Double
    let offsetY: Double

    init(box: GeoBox, columns: Int, rows: Int) {
      self.columns = max(0, columns)
      self.rows = max(0, rows)
      width = self.columns * 2
      height = self.rows * 4
      tone = [MapTone](repeating: .empty, count: width * height)
      self.box = box
      shrink = cos((box.south + box.north) / 2 * Double.pi / 180)
      let spanX = max((box.east - box.west) * shrink, 1e-9)
      let spanY = max(box.north - box.south, 1e-9)
      scale = min(Double(width) / spanX, Double(height) / spanY)
      offsetX = (Double(width) - spanX * scale) / 2
      offsetY = (Double(height) - spanY * scale) / 2
    }

    /// Dot (i, j) covers [i, i + 1) × [j, j + 1) of the dot plane; y grows downwards.
    func project(lng: Double, lat: Double) -> (x: Double, y: Double) {
      (offsetX + (lng - box.west) * shrink * scale, offsetY + (box.north - lat) * scale)
    }

    mutating func mark(_ x: Int, _ y: Int, _ value: MapTone) {
      guard x >= 0, y >= 0, x < width, y < height else { return }
      if tone[y * width + x] < value { tone[y * width + x] = value }
    }

    /// The dot a projected point lies in, or nil for one too far off to name.
    static func dot(_ point: (x: Double, y: Double)) -> (Int, Int)? {
      guard abs(point.x) < 1e9, abs(point.y) < 1e9 else { return nil }
      return (Int(point.x.rounded(.down)), Int(point.y.rounded(.down)))
    }

    /// A ring's projected points without those that lie in the dot of the point kept
    /// before them (its last point always kept): the picture is the same to within a dot,
    /// and a county's thousands of vertices become the few dozen dots its edge crosses.
    static func thinned(_ count: Int, _ point: (Int) -> (x: Double, y: Double))
      -> [(x: Double, y: Double)]
    {
      guard count > 0 else { return [] }
      var kept = [point(0)]
      kept.reserveCapacity(min(count, 256))
      var last = dot(kept[0])
      for index in 1..<max(1, count) {
        let projected = point(index)
        let here = dot(projected)
        var same = false
        if let here, let last { same = here == last }
        if index == count - 1 || !same {
          kept.append(projected)
          last = here
        }
      }
      return kept
    }

    /// Draws rings of projected points (`thinned`) in `shapeTone`.
    mutating func draw(_ projected: [[(x: Double, y: Double)]], tone shapeTone: MapTone) {
      let rings = projected
      if shapeTone == .fill {
        Self.fill(rings, width: width, height: height) { mark($0, $1, .fill) }
      }
      // Every shape's edges, a filled one's too, so that a sliver still shows.
      for ring in rings where ring.count > 1 {
        for index in 0..<(ring.count - 1) {
          MapRaster.line(from: ring[index], to: ring[index + 1]) { mark($0, $1, shapeTone) }
        }
      }
    }

    /// Marks in `edgeTone` the dots of the shapes' union (each filled, its edges too) that
    /// touch a dot outside it or the picture's side: their outer edge, without the borders
    /// between them.
    mutating func drawEdge(of shapes: [[[(x: Double, y: Double)]]], tone edgeTone: MapTone) {
      var inside = [Bool](repeating: false, count: width * height)
      func set(_ x: Int, _ y: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        inside[y * width + x] = true
      }
      for rings in shapes {
        Self.fill(rings, width: width, height: height, set)
        for ring in rings where ring.count > 1 {
          for index in 0..<(ring.count - 1) {
            MapRaster.line(from: ring[index], to: ring[index + 1], set)
          }
        }
      }
      func outside(_ x: Int, _ y: Int) -> Bool {
        x < 0 || y < 0 || x >= width || y >= height || !inside[y * width + x]
      }
      for y in 0..<height {
        for x in 0..<width where inside[y * width + x] {
          if outside(x - 1, y) || outside(x + 1, y) || outside(x, y - 1) || outside(x, y + 1) {
            mark(x, y, edgeTone)
          }
        }
      }
    }

    /// Where fewer than a cell's worth of dots (8) are filled, fills a block of 4 × 4 dots
    /// (two cells by one or more) around `point`: a division too small for the grid still
    /// shows where it is, without colour too.
    mutating func markIfSmall(at point: (x: Double, y: Double)) {
      guard tone.filter({ $0 == .fill }).count < 8, let (x, y) = Self.dot(point) else { return }
      let left = min(max(x - 2, 0), max(0, width - 4))
      let top = min(max(y - 2, 0), max(0, height - 4))
      for dy in 0..<4 {
        for dx in 0..<4 { mark(left + dx, top + dy, .fill) }
      }
    }

    /// Calls `plot` for each dot of a `width` × `height` plane whose centre lies inside
    /// `rings` by the even-odd rule.
    static func fill(
      _ rings: [[(x: Double, y: Double)]], width: Int, height: Int, _ plot: (Int, Int) -> Void
    ) {
      // Even-odd fill of the dots whose centres lie inside: each edge gives a crossing
      // to every row of dots whose centre line it crosses.
      var crossings = [[Double]](repeating: [], count: height)
      for ring in rings where ring.count > 1 {
        for index in ring.indices {
          let a = ring[index]
          let b = ring[(index + 1) % ring.count]
          // Clamped to just past the grid: a far point must not overflow an Int.
          let low = max(min(a.y, b.y), -1)
          let high = min(max(a.y, b.y), Double(height) + 1)
          // Rows whose centre y + 0.5 lies in [low, high): (a.y > c) != (b.y > c).
          guard low < high, high > 0.5, low < Double(height) - 0.5 else { continue }
          let first = max(0, Int((low - 0.5).rounded(.up)))
          let last = min(height - 1, Int((high - 0.5).rounded(.up)) - 1)
          guard first <= last else { continue }
          for y in first...last {
            let centreY = Double(y) + 0.5
            crossings[y].append(a.x + (centreY - a.y) / (b.y - a.y) * (b.x - a.x))
          }
        }
      }
      for y in 0..<height where crossings[y].count > 1 {
        crossings[y].sort()
        var pair = 0
        while pair + 1 < crossings[y].count {
          // Clamped to the grid before the conversion: a run may lie wholly outside it
          // (a child drawn a little past its parent's box), and a far one past Int.
          let first = Int(min(max((crossings[y][pair] - 0.5).rounded(.up), 0), Double(width)))
          let last = Int(
            min(max((crossings[y][pair + 1] - 0.5).rounded(.down), -1), Double(width - 1)))
          if first <= last {
            for x in first...last { plot(x, y) }
          }
          pair += 2
        }
      }
    }

    func picture() -> MapPicture {
      var dots = [UInt8](repeating: 0, count: columns * rows)
      var tones = [MapTone](repeating: .empty, count: columns * rows)
      // Braille's dot bits: columns left and right, rows top to bottom.
      let bits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
      for y in 0..<height {
        for x in 0..<width where tone[y * width + x] != .empty {
          let cell = (y / 4) * columns + x / 2
          dots[cell] |= bits[y % 4][x % 2]
          tones[cell] = max(tones[cell], tone[y * width + x])
        }
      }
      return MapPicture(columns: columns, rows: rows, dots: dots, tones: tones)
    }
  }

  /// The dots a segment passes through, in steps of at most half a dot.
  static func line(
    from a: (x: Double, y: Double), to b: (x: Double, y: Double), _ plot: (Int, Int) -> Void
  ) {
    // Measured as a Double first: a far or broken point would not fit an Int.
    let span = (max(abs(b.x - a.x), abs(b.y - a.y)) * 2).rounded(.up)
    guard span < 1_000_000, abs(a.x) < 1e9, abs(a.y) < 1e9 else { return }
    let steps = Int(span)
    for step in 0...steps {
      let t = steps == 0 ? 0 : Double(step) / Double(steps)
      plot(
        Int((a.x + (b.x - a.x) * t).rounded(.down)), Int((a.y + (b.y - a.y) * t).rounded(.down)))
    }
  }
}
