import GeoModel
import Testing

@Suite("A map drawn into cells")
struct MapRasterTests {
  /// A parent square, a sibling in its lower right corner drawn faint, and the selected
  /// square filled, near the equator so that a degree is about as wide as it is tall.
  static func square(_ west: Double, _ south: Double, _ east: Double, _ north: Double)
    -> [GeoPoint]
  {
    [
      GeoPoint(lat: south, lng: west), GeoPoint(lat: south, lng: east),
      GeoPoint(lat: north, lng: east), GeoPoint(lat: north, lng: west),
      GeoPoint(lat: south, lng: west),
    ]
  }

  static let shapes = [
    MapShape(rings: [square(0.2, 0.2, 7.8, 7.8)], tone: .outline),
    MapShape(rings: [square(5.8, 0.2, 7.8, 2.2)], tone: .faint),
    MapShape(rings: [square(2.2, 2.2, 5.8, 5.8)], tone: .fill),
  ]
  static let box = GeoBox(west: 0, south: 0, east: 8, north: 8)

  @Test("a fixture drawn into 4 × 2 cells is the Braille worked out by hand")
  func fixtureIntoFixedGrid() {
    let picture = MapRaster.draw(Self.shapes, box: Self.box, columns: 4, rows: 2)
    // 8 × 8 dots: the parent's outline is the grid's border; the filled square is dots
    // 2–5 across and down; the sibling's outline runs along dot row 5 and columns 5 and 7
    // of rows 5–7. Each cell's dots as Braille (bits 1, 2, 3, 7 left, 4, 5, 6, 8 right):
    // top row ⡏ (left column and top dot right), ⣭ ⣭ (top edge, fill rows 2–3), ⢹;
    // bottom row ⣇, ⣛ (fill rows 4–5, bottom edge), ⣻ (and the sibling's left edge), ⣺.
    #expect(
      picture.lines == ["\u{284F}\u{28ED}\u{28ED}\u{28B9}", "\u{28C7}\u{28DB}\u{28FB}\u{28FA}"])
  }

  @Test("each cell takes its strongest dot's tone: the fill, then the outline")
  func tones() {
    let picture = MapRaster.draw(Self.shapes, box: Self.box, columns: 4, rows: 2)
    #expect(
      picture.tones == [.outline, .fill, .fill, .outline, .outline, .fill, .fill, .outline])
  }

  @Test("a faint outline alone gives its cells the faint tone")
  func faintAlone() {
    let picture = MapRaster.draw(
      [MapShape(rings: [Self.square(5.8, 0.2, 7.8, 2.2)], tone: .faint)], box: Self.box,
      columns: 4, rows: 2)
    #expect(picture.tones == [.empty, .empty, .empty, .empty, .empty, .empty, .faint, .faint])
  }

  @Test("styled lines wrap each run of a tone once, and plain lines carry no escape")
  func styled() {
    let picture = MapRaster.draw(Self.shapes, box: Self.box, columns: 4, rows: 2)
    let styled = picture.styledLines { tone in
      tone == .fill ? ("<", ">") : ("", "")
    }
    #expect(styled[0] == "\u{284F}<\u{28ED}\u{28ED}>\u{28B9}")
    #expect(!picture.lines.joined().contains("\u{1B}"))
  }

  @Test("an empty grid is drawn without a fault")
  func emptyGrid() {
    #expect(MapRaster.draw(Self.shapes, box: Self.box, columns: 0, rows: 0).lines.isEmpty)
  }

  @Test("a filled shape partly or wholly outside the box is clipped, not a fault")
  func fillOutsideTheBox() {
    // A child a little past its parent's box (the parent's outline simplified harder), and
    // one far off: the first fills only the grid's last dot column, the second nothing.
    let partly = MapRaster.draw(
      [MapShape(rings: [Self.square(7.9, 2.2, 9.0, 5.8)], tone: .fill)], box: Self.box,
      columns: 4, rows: 2)
    #expect(partly.tones == [.empty, .empty, .empty, .fill, .empty, .empty, .empty, .fill])
    let far = MapRaster.draw(
      [MapShape(rings: [Self.square(1e12, 2.2, 2e12, 5.8)], tone: .fill)], box: Self.box,
      columns: 4, rows: 2)
    #expect(far.tones.allSatisfy { $0 == .empty })
  }
}
