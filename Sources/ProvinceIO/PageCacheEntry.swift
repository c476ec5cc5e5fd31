import FetchModel
import Foundation
import PageReader

/// One cached page and when it was stored, with the on-disk format that detects a torn
/// or damaged file: magic, version, lengths and an FNV-1a checksum ahead of the bytes.
public struct PageCacheEntry: Sendable, Hashable {
  /// The page as fetched (its `requestedURL` is the cache key).
  public var page: FetchedPage
  /// When the page was fetched or last revalidated.
  public var storedAt: Date
  /// The variant the page was asked for in (`PageVariant`'s raw value), part of the key:
  /// one URL serves its text in another script for each. Nil: asked for in none.
  public var variant: String?

  /// An entry from its parts.
  public init(page: FetchedPage, storedAt: Date, variant: String? = nil) {
    self.page = page
    self.storedAt = storedAt
    self.variant = variant
  }

  /// Seconds since the page was stored or revalidated (never negative).
  public func age(at now: Date = Date()) -> TimeInterval {
    max(0, now.timeIntervalSince(storedAt))
  }

  /// "PBCACHE" and a zero byte.
  static let magic: [UInt8] = Array("PBCACHE".utf8) + [0]
  static let version: UInt32 = 1
  /// Magic, version, metadata length, body length, checksum.
  static let headerSize = 8 + 4 + 4 + 8 + 8

  private struct Metadata: Codable {
    var requestedURL: String
    var finalURL: String
    var status: Int
    var reason: String
    var headers: [String: String]
    var truncated: Bool
    var storedAt: Double
    /// Absent in entries written before variants were asked for.
    var variant: String?
  }

  /// The entry as file bytes.
  func encoded() -> Data {
    let metadata = Metadata(
      requestedURL: page.requestedURL.absoluteString, finalURL: page.finalURL.absoluteString,
      status: page.status, reason: page.reason, headers: page.headers, truncated: page.truncated,
      storedAt: storedAt.timeIntervalSince1970, variant: variant)
    let meta = (try? JSONEncoder().encode(metadata)) ?? Data()
    var checked = meta
    checked.append(page.body)
    var data = Data(Self.magic)
    Self.append(Self.version, to: &data)
    Self.append(UInt32(meta.count), to: &data)
    Self.append(UInt64(page.body.count), to: &data)
    Self.append(Self.fnv1a(checked), to: &data)
    data.append(checked)
    return data
  }

  /// The entry in `data`, or nil when the bytes are not a whole, intact entry.
  static func decode(_ data: Data) -> PageCacheEntry? {
    let bytes = [UInt8](data)
    guard bytes.count >= headerSize, Array(bytes[0..<8]) == magic,
      read(UInt32.self, bytes, at: 8) == version
    else { return nil }
    let metaLength = Int(read(UInt32.self, bytes, at: 12))
    let bodyLength = read(UInt64.self, bytes, at: 16)
    let checksum = read(UInt64.self, bytes, at: 24)
    guard bodyLength <= UInt64(bytes.count),
      bytes.count == headerSize + metaLength + Int(bodyLength)
    else { return nil }
    let checked = Data(bytes[headerSize...])
    guard fnv1a(checked) == checksum,
      let metadata = try? JSONDecoder().decode(
        Metadata.self, from: checked.prefix(metaLength)),
      let requested = URL(string: metadata.requestedURL),
      let final = URL(string: metadata.finalURL)
    else { return nil }
    let page = FetchedPage(
      requestedURL: requested, finalURL: final, status: metadata.status,
      reason: metadata.reason, headers: metadata.headers, body: Data(checked.dropFirst(metaLength)),
      truncated: metadata.truncated)
    return PageCacheEntry(
      page: page, storedAt: Date(timeIntervalSince1970: metadata.storedAt),
      variant: metadata.variant)
  }

  /// 64-bit FNV-1a: quick, and enough to tell a damaged entry from a good one.
  static func fnv1a(_ data: Data) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  private static func append<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
    withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
  }

  private static func read<T: FixedWidthInteger>(_: T.Type, _ bytes: [UInt8], at offset: Int) -> T {
    var value: T = 0
    for index in (0..<MemoryLayout<T>.size).reversed() {
      value = value << 8 | T(bytes[offset + index])
    }
    return value
  }
}
