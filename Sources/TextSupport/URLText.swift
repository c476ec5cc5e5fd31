import Foundation

/// URLs as printable ASCII, so that `curl "$(browse -p 广东 -c 广州)"` works as is.
public enum URLText {
  /// Percent-encodes every byte that is not printable ASCII or not allowed in a URL,
  /// leaving existing `%XX` escapes and reserved characters alone. An international host
  /// name (`https://例子.测试/`) becomes its IDNA ASCII form (`https://xn--fsqu00a.xn--0zwm56d/`)
  /// instead, as DNS needs it; one that cannot be converted is left percent-encoded.
  public static func ascii(_ url: String) -> String {
    var url = url
    let changed = url.withUTF8 { bytes -> String? in
      if let host = internationalHost(in: bytes), let converted = HostName.ascii(host.name) {
        var out = encoded(UnsafeBufferPointer(rebasing: bytes[..<host.range.lowerBound]))
        out.append(contentsOf: converted.utf8)
        out.append(
          contentsOf: encoded(UnsafeBufferPointer(rebasing: bytes[host.range.upperBound...])))
        return String(decoding: out, as: UTF8.self)
      }
      // Most URLs are ASCII already: handed back as they are, not copied.
      if bytes.allSatisfy(isKept) { return nil }
      return String(decoding: encoded(bytes), as: UTF8.self)
    }
    return changed ?? url
  }

  /// The URL to request for `address`: its `ascii` form, the host as the WHATWG URL
  /// standard parses it (`WebHost`: an international name in IDNA ASCII, `127.1` as
  /// `127.0.0.1`). Nil when that is not a URL with a host, or when the standard refuses the
  /// host (an empty label, a label over 63 bytes, `1.2.3.256`): a clean "not a valid web
  /// address" rather than a request for a name no DNS server knows. `--validate` decides
  /// with the same `WebHost`.
  public static func requestURL(_ address: String) -> URL? {
    var copy = address
    let unconvertible = copy.withUTF8 { bytes in
      internationalHost(in: bytes).map { HostName.ascii($0.name) == nil } ?? false
    }
    guard !unconvertible else { return nil }
    var text = ascii(address)
    let canonical = text.withUTF8 { bytes -> String? in
      guard let range = hostRange(in: bytes) else { return nil }
      let host = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
      guard let canonical = WebHost.canonical(host) else { return nil }
      if canonical == host { return String(decoding: bytes, as: UTF8.self) }
      return String(
        decoding: UnsafeBufferPointer(rebasing: bytes[..<range.lowerBound]), as: UTF8.self)
        + canonical
        + String(decoding: UnsafeBufferPointer(rebasing: bytes[range.upperBound...]), as: UTF8.self)
    }
    guard let canonical, let url = URL(string: canonical), let host = url.host, !host.isEmpty
    else { return nil }
    return url
  }

  /// The host of an absolute `scheme://` URL when it holds non-ASCII text, raw or as
  /// percent-encoded UTF-8: its byte range and the name it spells. Nil for IP literals.
  static func internationalHost(
    in bytes: UnsafeBufferPointer<UInt8>
  ) -> (range: Range<Int>, name: String)? {
    guard let range = hostRange(in: bytes), bytes[range.lowerBound] != UInt8(ascii: "[") else {
      return nil
    }
    let (hostStart, hostEnd) = (range.lowerBound, range.upperBound)
    let host = UnsafeBufferPointer(rebasing: bytes[hostStart..<hostEnd])
    if host.contains(where: { $0 >= 0x80 }) {
      return (hostStart..<hostEnd, String(decoding: host, as: UTF8.self))
    }
    guard host.contains(UInt8(ascii: "%")), let decoded = percentDecoded(host),
      decoded.contains(where: { $0 >= 0x80 }),
      let name = String(validating: decoded, as: UTF8.self)
    else { return nil }
    return (hostStart..<hostEnd, name)
  }

  /// The host of an absolute `scheme://` URL, lower case, without user or port (an IP
  /// literal keeps its brackets); nil for a URL without an authority (`mailto:`, a path).
  public static func host(_ url: String) -> String? {
    var url = url
    return url.withUTF8 { bytes in
      hostRange(in: bytes).map {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self).lowercased()
      }
    }
  }

  /// The bytes of the host in an absolute `scheme://` URL: after any `user@`, before any
  /// `:port`; an IP literal with its brackets.
  private static func hostRange(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    guard let start = authorityStart(bytes) else { return nil }
    var end = start
    while end < bytes.count, !isAuthorityEnd(bytes[end]) { end += 1 }
    var hostStart = start
    for index in start..<end where bytes[index] == UInt8(ascii: "@") { hostStart = index + 1 }
    guard hostStart < end else { return nil }
    var hostEnd = hostStart
    if bytes[hostStart] == UInt8(ascii: "[") {
      while hostEnd < end, bytes[hostEnd] != UInt8(ascii: "]") { hostEnd += 1 }
      hostEnd = min(end, hostEnd + 1)
    } else {
      while hostEnd < end, bytes[hostEnd] != UInt8(ascii: ":") { hostEnd += 1 }
    }
    return hostStart..<hostEnd
  }

  /// Where the authority begins: after `scheme://`, the scheme a letter then letters,
  /// digits, `+`, `-` or `.`.
  private static func authorityStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let first = bytes.first, isLetter(first) else { return nil }
    var index = 1
    while index < bytes.count, isSchemeByte(bytes[index]) { index += 1 }
    guard index + 2 < bytes.count, bytes[index] == UInt8(ascii: ":"),
      bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/")
    else { return nil }
    return index + 3
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  private static func isSchemeByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  private static func isAuthorityEnd(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
  }

  /// The bytes with each `%XX` decoded; nil when an escape is malformed.
  /// `text` with its `%XX` sequences decoded, or nil when one is malformed or the bytes
  /// are not UTF-8: Foundation's `removingPercentEncoding`, which goes through
  /// CoreFoundation and NSString on every call (a page's anchors and fragment links call
  /// it hundreds of times; BENCHMARKS.md has the cost).
  public static func removingPercentEncoding(_ text: String) -> String? {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    var text = text
    return text.withUTF8 { bytes in
      percentDecoded(bytes).flatMap { String(validating: $0, as: UTF8.self) }
    }
  }

  private static func percentDecoded(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%") {
        guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
          let low = hexValue(bytes[index + 2])
        else { return nil }
        out.append(high << 4 | low)
        index += 3
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return out
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  private static func encoded(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    // Bytes, not String appends: a page's link list runs this thousands of times, and
    // appending scalar by scalar was a quarter of rendering a large page.
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    for byte in bytes {
      if isKept(byte) {
        out.append(byte)
      } else {
        out.append(UInt8(ascii: "%"))
        out.append(hex(byte >> 4))
        out.append(hex(byte & 0xF))
      }
    }
    return out
  }

  /// A byte a URL keeps as it is: printable ASCII other than space and the unsafe ones.
  private static func isKept(_ byte: UInt8) -> Bool {
    byte > 0x20 && byte < 0x7F && !isUnsafe(byte)
  }

  private static func isUnsafe(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"),
      UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
      return true
    default:
      return false
    }
  }

  /// `text` (an error libcurl wrote, say) with the user information of every address in
  /// it replaced by `***`: `http://user:secret@[bad` becomes `http://***@[bad`, with or
  /// without the scheme. A proxy's password must never be printed, nor a token written
  /// as its user name, so the whole of it goes. An address here is a run of text between
  /// spaces or quotes; its user information runs from after `://` (or its start) to its
  /// last `@`, more than a URL parser would take, which only ever hides more.
  public static func redactingCredentials(_ text: String) -> String {
    guard text.contains("@") else { return text }
    let delimiters: Set<Character> = [
      " ", "\t", "\n", "\r", "'", "\"", "“", "”", "‘", "’", "<", ">",
    ]
    var result = ""
    var token = Substring()
    func flush() {
      if let at = token.lastIndex(of: "@") {
        let start = token.range(of: "://").map { $0.upperBound } ?? token.startIndex
        if start < at {
          result += token[..<start] + "***" + token[at...]
          token = Substring()
          return
        }
      }
      result += token
      token = Substring()
    }
    var tokenStart = text.startIndex
    for index in text.indices where delimiters.contains(text[index]) {
      token = text[tokenStart..<index]
      flush()
      result.append(text[index])
      tokenStart = text.index(after: index)
    }
    token = text[tokenStart...]
    flush()
    return result
  }

  private static func hex(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? 0x30 + nibble : 0x41 + nibble - 10
  }
}
