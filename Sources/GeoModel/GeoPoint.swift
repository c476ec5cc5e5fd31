import Foundation

/// A point on the earth in WGS-84 degrees: what a GPS gives and what `--at` takes.
public struct GeoPoint: Sendable, Equatable, Hashable {
  public var lat: Double
  public var lng: Double

  public init(lat: Double, lng: Double) {
    self.lat = lat
    self.lng = lng
  }

  /// `31.38,120.98` (latitude first, as maps print it; spaces around the comma allowed), or
  /// nil where it is not two finite numbers in range. Read by bytes: `--at -` reads one a
  /// line, and Character-wise splitting was most of a line's cost.
  public init?(parsing text: String) {
    let whole = Substring(text)
    let bytes = whole.utf8
    guard let comma = bytes.firstIndex(of: 0x2C),
      bytes[bytes.index(after: comma)...].firstIndex(of: 0x2C) == nil,
      let lat = Self.number(whole[..<comma]),
      let lng = Self.number(whole[whole.index(after: comma)...]),
      abs(lat) <= 90, abs(lng) <= 180
    else { return nil }
    self.init(lat: lat, lng: lng)
  }

  /// A finite number, spaces and tabs around it allowed.
  private static func number(_ text: Substring) -> Double? {
    let bytes = text.utf8
    var start = bytes.startIndex
    var end = bytes.endIndex
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 {
      start = bytes.index(after: start)
    }
    while end > start,
      bytes[bytes.index(before: end)] == 0x20 || bytes[bytes.index(before: end)] == 0x09
    {
      end = bytes.index(before: end)
    }
    guard let value = Double(text[start..<end]), value.isFinite else { return nil }
    return value
  }

  /// The great-circle distance to `other`, in kilometres (a sphere of the mean radius).
  public func distance(to other: GeoPoint) -> Double {
    let radians = Double.pi / 180
    let dLat = (other.lat - lat) * radians
    let dLng = (other.lng - lng) * radians
    let a =
      sin(dLat / 2) * sin(dLat / 2) + cos(lat * radians) * cos(other.lat * radians)
      * sin(dLng / 2) * sin(dLng / 2)
    return 6371.0088 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
  }
}
