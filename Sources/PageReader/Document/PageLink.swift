import TextSupport

/// A link of a page: where it goes and what it says.
public struct PageLink: Sendable, Equatable, Hashable {
  /// The absolute http(s) URL, sanitised; percent-encoded as the page wrote it.
  public var url: String
  /// The link's text on one line (an image link's alt text), possibly empty.
  public var text: String
  /// The `#fragment`, decoded, when the URL has one.
  public var fragment: String?
  /// True when the link points into the same document (`#section`): the pager can
  /// jump to `fragment` without fetching.
  public var isInPage: Bool
  /// True for a citation mark (a link inside Wikipedia's `<sup class=reference>`): its
  /// `⁽³⁾` is the link's text and mark at once, laid out without a `[n]` after it.
  public var isCitation = false

  /// A link from its parts.
  public init(
    url: String, text: String, fragment: String? = nil, isInPage: Bool = false,
    isCitation: Bool = false
  ) {
    self.url = url
    self.text = text
    self.fragment = fragment
    self.isInPage = isInPage
    self.isCitation = isCitation
  }
}

extension PageLink {
  /// How the reader view's list names an in-page link: `#section`, the fragment decoded
  /// and sanitised for the terminal; nil for a link that leaves the page. The page's own
  /// URL in front of it only repeats where the reader already is.
  public var inPageTarget: String? {
    guard isInPage else { return nil }
    return "#" + TerminalText.sanitize(fragment ?? "")
  }

  /// The URL for reading: percent-escapes of non-ASCII UTF-8 decoded
  /// (`https://zh.wikipedia.org/wiki/历史`); escapes of ASCII, of invalid UTF-8 and of
  /// anything a terminal must not see stay encoded. Host names are left as they are.
  public var readableURL: String {
    let bytes = Array(url.utf8)
    guard bytes.contains(UInt8(ascii: "%")) else { return url }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    // One buffer for every decoded sequence: an array per character was most of the cost.
    var sequence: [UInt8] = []
    sequence.reserveCapacity(4)
    var index = 0
    while index < bytes.count {
      guard let first = Self.escapedByte(bytes, at: index), first >= 0xC2, first <= 0xF4 else {
        out.append(bytes[index])
        index += 1
        continue
      }
      let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2
      sequence.removeAll(keepingCapacity: true)
      sequence.append(first)
      var next = index + 3
      while sequence.count < length, let byte = Self.escapedByte(bytes, at: next),
        byte & 0xC0 == 0x80
      {
        sequence.append(byte)
        next += 3
      }
      let safe: Bool
      if sequence.count == 3, first >= 0xE4, first <= 0xE9 {
        // U+4000–9FFF, where most encoded page names are (CJK ideographs): always shown.
        let value =
          (UInt32(first & 0x0F) << 12) | (UInt32(sequence[1] & 0x3F) << 6)
          | UInt32(sequence[2] & 0x3F)
        safe = (0x4E00...0x9FFF).contains(value) || Self.isShownDecoded(sequence)
      } else {
        safe = sequence.count == length && Self.isShownDecoded(sequence)
      }
      if safe {
        out.append(contentsOf: sequence)
        index = next
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether one decoded UTF-8 sequence may be shown as it is: valid, not changed by the
  /// sanitiser, and not a space of any kind (which would hide where the URL ends).
  private static func isShownDecoded(_ sequence: [UInt8]) -> Bool {
    let decoded = String(decoding: sequence, as: UTF8.self)
    return !decoded.unicodeScalars.contains { $0.value == 0xFFFD }
      && TerminalText.sanitize(decoded) == decoded
      && !decoded.unicodeScalars.contains { $0.properties.isWhitespace }
  }

  private static func escapedByte(_ bytes: [UInt8], at index: Int) -> UInt8? {
    guard index + 2 < bytes.count, bytes[index] == UInt8(ascii: "%"),
      let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
    else { return nil }
    return high << 4 | low
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
