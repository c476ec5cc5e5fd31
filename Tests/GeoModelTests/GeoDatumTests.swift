import GeoModel
import Testing

@Suite("GCJ-02 and BD-09 to WGS-84 and back")
struct GeoDatumTests {
  /// Points across China and its edges: Beijing, Shanghai, Ürümqi, Lhasa, Sanya, Harbin,
  /// Kashgar, the Spratlys.
  static let chinese: [(Double, Double)] = [
    (39.9087, 116.3975), (31.2304, 121.4737), (43.8256, 87.6168), (29.6578, 91.1169),
    (18.2528, 109.5119), (45.8038, 126.5350), (39.4704, 75.9898), (9.55, 112.89),
  ]

  @Test("the published WGS-84 → GCJ-02 test vector (eviltransform's, in Shanghai)")
  func publishedVector() {
    let gcj = GeoDatum.gcj02.fromWGS84(GeoPoint(lat: 31.1774276, lng: 121.5272106))
    #expect(abs(gcj.lat - 31.17530398364597) < 1e-12)
    #expect(abs(gcj.lng - 121.531541859215) < 1e-12)
  }

  @Test("outside China GCJ-02 is WGS-84: a point in Tokyo, one in Europe, unchanged")
  func noOffsetAbroad() {
    for point in [GeoPoint(lat: 35.68, lng: 139.76), GeoPoint(lat: 48.8584, lng: 2.2945)] {
      #expect(GeoDatum.gcj02.toWGS84(point) == point)
      #expect(GeoDatum.gcj02.fromWGS84(point) == point)
      #expect(GeoDatum.wgs84.toWGS84(point) == point)
    }
  }

  @Test("inside China the GCJ-02 offset is some 100 to 700 m; BD-09 moves it further")
  func offsetSize() {
    for (lat, lng) in Self.chinese {
      let wgs = GeoPoint(lat: lat, lng: lng)
      let gcj = GeoDatum.gcj02.fromWGS84(wgs)
      let metres = wgs.distance(to: gcj) * 1000
      #expect(metres > 100 && metres < 700, "\(lat),\(lng): \(metres) m")
      // BD-09 adds about 0.0065° east and 0.006° north to GCJ-02: 0.7 to 1 km.
      let bd = GeoDatum.bd09.fromWGS84(wgs)
      let further = gcj.distance(to: bd) * 1000
      #expect(further > 500 && further < 1100, "\(lat),\(lng): \(further) m")
    }
  }

  @Test("a round trip, either way and in both datums, comes back within 1e-7 degrees")
  func roundTrips() {
    var points = Self.chinese.map { GeoPoint(lat: $0.0, lng: $0.1) }
    // A grid over the box GCJ-02 offsets, edges included.
    for lat in stride(from: 1.0, through: 55.0, by: 6.0) {
      for lng in stride(from: 73.0, through: 137.0, by: 8.0) {
        points.append(GeoPoint(lat: lat, lng: lng))
      }
    }
    for point in points {
      for datum in [GeoDatum.gcj02, .bd09] {
        let there = datum.toWGS84(datum.fromWGS84(point))
        #expect(abs(there.lat - point.lat) < 1e-7 && abs(there.lng - point.lng) < 1e-7)
        let back = datum.fromWGS84(datum.toWGS84(point))
        #expect(abs(back.lat - point.lat) < 1e-7 && abs(back.lng - point.lng) < 1e-7)
      }
    }
  }

  @Test("the inverse is better than the one-step approximation (g − offset(g))")
  func iterationBeatsOneStep() {
    let wgs = GeoPoint(lat: 39.9087, lng: 116.3975)
    let gcj = GeoDatum.gcj02.fromWGS84(wgs)
    let shifted = GeoDatum.gcj02.fromWGS84(gcj)
    let oneStep = GeoPoint(lat: 2 * gcj.lat - shifted.lat, lng: 2 * gcj.lng - shifted.lng)
    let iterated = GeoDatum.gcj02.toWGS84(gcj)
    let oneStepError = max(abs(oneStep.lat - wgs.lat), abs(oneStep.lng - wgs.lng))
    let error = max(abs(iterated.lat - wgs.lat), abs(iterated.lng - wgs.lng))
    #expect(oneStepError > 1e-7)
    #expect(error < 1e-9)
  }

  @Test("the datums' names are the option's values")
  func names() {
    #expect(GeoDatum.allCases.map(\.rawValue) == ["wgs84", "gcj02", "bd09"])
  }
}
