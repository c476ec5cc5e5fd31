/// The host of an http or https address by the WHATWG URL standard's host parser (the
/// one browsers use), the one notion of a valid host that `--validate`, the fetcher and
/// `--check` share. An IPv4 address in any form the standard takes (`127.1`, `2130706433`,
/// `0x7f.0.0.1`, `127.0.0.01`) is written dotted-decimal, as libcurl writes it too; an
/// IPv6 literal in brackets is written compressed, an IPv4-mapped one with its dotted
/// tail (`[::ffff:127.0.0.1]`), as libcurl does; a domain is lower-cased, an international
/// one in IDNA ASCII form (`HostName`). Refused, as the standard refuses them: an empty
/// host, a forbidden code point (space, `#`, `%` once decoded, `<`, `>`, `^`, `|` …), a
/// name whose last label is a number but which is no IPv4 address (`1.2.3.256`,
/// `1.2.3.4.5`), and a malformed IPv6 literal (`[1::2::3]`, a zone `%25eth0`).
public enum WebHost {
  /// The host as it is requested, or nil when the standard refuses it. `host` is as
  /// written in the address: percent-escapes allowed, an IPv6 literal in brackets.
  public static func canonical(_ host: String) -> String? {
    var bytes = Array(host.utf8)
    guard let first = bytes.first else { return nil }
    if first == UInt8(ascii: "[") {
      guard bytes.count > 2, bytes.last == UInt8(ascii: "]"),
        let pieces = ipv6(bytes[1..<(bytes.count - 1)])
      else { return nil }
      return "[" + serialize(pieces) + "]"
    }
    if bytes.contains(UInt8(ascii: "%")) {
      guard let decoded = percentDecoded(bytes) else { return nil }
      bytes = decoded
    }
    var name: [UInt8]
    if bytes.contains(where: { $0 >= 0x80 }) {
      guard let text = String(validating: bytes, as: UTF8.self), let ascii = HostName.ascii(text)
      else { return nil }
      name = Array(ascii.utf8)
    } else {
      name = bytes.map { $0 | (isUpper($0) ? 0x20 : 0) }
    }
    guard !name.isEmpty, !name.contains(where: isForbidden) else { return nil }
    if endsInANumber(name) {
      guard let address = ipv4(name) else { return nil }
      return [24, 16, 8, 0].map { String((address >> $0) & 0xFF) }.joined(separator: ".")
    }
    return String(decoding: name, as: UTF8.self)
  }

  /// Whether the standard takes `host` (as written in the address).
  public static func isValid(_ host: String) -> Bool {
    canonical(host) != nil
  }

  // MARK: Domains

  private static func isUpper(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  /// The standard's forbidden domain code points (ASCII ones; IDNA rules the rest).
  private static func isForbidden(_ byte: UInt8) -> Bool {
    if byte <= 0x20 || byte == 0x7F { return true }
    return "#%/:<>?@[\\]^|".utf8.contains(byte)
  }

  private static func percentDecoded(_ bytes: [UInt8]) -> [UInt8]? {
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        out.append(UInt8(high << 4 | low))
        index += 3
      } else {
        // A lone `%` stays, and is then refused as a forbidden code point.
        out.append(bytes[index])
        index += 1
      }
    }
    return out
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  // MARK: IPv4

  /// The labels of a name, a single trailing empty one (the root's dot) dropped.
  private static func labels(_ name: [UInt8]) -> [ArraySlice<UInt8>] {
    var parts = name.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    if parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() }
    return parts
  }

  /// The standard's "ends in a number": the last label is decimal digits, or parses as
  /// an IPv4 number (`0x1F`).
  private static func endsInANumber(_ name: [UInt8]) -> Bool {
    guard let last = labels(name).last, !last.isEmpty else { return false }
    if last.allSatisfy({ (0x30...0x39).contains($0) }) { return true }
    return ipv4Number(last) != nil
  }

  /// One part of an IPv4 address: decimal, `0x` hexadecimal or `0` octal.
  private static func ipv4Number(_ part: ArraySlice<UInt8>) -> UInt64? {
    guard !part.isEmpty else { return nil }
    var digits = part
    var radix: UInt64 = 10
    if digits.count >= 2, digits.first == UInt8(ascii: "0"),
      digits.dropFirst().first.map({ $0 | 0x20 }) == UInt8(ascii: "x")
    {
      digits = digits.dropFirst(2)
      radix = 16
    } else if digits.count >= 2, digits.first == UInt8(ascii: "0") {
      digits = digits.dropFirst()
      radix = 8
    }
    var value: UInt64 = 0
    for byte in digits {
      guard let digit = hexValue(byte).map(UInt64.init), digit < radix else { return nil }
      // Past 2^32 the answer is refused anyway; stop growing before any overflow.
      value = min(value * radix + digit, 1 << 40)
    }
    return value
  }

  /// The address a name ending in a number spells, or nil when it spells none.
  private static func ipv4(_ name: [UInt8]) -> UInt32? {
    let parts = labels(name)
    guard parts.count <= 4 else { return nil }
    var numbers: [UInt64] = []
    for part in parts {
      guard let number = ipv4Number(part) else { return nil }
      numbers.append(number)
    }
    guard let last = numbers.last, numbers.dropLast().allSatisfy({ $0 <= 255 }),
      last < (1 << (8 * UInt64(5 - numbers.count)))
    else { return nil }
    var address = last
    for (index, number) in numbers.dropLast().enumerated() {
      address += number << (8 * UInt64(3 - index))
    }
    return UInt32(address)
  }

  // MARK: IPv6

  /// The eight pieces of an IPv6 address written without its brackets (the standard's
  /// IPv6 parser), or nil.
  static func ipv6(_ input: ArraySlice<UInt8>) -> [UInt16]? {
    let text = Array(input)
    var pieces = [UInt16](repeating: 0, count: 8)
    var pieceIndex = 0
    var compress: Int?
    var pointer = 0
    func at(_ offset: Int) -> UInt8? { offset < text.count ? text[offset] : nil }
    let colon = UInt8(ascii: ":")
    if at(pointer) == colon {
      guard at(pointer + 1) == colon else { return nil }
      pointer += 2
      pieceIndex += 1
      compress = pieceIndex
    }
    while let byte = at(pointer) {
      guard pieceIndex < 8 else { return nil }
      if byte == colon {
        guard compress == nil else { return nil }
        pointer += 1
        pieceIndex += 1
        compress = pieceIndex
        continue
      }
      var value: UInt32 = 0
      var length = 0
      while length < 4, let digit = at(pointer).flatMap(hexValue) {
        value = value * 16 + digit
        pointer += 1
        length += 1
      }
      if at(pointer) == UInt8(ascii: ".") {
        guard length > 0 else { return nil }
        pointer -= length
        guard pieceIndex <= 6, let tail = ipv6Tail(text[pointer...]) else { return nil }
        pieces[pieceIndex] = tail.0
        pieces[pieceIndex + 1] = tail.1
        pieceIndex += 2
        pointer = text.count
        break
      } else if at(pointer) == colon {
        pointer += 1
        guard at(pointer) != nil else { return nil }
      } else if at(pointer) != nil {
        return nil
      }
      pieces[pieceIndex] = UInt16(value)
      pieceIndex += 1
    }
    if let compress {
      var swaps = pieceIndex - compress
      pieceIndex = 7
      while pieceIndex != 0 && swaps > 0 {
        pieces.swapAt(pieceIndex, compress + swaps - 1)
        pieceIndex -= 1
        swaps -= 1
      }
    } else if pieceIndex != 8 {
      return nil
    }
    return pieces
  }

  /// The dotted IPv4 tail of an IPv6 literal: exactly four decimal parts, each at most
  /// 255 with no leading zero, as the standard requires.
  private static func ipv6Tail(_ text: ArraySlice<UInt8>) -> (UInt16, UInt16)? {
    let parts = text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count == 4 else { return nil }
    var bytes: [UInt16] = []
    for part in parts {
      guard !part.isEmpty, part.count <= 3, part.allSatisfy({ (0x30...0x39).contains($0) }),
        part.count == 1 || part.first != UInt8(ascii: "0")
      else { return nil }
      let value = part.reduce(0) { $0 * 10 + UInt16($1 - 0x30) }
      guard value <= 255 else { return nil }
      bytes.append(value)
    }
    return (bytes[0] << 8 | bytes[1], bytes[2] << 8 | bytes[3])
  }

  /// The pieces as inet_ntop writes them (libcurl normalises a literal so, and
  /// Foundation compares its host with libcurl's): the longest run of two or more zero
  /// pieces as `::`, lower-case hex, and an IPv4-mapped or -compatible address with its
  /// last 32 bits dotted.
  static func serialize(_ pieces: [UInt16]) -> String {
    var best: (start: Int, length: Int)?
    var index = 0
    while index < 8 {
      guard pieces[index] == 0 else {
        index += 1
        continue
      }
      var end = index
      while end < 8 && pieces[end] == 0 { end += 1 }
      if end - index >= 2, end - index > (best?.length ?? 0) { best = (index, end - index) }
      index = end
    }
    var out = ""
    index = 0
    while index < 8 {
      if let best, index == best.start {
        out += index == 0 ? "::" : ":"
        index += best.length
        continue
      }
      if index == 6, let best, best.start == 0,
        best.length == 6 || (best.length == 5 && pieces[5] == 0xFFFF)
      {
        let (high, low) = (pieces[6], pieces[7])
        out += "\(high >> 8).\(high & 0xFF).\(low >> 8).\(low & 0xFF)"
        break
      }
      out += String(pieces[index], radix: 16)
      if index < 7 { out += ":" }
      index += 1
    }
    return out
  }
}
