import TextSupport

/// Checks that a city's url is an absolute http or https URL with a host the WHATWG URL
/// standard takes (`WebHost`, which the fetcher and `--check` use too). Done on bytes
/// because Foundation's URL parsing would cost more than reading the whole file.
enum HTTPURLCheck {
  static func isAbsoluteHTTP(_ url: String) -> Bool {
    var url = url
    return url.withUTF8 { isAbsoluteHTTP(bytes: $0) }
  }

  static func isAbsoluteHTTP(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // Spaces, controls and DEL are never valid in a URL; non-ASCII (an IRI) is allowed.
    for byte in bytes where byte <= 0x20 || byte == 0x7F {
      return false
    }
    var i = 0
    guard matchScheme(bytes, "http", at: &i) else { return false }
    if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "s") { i += 1 }
    guard i + 3 <= bytes.count, bytes[i] == UInt8(ascii: ":"),
      bytes[i + 1] == UInt8(ascii: "/"), bytes[i + 2] == UInt8(ascii: "/")
    else { return false }
    i += 3
    var end = i
    while end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
        break
      }
      end += 1
    }
    // The authority is [userinfo@]host[:port]; the host is what must not be empty.
    var hostStart = i
    for j in i..<end where bytes[j] == UInt8(ascii: "@") { hostStart = j + 1 }
    var hostEnd = end
    if hostStart < end, bytes[hostStart] == UInt8(ascii: "[") {
      guard let close = (hostStart..<end).first(where: { bytes[$0] == UInt8(ascii: "]") })
      else { return false }
      hostEnd = close + 1
    } else if let colon = (hostStart..<end).first(where: { bytes[$0] == UInt8(ascii: ":") }) {
      hostEnd = colon
    }
    return hostEnd > hostStart && isPort(bytes, from: hostEnd, to: end)
      && isHost(UnsafeBufferPointer(rebasing: bytes[hostStart..<hostEnd]))
  }

  /// Whether the WHATWG URL standard takes the host, as the fetcher and `--check` do
  /// (`WebHost`): `127.1` and `[0::ffff:127.0.0.1]` pass, `1.2.3.256` and `a<b` do not.
  static func isHost(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
    isPlainDomain(host) || WebHost.isValid(String(decoding: host, as: UTF8.self))
  }

  /// A shortcut for the common host, `zh.wikipedia.org`: ASCII letters, digits, `-` and
  /// `.` only, and a last label with a letter that no IPv4 number holds (not a hex digit,
  /// not `x`). The standard takes every such host, so `WebHost` need not be asked; it
  /// cost a sixth of loading a large file. Anything else goes the general way.
  static func isPlainDomain(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
    var end = host.count
    // One trailing dot is the root's, and the label before it is the last one.
    if end > 0, host[end - 1] == UInt8(ascii: ".") { end -= 1 }
    var lastHasWord = false
    for k in 0..<end {
      let byte = host[k]
      let lower = byte | 0x20
      if lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z") {
        if lower >= UInt8(ascii: "g") && lower != UInt8(ascii: "x") { lastHasWord = true }
      } else if byte == UInt8(ascii: ".") {
        lastHasWord = false
      } else if !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        && byte != UInt8(ascii: "-")
      {
        return false
      }
    }
    // A second trailing dot ends an empty label, which left `lastHasWord` false.
    return lastHasWord
  }

  private static func matchScheme(
    _ bytes: UnsafeBufferPointer<UInt8>, _ scheme: StaticString, at i: inout Int
  ) -> Bool {
    let count = scheme.utf8CodeUnitCount
    guard bytes.count >= count else { return false }
    let letters = scheme.utf8Start
    for k in 0..<count where bytes[k] | 0x20 != letters[k] {
      return false
    }
    i = count
    return true
  }

  /// Either nothing, or ':' followed by digits (an empty port is allowed, as in RFC 3986)
  /// naming a TCP port: at most 65535, which is what libcurl and every server accept.
  private static func isPort(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Bool {
    guard from < end else { return true }
    guard bytes[from] == UInt8(ascii: ":") else { return false }
    var value = 0
    for j in (from + 1)..<end {
      guard (0x30...0x39).contains(bytes[j]) else { return false }
      value = value * 10 + Int(bytes[j] - 0x30)
      if value > 65535 { return false }
    }
    return true
  }
}
