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
  /// nil where it is not two finite numbers in range.
  public init?(parsing text: some StringProtocol) {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2,
      let lat = Double(parts[0].trimmingSpaces), let lng = Double(parts[1].trimmingSpaces),
      lat.isFinite, lng.isFinite, abs(lat) <= 90, abs(lng) <= 180
    else { return nil }
    self.init(lat: lat, lng: lng)
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

extension StringProtocol {
  fileprivate var trimmingSpaces: Substring {
    let view = Substring(self)
    let start = view.firstIndex { $0 != " " && $0 != "\t" } ?? view.endIndex
    let end = view.lastIndex { $0 != " " && $0 != "\t" }.map { view.index(after: $0) } ?? start
    return view[start..<Swift.max(start, end)]
  }
}
