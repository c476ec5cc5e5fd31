import BuiltInOutlines
import GeoModel
import Testing

@Suite("The built-in outlines place points where they are")
struct BuiltInPlacesTests {
  /// The code of the leaf holding `lat, lng`, and of each of its parents, nearest first.
  static func codes(_ lat: Double, _ lng: Double) throws -> [String] {
    let store = try BuiltInOutlines.store.get()
    let locator = try BuiltInOutlines.locator.get()
    var index = locator.leaf(at: GeoPoint(lat: lat, lng: lng))
    var codes: [String] = []
    while let current = index {
      codes.append(store.outlines[current].code)
      index = store.outlines[current].parent
    }
    return codes
  }

  // WGS-84 coordinates of well-known places, with the divisions they lie in.
  @Test(
    "a county seat, each municipality's centre and a river city's two banks",
    arguments: [
      // 昆山市 (Kunshan), its city hall; under 苏州市, 江苏省.
      (31.385, 120.981, ["320583", "320500", "320000"]),
      // 天安门 (Tiananmen), in 东城区 of 北京市.
      (39.9087, 116.3975, ["110101", "110000"]),
      // 人民广场 (People's Square), in 黄浦区 of 上海市.
      (31.2304, 121.4737, ["310101", "310000"]),
      // 解放碑 (Jiefangbei), in 渝中区 of 重庆市.
      (29.5576, 106.5770, ["500103", "500000"]),
      // 天津 city centre, 和平区 (Heping).
      (39.1170, 117.2000, ["120101", "120000"]),
      // 武汉: 黄鹤楼 on the Yangtze's right bank, 武昌区; 汉口's 江汉路 on the left, 江汉区.
      (30.5446, 114.3025, ["420106", "420100", "420000"]),
      (30.5806, 114.2907, ["420103", "420100", "420000"]),
      // 拉萨 (Lhasa), the Potala Palace, in 城关区.
      (29.6578, 91.1169, ["540102", "540100", "540000"]),
    ])
  func places(lat: Double, lng: Double, expected: [String]) throws {
    #expect(try Self.codes(lat, lng) == expected)
  }

  @Test(
    "a point at sea or abroad is in no division",
    arguments: [
      (30.0, 125.0),  // the East China Sea
      (18.0, 115.0),  // the South China Sea, clear of any island
      (35.68, 139.76),  // Tokyo
      (47.92, 106.92),  // Ulaanbaatar
      (0.0, 0.0),
    ])
  func nowhere(lat: Double, lng: Double) throws {
    #expect(try Self.codes(lat, lng).isEmpty)
  }

  @Test("every province of the data has an outline under its 2-digit code")
  func provinces() throws {
    let store = try BuiltInOutlines.store.get()
    for code in ["11", "31", "44", "65", "71", "81", "82"] {
      let index = try #require(store.index(ofCode: code))
      #expect(store.outlines[index].level == .province)
    }
    #expect(store.outlines[try #require(store.index(ofCode: "44"))].name == "广东省")
    // 广东省 lies between 20° and 26° N, 109° and 118° E.
    let box = store.outlines[try #require(store.index(ofCode: "44"))].box
    #expect(box.south > 20 && box.south < 21 && box.north > 25 && box.north < 26)
    #expect(box.west > 109 && box.west < 110.5 && box.east > 116.5 && box.east < 118)
  }
}
