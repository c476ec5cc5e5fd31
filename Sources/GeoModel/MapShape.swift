/// One thing to draw on a map: closed rings (lng, lat), drawn as outlines or filled.
public struct MapShape: Sendable, Equatable {
  public var rings: [[GeoPoint]]
  public var tone: MapTone

  public init(rings: [[GeoPoint]], tone: MapTone) {
    self.rings = rings
    self.tone = tone
  }

  /// The outline at `index` of `store` as a shape.
  public init(_ store: OutlineStore, _ index: Int, tone: MapTone) {
    rings = store.outlines[index].rings.map { ring in
      ring.map { GeoPoint(lat: store.ys[$0], lng: store.xs[$0]) }
    }
    self.tone = tone
  }
}
