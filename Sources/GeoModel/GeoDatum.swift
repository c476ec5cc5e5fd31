import Foundation

/// The datum a typed point is in: what a GPS and most maps give (WGS-84), or one of China's
/// offset datums, which points copied from Chinese maps are in: GCJ-02 (Amap, Tencent, Google
/// China) and BD-09 (Baidu).
///
/// Both are published algorithms, not survey transforms: GCJ-02 is WGS-84 plus a smooth
/// offset of some 100–700 m inside a box around China (none outside it), and BD-09 is GCJ-02
/// turned and shifted a little more. The forward directions are the formulas themselves; the
/// inverse ones are found by iterating the forward one until the step is under 1e-9°, so that
/// a round trip comes back to within 1e-7° (about a centimetre).
public enum GeoDatum: String, Sendable, CaseIterable {
  case wgs84
  case gcj02
  case bd09

  /// The point as WGS-84, from this datum.
  public func toWGS84(_ point: GeoPoint) -> GeoPoint {
    switch self {
    case .wgs84: return point
    case .gcj02: return Self.gcjToWGS(point)
    case .bd09: return Self.gcjToWGS(Self.bdToGCJ(point))
    }
  }

  /// A WGS-84 point in this datum (what the map of this datum would show it as).
  public func fromWGS84(_ point: GeoPoint) -> GeoPoint {
    switch self {
    case .wgs84: return point
    case .gcj02: return Self.wgsToGCJ(point)
    case .bd09: return Self.gcjToBD(Self.wgsToGCJ(point))
    }
  }

  // MARK: GCJ-02

  /// The Krasovsky 1940 ellipsoid the formula uses: semi-major axis and first eccentricity².
  private static let axis = 6_378_245.0
  private static let eccentricity2 = 0.006_693_421_622_965_943_23

  /// Whether GCJ-02 offsets the point: the formula's box around China (a point outside it,
  /// Tokyo or Ulaanbaatar's east, is the same in both).
  public static func isOffset(_ point: GeoPoint) -> Bool {
    point.lng >= 72.004 && point.lng <= 137.8347 && point.lat >= 0.8293 && point.lat <= 55.8271
  }

  /// WGS-84 to GCJ-02: the published formula.
  public static func wgsToGCJ(_ point: GeoPoint) -> GeoPoint {
    guard isOffset(point) else { return point }
    let x = point.lng - 105.0
    let y = point.lat - 35.0
    let pi = Double.pi
    var dLat = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * abs(x).squareRoot()
    dLat += (20.0 * sin(6.0 * x * pi) + 20.0 * sin(2.0 * x * pi)) * 2.0 / 3.0
    dLat += (20.0 * sin(y * pi) + 40.0 * sin(y / 3.0 * pi)) * 2.0 / 3.0
    dLat += (160.0 * sin(y / 12.0 * pi) + 320.0 * sin(y * pi / 30.0)) * 2.0 / 3.0
    var dLng = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * abs(x).squareRoot()
    dLng += (20.0 * sin(6.0 * x * pi) + 20.0 * sin(2.0 * x * pi)) * 2.0 / 3.0
    dLng += (20.0 * sin(x * pi) + 40.0 * sin(x / 3.0 * pi)) * 2.0 / 3.0
    dLng += (150.0 * sin(x / 12.0 * pi) + 300.0 * sin(x / 30.0 * pi)) * 2.0 / 3.0
    let radLat = point.lat / 180.0 * pi
    let magic = 1 - eccentricity2 * sin(radLat) * sin(radLat)
    let sqrtMagic = magic.squareRoot()
    dLat = (dLat * 180.0) / ((axis * (1 - eccentricity2)) / (magic * sqrtMagic) * pi)
    dLng = (dLng * 180.0) / (axis / sqrtMagic * cos(radLat) * pi)
    return GeoPoint(lat: point.lat + dLat, lng: point.lng + dLng)
  }

  /// GCJ-02 to WGS-84: the WGS-84 point whose GCJ-02 is `point`, by fixed-point iteration
  /// (the offset changes slowly, so each step gains some six digits; a few steps suffice).
  public static func gcjToWGS(_ point: GeoPoint) -> GeoPoint {
    invert(point, forward: wgsToGCJ)
  }

  // MARK: BD-09

  /// The constant of Baidu's transform: π · 3000 / 180.
  private static let xPi = Double.pi * 3000.0 / 180.0

  /// GCJ-02 to BD-09: the published formula.
  public static func gcjToBD(_ point: GeoPoint) -> GeoPoint {
    let x = point.lng
    let y = point.lat
    let z = (x * x + y * y).squareRoot() + 0.000_02 * sin(y * xPi)
    let theta = atan2(y, x) + 0.000_003 * cos(x * xPi)
    return GeoPoint(lat: z * sin(theta) + 0.006, lng: z * cos(theta) + 0.0065)
  }

  /// BD-09 to GCJ-02: the GCJ-02 point whose BD-09 is `point` (the published inverse is an
  /// approximation; iterating the forward formula makes it exact to the same bound).
  public static func bdToGCJ(_ point: GeoPoint) -> GeoPoint {
    invert(point, forward: gcjToBD)
  }

  /// The point `p` with `forward(p) == target` to within 1e-9°, starting from `target`
  /// itself: both offsets are small and smooth, so `p += target - forward(p)` converges.
  private static func invert(_ target: GeoPoint, forward: (GeoPoint) -> GeoPoint) -> GeoPoint {
    var guess = target
    for _ in 0..<30 {
      let image = forward(guess)
      let dLat = target.lat - image.lat
      let dLng = target.lng - image.lng
      guess = GeoPoint(lat: guess.lat + dLat, lng: guess.lng + dLng)
      if abs(dLat) < 1e-9 && abs(dLng) < 1e-9 { break }
    }
    return guess
  }
}
