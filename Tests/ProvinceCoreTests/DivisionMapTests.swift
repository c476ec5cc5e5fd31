import BuiltInCatalog
import BuiltInOutlines
import GeoModel
import ProvinceCore
import Testing

@Suite("The map of a division inside its parent")
struct DivisionMapTests {
  /// A parent 0–2° wide and 1° tall, split into a western and an eastern leaf.
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
    let parent = ring([(0.05, 0.05), (1.95, 0.05), (1.95, 0.95), (0.05, 0.95)])
    let west = ring([(0.05, 0.05), (1, 0.05), (1, 0.95), (0.05, 0.95)])
    let east = ring([(1, 0.05), (1.95, 0.05), (1.95, 0.95), (1, 0.95)])
    let box = GeoBox(west: 0, south: 0, east: 2, north: 1)
    func outline(_ code: String, _ ring: Range<Int>, parent: Int?) -> Outline {
      Outline(
        code: code, name: code, level: parent == nil ? .city : .county, isLeaf: parent != nil,
        parent: parent, box: box, point: GeoPoint(lat: 0.5, lng: 0.5), rings: [ring],
        holes: [false])
    }
    return OutlineStore(
      outlines: [
        outline("000100", parent, parent: nil), outline("000101", west, parent: 0),
        outline("000102", east, parent: 0),
      ], xs: xs, ys: ys)
  }()

  @Test("the western leaf is filled on the left, its sibling faint on the right")
  func westernLeaf() {
    let picture = DivisionMap.picture(of: 1, in: Self.store, columns: 8, rows: 2)
    // 16 × 8 dots over 2° × 1°: the left half of each row is the fill.
    for row in 0..<2 {
      let tones = picture.tones[(row * 8)..<(row * 8 + 8)]
      #expect(tones.prefix(4).allSatisfy { $0 == .fill }, "row \(row): \(Array(tones))")
      #expect(!tones.suffix(3).contains(.fill), "row \(row): \(Array(tones))")
    }
    // Without colour the fill still shows: every dot of an inner filled cell is set.
    #expect(picture.lines[0].unicodeScalars.dropFirst().first == "\u{28FF}")
    // The eastern half is outline only: its middle cells are blank inside.
    #expect(picture.lines[0].unicodeScalars.dropFirst(5).first == "\u{2809}")
  }

  @Test("the built-in map of 苏州市 fills part of 江苏省 and leaves most of it empty")
  func builtIn() throws {
    let catalog = BuiltInCatalog.catalog
    let province = try #require(catalog.provinces.firstIndex { $0.name == "江苏省" })
    let city = try #require(catalog.provinces[province].cities.firstIndex { $0.name == "苏州市" })
    let picture = try #require(
      DivisionMap.picture(
        for: .init(province: province, city: city), in: catalog, columns: 40, rows: 12))
    let filled = picture.tones.filter { $0 == .fill }.count
    // 苏州 is about a twelfth of 江苏省's area (8,657 of 107,200 km²).
    #expect(filled > 10 && filled < 120)
    // It lies in the south-east: its filled cells are in the bottom half, right of centre.
    let cells = picture.tones.indices.filter { picture.tones[$0] == .fill }
    #expect(cells.allSatisfy { $0 / 40 >= 5 && $0 % 40 >= 20 })
  }

  @Test(
    "the preview pane draws the map below the names where rows are spare, and not where none are")
  func previewPane() throws {
    let store = try BuiltInOutlines.store.get()
    let suzhou = try #require(store.index(ofCode: "320500"))
    let preview = MenuPreview(
      title: "苏州市", facts: [], url: nil, childrenHeading: "", children: [], outline: suzhou)
    let maps = MapOutlines.made(for: BuiltInCatalog.catalog)
    let tall = preview.lines(width: 40, rows: 20, pageState: nil, maps: maps)
    #expect(tall.count > 8 && tall.joined().contains("\u{28FF}"))
    let short = preview.lines(width: 40, rows: 6, pageState: nil, maps: maps)
    #expect(!short.joined().unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) })
  }
}
