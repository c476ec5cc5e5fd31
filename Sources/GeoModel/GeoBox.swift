/// A bounding box in degrees, west to east and south to north.
public struct GeoBox: Sendable, Equatable {
  public var west: Double
  public var south: Double
  public var east: Double
  public var north: Double

  public init(west: Double, south: Double, east: Double, north: Double) {
    self.west = west
    self.south = south
    self.east = east
    self.north = north
  }

  public func contains(_ point: GeoPoint) -> Bool {
    point.lng >= west && point.lng <= east && point.lat >= south && point.lat <= north
  }

  /// The smallest box holding both.
  public func union(_ other: GeoBox) -> GeoBox {
    GeoBox(
      west: min(west, other.west), south: min(south, other.south), east: max(east, other.east),
      north: max(north, other.north))
  }
}
