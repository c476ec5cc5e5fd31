/// URLs as printable ASCII, so that `curl "$(browse -p 广东 -c 广州)"` works as is.
public enum URLText {
  /// Percent-encodes every byte that is not printable ASCII or not allowed in a URL,
  /// leaving existing `%XX` escapes and reserved characters alone.
  public static func ascii(_ url: String) -> String {
    var out = ""
    out.reserveCapacity(url.utf8.count)
    for byte in url.utf8 {
      if byte > 0x20 && byte < 0x7F && !unsafe.contains(byte) {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        out += "%" + hex(byte >> 4) + hex(byte & 0xF)
      }
    }
    return out
  }

  private static let unsafe: Set<UInt8> = Set("\"<>\\^`{|}".utf8)

  private static func hex(_ nibble: UInt8) -> String {
    String(UnicodeScalar(nibble < 10 ? 0x30 + nibble : 0x41 + nibble - 10))
  }
}
