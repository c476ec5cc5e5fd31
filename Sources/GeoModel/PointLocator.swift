/// Which leaf outline holds a point: a grid of cells over the leaves, each knowing the leaf
/// at its centre and the edges that pass through it.
///
/// A point in a cell no edge crosses is in the centre's leaf. Otherwise, for each leaf with
/// edges in the cell, the point is inside exactly when the centre is inside and the segment
/// from the centre to the point crosses the leaf's edges an even number of times, or the
/// centre is outside and it crosses them an odd number of times. Only the edges of one cell
/// are looked at, so a lookup costs a few dozen edge tests however large the leaves are.
public struct PointLocator: Sendable {
  let store: OutlineStore
  let west: Double
  let south: Double
  let cellSize: Double
  let columns: Int
  let rows: Int
  /// The leaf at each cell's centre, or -1.
  let centreOwner: [Int32]
  /// Per cell, its edges (each an index `i` into the store's vertices: the edge from `i`
  /// to `i + 1`): `edges[cellStart[c]..<cellStart[c + 1]]`.
  let cellStart: [Int32]
  let edges: [Int32]
  /// The leaf of the edge starting at each vertex.
  let vertexOwner: [Int32]

  /// A little off the exact centre, so that no centre lies on a vertex's latitude.
  static let centreNudge = 1.234_567e-7

  /// Indexes the leaves of `store` in cells of `cellSize` degrees.
  public init(store: OutlineStore, cellSize: Double = 0.05) {
    self.store = store
    self.cellSize = cellSize
    let leaves = store.outlines.indices.filter { store.outlines[$0].isLeaf }
    let box = leaves.map { store.outlines[$0].box }.reduce(nil as GeoBox?) { $0?.union($1) ?? $1 }
    west = box?.west ?? 0
    south = box?.south ?? 0
    columns = box.map { max(1, Int((($0.east - $0.west) / cellSize).rounded(.up))) } ?? 1
    rows = box.map { max(1, Int((($0.north - $0.south) / cellSize).rounded(.up))) } ?? 1

    var vertexOwner = [Int32](repeating: -1, count: store.xs.count)
    for leaf in leaves {
      for ring in store.outlines[leaf].rings {
        for vertex in ring.dropLast() { vertexOwner[vertex] = Int32(leaf) }
      }
    }
    // Two passes: count each cell's edges, then place them (compressed rows).
    var counts = [Int32](repeating: 0, count: columns * rows + 1)
    let xs = store.xs
    let ys = store.ys
    let (west, south, columns, rows) = (west, south, columns, rows)
    func cells(_ vertex: Int, _ body: (Int) -> Void) {
      let x0 = Int(((min(xs[vertex], xs[vertex + 1]) - west) / cellSize).rounded(.down))
      let x1 = Int(((max(xs[vertex], xs[vertex + 1]) - west) / cellSize).rounded(.down))
      let y0 = Int(((min(ys[vertex], ys[vertex + 1]) - south) / cellSize).rounded(.down))
      let y1 = Int(((max(ys[vertex], ys[vertex + 1]) - south) / cellSize).rounded(.down))
      // Clamped: a vertex on the box's north or east side falls just past the last cell.
      for row in min(max(0, y0), rows - 1)...min(max(0, y1), rows - 1) {
        for column in min(max(0, x0), columns - 1)...min(max(0, x1), columns - 1) {
          body(row * columns + column)
        }
      }
    }
    for vertex in vertexOwner.indices where vertexOwner[vertex] >= 0 {
      cells(vertex) { counts[$0 + 1] += 1 }
    }
    for cell in 0..<(columns * rows) { counts[cell + 1] += counts[cell] }
    var next = counts
    var edges = [Int32](repeating: 0, count: Int(counts[columns * rows]))
    for vertex in vertexOwner.indices where vertexOwner[vertex] >= 0 {
      cells(vertex) { cell in
        edges[Int(next[cell])] = Int32(vertex)
        next[cell] += 1
      }
    }
    // A lookup needs each cell's edges grouped by leaf: so they are when every leaf's
    // rings lie end to end (as decoded), else (outlines made by hand) they are sorted.
    let contiguous = leaves.allSatisfy { leaf in
      let rings = store.outlines[leaf].rings
      return zip(rings, rings.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound }
    }
    if !contiguous {
      for cell in 0..<(columns * rows) {
        let range = Int(counts[cell])..<Int(counts[cell + 1])
        edges[range].sort { (vertexOwner[Int($0)], $0) < (vertexOwner[Int($1)], $1) }
      }
    }
    self.cellStart = counts
    self.edges = edges
    self.vertexOwner = vertexOwner

    // The centres' leaves, a row at a time: where the row's line crosses edges, in order.
    var owners = [Int32](repeating: -1, count: columns * rows)
    var crossings: [(x: Double, owner: Int32)] = []
    var inside: [Int32] = []
    for row in 0..<rows {
      let y = south + (Double(row) + 0.5) * cellSize + Self.centreNudge
      crossings.removeAll(keepingCapacity: true)
      for column in 0..<columns {
        let cell = row * columns + column
        for slot in Int(counts[cell])..<Int(counts[cell + 1]) {
          let vertex = Int(edges[slot])
          let (ay, by) = (ys[vertex], ys[vertex + 1])
          guard (ay > y) != (by > y) else { continue }
          let x = xs[vertex] + (y - ay) / (by - ay) * (xs[vertex + 1] - xs[vertex])
          // Each crossing counted once: in the cell it falls in (the last for the far edge).
          let own = Int(((x - west) / cellSize).rounded(.down))
          guard
            own == column || (own >= columns && column == columns - 1)
              || (own < 0 && column == 0)
          else { continue }
          crossings.append((x, vertexOwner[vertex]))
        }
      }
      crossings.sort { $0.x < $1.x }
      inside.removeAll(keepingCapacity: true)
      var next = 0
      for column in 0..<columns {
        let x = west + (Double(column) + 0.5) * cellSize + Self.centreNudge
        while next < crossings.count, crossings[next].x < x {
          let owner = crossings[next].owner
          if let at = inside.firstIndex(of: owner) {
            inside.remove(at: at)
          } else {
            inside.append(owner)
          }
          next += 1
        }
        owners[row * columns + column] = inside.last ?? -1
      }
    }
    centreOwner = owners
  }

  /// The index (in the store) of the leaf that holds `point`, or nil: outside every leaf
  /// (abroad, or at sea).
  public func leaf(at point: GeoPoint) -> Int? {
    let px = point.lng
    let py = point.lat
    let column = Int(((px - west) / cellSize).rounded(.down))
    let row = Int(((py - south) / cellSize).rounded(.down))
    guard column >= 0, row >= 0, column < columns, row < rows else { return nil }
    let cell = row * columns + column
    let centre = Int(centreOwner[cell])
    let start = Int(cellStart[cell])
    let end = Int(cellStart[cell + 1])
    guard start < end else { return centre >= 0 ? centre : nil }
    let cx = west + (Double(column) + 0.5) * cellSize + Self.centreNudge
    let cy = south + (Double(row) + 0.5) * cellSize + Self.centreNudge
    // A cell's edges are in vertex order, so each leaf's edges come together: the parity
    // of one leaf's crossings is settled when the next leaf's edges begin.
    var owner: Int32 = -1
    var odd = false
    var centreSeen = false
    let found: Int? = store.xs.withUnsafeBufferPointer { xs in
      store.ys.withUnsafeBufferPointer { ys in
        edges.withUnsafeBufferPointer { edges in
          vertexOwner.withUnsafeBufferPointer { vertexOwner in
            for slot in start..<end {
              let vertex = Int(edges[slot])
              let next = vertexOwner[vertex]
              if next != owner {
                if owner >= 0, (Int(owner) == centre) != odd { return Int(owner) }
                if next == centre { centreSeen = true }
                owner = next
                odd = false
              }
              let (ax, ay, bx, by) = (xs[vertex], ys[vertex], xs[vertex + 1], ys[vertex + 1])
              // The vertices against the line centre-point: a zero counts as below, so
              // that a segment through a vertex crosses exactly one of its two edges.
              let sideA = (px - cx) * (ay - cy) - (py - cy) * (ax - cx) > 0
              let sideB = (px - cx) * (by - cy) - (py - cy) * (bx - cx) > 0
              guard sideA != sideB else { continue }
              let sideC = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax) > 0
              let sideP = (bx - ax) * (py - ay) - (by - ay) * (px - ax) > 0
              if sideC != sideP { odd.toggle() }
            }
            if owner >= 0, (Int(owner) == centre) != odd { return Int(owner) }
            return nil
          }
        }
      }
    }
    if let found { return found }
    if centre >= 0, !centreSeen { return centre }
    return nil
  }
}
