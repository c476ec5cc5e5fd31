import BuiltInCatalog
import BuiltInOutlines
import GeoModel
import Testing

@testable import ProvinceCore

/// Maps that say where, on the real built-in outlines: a province inside China, a district
/// inside its city, each one's picture its own without colour, and a map as large as the
/// pane it is in.
@Suite struct DivisionMapWhereTests {
  /// The preview pane's map at 160 columns before it grew: 42 × 14 cells.
  static let columns = 42
  static let rows = 14

  static func store() throws -> OutlineStore { try BuiltInOutlines.store.get() }

  /// The pictures of `outlines`, as plain text (what shows without colour).
  static func plain(_ outlines: [Int], in store: OutlineStore) -> [[String]] {
    outlines.map {
      DivisionMap.picture(of: $0, in: store, columns: columns, rows: rows).lines
    }
  }

  @Test func atTheTopLevelEveryProvinceDrawsAPictureOfItsOwn() throws {
    let store = try Self.store()
    let provinces = store.children(of: nil)
    // Mainland China has 31 province-level divisions; with Hong Kong, Macao and Taiwan, 34.
    #expect(provinces.count >= 31)
    let pictures = Self.plain(provinces, in: store)
    #expect(Set(pictures).count == provinces.count)
  }

  @Test(arguments: ["110000", "460000", "440000"])
  func theDivisionsOfOneParentEachDrawAPictureOfTheirOwn(parentCode: String) throws {
    let store = try Self.store()
    let parent = try #require(store.index(ofCode: parentCode))
    let children = store.children(of: parent)
    // 北京 has 16 districts, 海南 4 prefecture-level cities (or more, with its
    // directly administered counties), 广东 21 cities.
    #expect(children.count >= 4)
    let pictures = Self.plain(children, in: store)
    #expect(Set(pictures).count == children.count)
  }

  /// The cells of `picture` whose tone is `tone`, as (row, column).
  static func cells(_ picture: MapPicture, _ tone: MapTone) -> [(row: Int, column: Int)] {
    picture.tones.indices.filter { picture.tones[$0] == tone }.map {
      ($0 / picture.columns, $0 % picture.columns)
    }
  }

  @Test func aProvinceIsFilledInsideTheOutlineOfChina() throws {
    let store = try Self.store()
    let xinjiang = try #require(store.index(ofCode: "650000"))
    let hainan = try #require(store.index(ofCode: "460000"))
    let heilongjiang = try #require(store.index(ofCode: "230000"))
    for (index, west, south) in [
      (xinjiang, true, false), (hainan, false, true), (heilongjiang, false, false),
    ] {
      let picture = DivisionMap.picture(
        of: index, in: store, columns: Self.columns, rows: Self.rows)
      let filled = Self.cells(picture, .fill)
      #expect(!filled.isEmpty)
      // China's edge is drawn around it, across most of the picture both ways.
      let edge = Self.cells(picture, .outline)
      let columns = edge.map(\.column)
      let rows = edge.map(\.row)
      #expect((columns.max() ?? 0) - (columns.min() ?? 0) >= Self.columns / 2)
      #expect((rows.max() ?? 0) - (rows.min() ?? 0) >= Self.rows / 2)
      // And the province lies where it is: 新疆 in the west, 海南 in the south,
      // 黑龙江 in the north-east.
      let meanColumn = Double(filled.map(\.column).reduce(0, +)) / Double(filled.count)
      let meanRow = Double(filled.map(\.row).reduce(0, +)) / Double(filled.count)
      if west { #expect(meanColumn < Double(Self.columns) / 3) }
      if south { #expect(meanRow > Double(Self.rows) * 2 / 3) }
      if !west && !south {
        #expect(meanColumn > Double(Self.columns) * 2 / 3 && meanRow < Double(Self.rows) / 3)
      }
    }
  }

  @Test func withoutColourOnlyTheDivisionIsSolid() throws {
    let store = try Self.store()
    // 四川 at the top level, 成都 in 四川: the full cells (⣿, every dot) are the division's.
    for code in ["510000", "510100"] {
      let index = try #require(store.index(ofCode: code))
      let picture = DivisionMap.picture(
        of: index, in: store, columns: Self.columns, rows: Self.rows)
      let full = picture.dots.indices.filter { picture.dots[$0] == 0xFF }
      #expect(!full.isEmpty, "\(code)")
      #expect(full.allSatisfy { picture.tones[$0] == .fill }, "\(code)")
    }
  }

  @Test func thePreviewsMapGrowsWithThePane() throws {
    let store = try Self.store()
    let guangdong = try #require(store.index(ofCode: "440000"))
    let preview = MenuPreview(
      title: "广东省", facts: [.init(label: "Code", value: "440000")], url: nil,
      childrenHeading: "21 cities", children: (1...21).map { "城市\($0)" }, outline: guangdong)
    // A 220 × 50 window: the pane is 88 columns (85 inside) by 48 rows.
    let maps = MapOutlines(MapOutlines.made(for: BuiltInCatalog.catalog).ready)
    let large = try #require(preview.layout(width: 85, rows: 48, pageState: nil, maps: maps).map)
    #expect(large.picture.rows >= 30 && large.picture.columns >= 80)
    let small = try #require(preview.layout(width: 60, rows: 30, pageState: nil, maps: maps).map)
    #expect(small.picture.rows < large.picture.rows)
  }
}
