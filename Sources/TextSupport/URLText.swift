/// URLs as printable ASCII, so that `curl "$(browse -p 广东 -c 广州)"` works as is.
public enum URLText {
  /// Percent-encodes every byte that is not printable ASCII or not allowed in a URL,
  /// leaving existing `%XX` escapes and reserved characters alone.
  public static func ascii(_ url: String) -> String {
    // Bytes, not String appends: a page's link list runs this thousands of times, and
    // appending scalar by scalar was a quarter of rendering a large page.
    var out: [UInt8] = []
    out.reserveCapacity(url.utf8.count)
    for byte in url.utf8 {
      if byte > 0x20 && byte < 0x7F && !isUnsafe(byte) {
        out.append(byte)
      } else {
        out.append(UInt8(ascii: "%"))
        out.append(hex(byte >> 4))
        out.append(hex(byte & 0xF))
      }
    }
    return String(decoding: out, as: UTF8.self)
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

  private static func hex(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? 0x30 + nibble : 0x41 + nibble - 10
  }
}
