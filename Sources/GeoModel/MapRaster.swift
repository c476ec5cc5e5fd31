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
    let columns = max(0, columns)
    let rows = max(0, rows)
    let width = columns * 2
    let height = rows * 4
    var tone = [MapTone](repeating: .empty, count: width * height)
    let shrink = cos((box.south + box.north) / 2 * Double.pi / 180)
    let spanX = max((box.east - box.west) * shrink, 1e-9)
    let spanY = max(box.north - box.south, 1e-9)
    let scale = min(Double(width) / spanX, Double(height) / spanY)
    let offsetX = (Double(width) - spanX * scale) / 2
    let offsetY = (Double(height) - spanY * scale) / 2
    // Dot (i, j) covers [i, i + 1) × [j, j + 1) of the dot plane; y grows downwards.
    func project(_ point: GeoPoint) -> (x: Double, y: Double) {
      (offsetX + (point.lng - box.west) * shrink * scale, offsetY + (box.north - point.lat) * scale)
    }
    func mark(_ x: Int, _ y: Int, _ value: MapTone) {
      guard x >= 0, y >= 0, x < width, y < height else { return }
      if tone[y * width + x] < value { tone[y * width + x] = value }
    }

    for shape in shapes {
      let rings = shape.rings.map { $0.map(project) }
      if shape.tone == .fill {
        // Even-odd fill of the dots whose centres lie inside.
        for y in 0..<height {
          let centreY = Double(y) + 0.5
          var crossings: [Double] = []
          for ring in rings where ring.count > 1 {
            for index in ring.indices {
              let a = ring[index]
              let b = ring[(index + 1) % ring.count]
              guard (a.y > centreY) != (b.y > centreY) else { continue }
              crossings.append(a.x + (centreY - a.y) / (b.y - a.y) * (b.x - a.x))
            }
          }
          crossings.sort()
          var pair = 0
          while pair + 1 < crossings.count {
            // Clamped to the grid before the conversion: a run may lie wholly outside it
            // (a child drawn a little past its parent's box), and a far one past Int.
            let first = Int(min(max((crossings[pair] - 0.5).rounded(.up), 0), Double(width)))
            let last = Int(
              min(max((crossings[pair + 1] - 0.5).rounded(.down), -1), Double(width - 1)))
            if first <= last {
              for x in first...last { mark(x, y, .fill) }
            }
            pair += 2
          }
        }
      }
      // Every shape's edges, a filled one's too, so that a sliver still shows.
      let edgeTone = shape.tone == .fill ? MapTone.fill : shape.tone
      for ring in rings where ring.count > 1 {
        for index in 0..<(ring.count - 1) {
          line(from: ring[index], to: ring[index + 1]) { mark($0, $1, edgeTone) }
        }
      }
    }

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
