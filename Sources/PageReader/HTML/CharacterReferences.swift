/// HTML character references (`&amp;`, `&#x5E7F;`, legacy `&copy`) decoded as the
/// HTML5 tokenizer decodes them, over UTF-8 bytes.
public enum CharacterReferences {
  /// Name (with its `;` where it has one) → replacement text. Built once, on first use.
  static let named: [String: String] = {
    var table: [String: String] = [:]
    table.reserveCapacity(2300)
    for entry in namedTableSource.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      guard let equals = entry.firstIndex(of: "=") else { continue }
      var value = String.UnicodeScalarView()
      for hex in entry[entry.index(after: equals)...].split(separator: ",") {
        if let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) {
          value.append(scalar)
        }
      }
      table[String(entry[..<equals])] = String(value)
    }
    return table
  }()

  /// The longest legacy name that may appear without `;` (`curren`, `frac12`, …).
  private static let longestLegacyName = 6
  private static let longestName = 32

  /// Decodes every character reference in `text`, as in element content.
  public static func decode(_ text: String) -> String {
    let bytes = Array(text.utf8)
    return decode(bytes, in: 0..<bytes.count, inAttribute: false)
  }

  /// Decodes the references in `bytes[range]`; attribute values follow the stricter
  /// legacy rule (`&amp=` and `&ampx` stay literal there).
  static func decode<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, in range: Range<Int>, inAttribute: Bool
  ) -> String where Bytes.Index == Int {
    // Most text and attribute values hold no reference: one copy, no byte-by-byte loop.
    guard bytes[range].contains(UInt8(ascii: "&")) else {
      return String(decoding: bytes[range], as: UTF8.self)
    }
    var out: [UInt8] = []
    out.reserveCapacity(range.count)
    var i = range.lowerBound
    while i < range.upperBound {
      let byte = bytes[i]
      if byte == UInt8(ascii: "&"),
        let next = match(bytes, at: i, end: range.upperBound, inAttribute: inAttribute, into: &out)
      {
        i = next
      } else {
        out.append(byte)
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Decodes the reference whose `&` is at `amp`, appending its UTF-8 to `out`.
  /// Returns the index just past it, or nil when the `&` is a literal ampersand.
  static func match<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, at amp: Int, end: Int, inAttribute: Bool, into out: inout [UInt8]
  ) -> Int? where Bytes.Index == Int {
    let start = amp + 1
    guard start < end else { return nil }
    if bytes[start] == UInt8(ascii: "#") {
      return matchNumeric(bytes, at: start + 1, end: end, into: &out)
    }
    var runEnd = start
    while runEnd < end, runEnd - start <= longestName, isAlphanumeric(bytes[runEnd]) {
      runEnd += 1
    }
    guard runEnd > start else { return nil }
    if runEnd < end, bytes[runEnd] == UInt8(ascii: ";"), runEnd - start < longestName {
      // The few names most pages use, without building the table of 2231 names: a
      // page with only `&amp;` and `&nbsp;` never pays for it.
      if let common = common(bytes[start..<runEnd]) {
        out.append(contentsOf: common)
        return runEnd + 1
      }
      if let value = named[String(decoding: bytes[start...runEnd], as: UTF8.self)] {
        out.append(contentsOf: value.utf8)
        return runEnd + 1
      }
    }
    // Without a `;`, only the legacy names count, and the longest one that prefixes the run.
    var length = min(runEnd - start, longestLegacyName)
    while length >= 2 {
      let nameEnd = start + length
      if let value = named[String(decoding: bytes[start..<nameEnd], as: UTF8.self)] {
        // In attributes `&amp=` or `&copyx` are kept as written, since URLs such as
        // `?a=1&copy=2` relied on that before HTML5.
        if inAttribute, nameEnd < end,
          bytes[nameEnd] == UInt8(ascii: "=") || isAlphanumeric(bytes[nameEnd])
        {
          return nil
        }
        out.append(contentsOf: value.utf8)
        return nameEnd
      }
      length -= 1
    }
    return nil
  }

  private static func common(_ name: some Collection<UInt8>) -> [UInt8]? {
    switch name.count {
    case 2:
      if name.elementsEqual("lt".utf8) { return [0x3C] }
      if name.elementsEqual("gt".utf8) { return [0x3E] }
    case 3:
      if name.elementsEqual("amp".utf8) { return [0x26] }
    case 4:
      if name.elementsEqual("quot".utf8) { return [0x22] }
      if name.elementsEqual("nbsp".utf8) { return [0xC2, 0xA0] }
      if name.elementsEqual("apos".utf8) { return [0x27] }
    default: break
    }
    return nil
  }

  private static func matchNumeric<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, at start: Int, end: Int, into out: inout [UInt8]
  ) -> Int? where Bytes.Index == Int {
    var i = start
    var hex = false
    if i < end, bytes[i] | 0x20 == UInt8(ascii: "x") {
      hex = true
      i += 1
    }
    let digitsStart = i
    var value: UInt32 = 0
    while i < end {
      let digit: UInt32
      let byte = bytes[i]
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        digit = UInt32(byte - UInt8(ascii: "0"))
      } else if hex, byte | 0x20 >= UInt8(ascii: "a"), byte | 0x20 <= UInt8(ascii: "f") {
        digit = UInt32((byte | 0x20) - UInt8(ascii: "a")) + 10
      } else {
        break
      }
      // Saturate rather than overflow: anything past U+10FFFF maps to U+FFFD anyway.
      value = value > 0x10FFFF ? value : value * (hex ? 16 : 10) + digit
      i += 1
    }
    guard i > digitsStart else { return nil }
    if i < end, bytes[i] == UInt8(ascii: ";") { i += 1 }
    let scalar = numericScalar(value)
    out.append(contentsOf: String(scalar).utf8)
    return i
  }

  /// The character a numeric reference stands for, after the HTML5 replacements.
  static func numericScalar(_ value: UInt32) -> Unicode.Scalar {
    let replacement: Unicode.Scalar = "\u{FFFD}"
    if value == 0 || value > 0x10FFFF { return replacement }
    if (0x80...0x9F).contains(value) {
      let mapped = windows1252[Int(value - 0x80)]
      return Unicode.Scalar(mapped) ?? replacement
    }
    return Unicode.Scalar(value) ?? replacement
  }

  /// What &#128;–&#159; mean on the web: the Windows-1252 characters at those bytes
  /// (the five undefined positions keep their C1 code point).
  private static let windows1252: [UInt32] = [
    0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
    0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
  ]

  @inline(__always)
  static func isAlphanumeric(_ byte: UInt8) -> Bool {
    let lower = byte | 0x20
    return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }
}
