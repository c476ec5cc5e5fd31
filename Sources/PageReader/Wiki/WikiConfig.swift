/// What a MediaWiki page's configuration script (`RLCONF={…}` in its head) says about
/// it: its categories, its title and, when it was reached through a redirect, from where.
public struct WikiConfig: Sendable, Equatable {
  /// `wgCategories`, in order.
  public var categories: [String] = []
  /// `wgPageName`: the title with underscores (`朝阳区_(北京市)`).
  public var pageName: String?
  /// `wgTitle`: the title as shown.
  public var title: String?
  /// `wgRedirectedFrom`: the title the address named, when it redirected here.
  public var redirectedFrom: String?
  /// `wgIsRedirect`: the page is itself a redirect (shown with `redirect=no`).
  public var isRedirect = false

  public init() {}

  /// The configuration in a script's text, or nil when the script is not MediaWiki's.
  public static func parse(_ script: String) -> WikiConfig? {
    let bytes = Array(script.utf8)
    guard
      find(Array("RLCONF".utf8), in: bytes, from: 0) != nil
        || find(Array("\"wgCategories\"".utf8), in: bytes, from: 0) != nil
    else { return nil }
    var config = WikiConfig()
    if let at = valueStart("wgCategories", in: bytes), at < bytes.count, bytes[at] == 0x5B {
      var index = at + 1
      while index < bytes.count {
        skipSpace(bytes, &index)
        guard index < bytes.count, bytes[index] == 0x22,
          let (text, next) = string(bytes, at: index)
        else { break }
        config.categories.append(text)
        index = next
        skipSpace(bytes, &index)
        guard index < bytes.count, bytes[index] == 0x2C else { break }
        index += 1
      }
    }
    config.pageName = stringValue("wgPageName", in: bytes)
    config.title = stringValue("wgTitle", in: bytes)
    config.redirectedFrom = stringValue("wgRedirectedFrom", in: bytes)
    if let at = valueStart("wgIsRedirect", in: bytes) {
      config.isRedirect = bytes[at...].starts(with: Array("true".utf8))
    }
    return config
  }

  private static func valueStart(_ key: String, in bytes: [UInt8]) -> Int? {
    guard let at = find(Array("\"\(key)\"".utf8), in: bytes, from: 0) else { return nil }
    var index = at + key.utf8.count + 2
    skipSpace(bytes, &index)
    guard index < bytes.count, bytes[index] == 0x3A else { return nil }
    index += 1
    skipSpace(bytes, &index)
    return index < bytes.count ? index : nil
  }

  private static func stringValue(_ key: String, in bytes: [UInt8]) -> String? {
    guard let at = valueStart(key, in: bytes), bytes[at] == 0x22 else { return nil }
    return string(bytes, at: at)?.text
  }

  private static func skipSpace(_ bytes: [UInt8], _ index: inout Int) {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  /// The JSON string starting at the quote at `start`, decoded, and the index after it.
  static func string(_ bytes: [UInt8], at start: Int) -> (text: String, next: Int)? {
    var out: [UInt8] = []
    var index = start + 1
    var pendingHigh: UInt32?
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x22 { return (String(decoding: out, as: UTF8.self), index + 1) }
      guard byte == 0x5C else {
        out.append(byte)
        index += 1
        continue
      }
      guard index + 1 < bytes.count else { return nil }
      let escaped = bytes[index + 1]
      index += 2
      switch escaped {
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "r"), UInt8(ascii: "b"), UInt8(ascii: "f"): continue
      case UInt8(ascii: "u"):
        guard index + 4 <= bytes.count,
          let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { return nil }
        index += 4
        if (0xD800..<0xDC00).contains(value) {
          pendingHigh = value
          continue
        }
        var scalarValue = value
        if (0xDC00..<0xE000).contains(value), let high = pendingHigh {
          scalarValue = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
        }
        pendingHigh = nil
        if let scalar = Unicode.Scalar(scalarValue) {
          out.append(contentsOf: Array(String(scalar).utf8))
        }
      default: out.append(escaped)
      }
    }
    return nil
  }

  static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
    guard let first = needle.first, haystack.count >= needle.count else { return nil }
    var index = from
    while index <= haystack.count - needle.count {
      if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) {
        return index
      }
      index += 1
    }
    return nil
  }
}
