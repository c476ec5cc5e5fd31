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
    var text = text
    guard let point = text.withUTF8({ GeoPoint(parsing: $0) }) else { return nil }
    self = point
  }

  /// `init(parsing:)` on a line's UTF-8 bytes, with no String made where the numbers are
  /// plain decimals (`31.38`, `-120.980001`): what `--at -` is fed.
  public init?(parsing bytes: UnsafeBufferPointer<UInt8>) {
    guard let comma = bytes.firstIndex(of: 0x2C),
      bytes[(comma + 1)...].firstIndex(of: 0x2C) == nil,
      let lat = Self.number(UnsafeBufferPointer(rebasing: bytes[..<comma])),
      let lng = Self.number(UnsafeBufferPointer(rebasing: bytes[(comma + 1)...])),
      abs(lat) <= 90, abs(lng) <= 180
    else { return nil }
    self.init(lat: lat, lng: lng)
  }

  /// A finite number, spaces and tabs around it allowed.
  private static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var start = 0
    var end = bytes.count
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    let body = UnsafeBufferPointer(rebasing: bytes[start..<end])
    if let value = DecimalParser.value(of: body) { return value }
    // Any other decimal spelling (an exponent, `1.`, `.5`) as Swift's Double reads it; a
    // hexadecimal one (`0x1F`, which Double also takes) is no coordinate, as it is no
    // `--timeout`.
    guard !body.contains(where: { $0 | 0x20 == 0x78 }),
      let value = Double(String(decoding: body, as: UTF8.self)), value.isFinite
    else {
      return nil
    }
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
