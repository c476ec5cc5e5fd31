/// One step of decoding UTF-8 from a byte buffer, following the Unicode "maximal
/// subpart" practice: every ill-formed subsequence becomes exactly one U+FFFD.
enum UTF8Step: Equatable {
  /// A well-formed scalar taking `length` bytes.
  case scalar(Unicode.Scalar, length: Int)
  /// An ill-formed subsequence of `length` bytes, to be shown as one U+FFFD.
  case invalid(length: Int)
  /// A well-formed prefix that the buffer ends in the middle of.
  case incomplete

  /// Decodes the sequence starting at `index` (which must be inside `bytes`).
  static func decode(_ bytes: [UInt8], at index: Int) -> UTF8Step {
    let lead = bytes[index]
    if lead < 0x80 { return .scalar(Unicode.Scalar(lead), length: 1) }
    let continuationCount: Int
    var secondByte: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: continuationCount = 1
    case 0xE0:
      continuationCount = 2
      secondByte = 0xA0...0xBF  // no overlong forms
    case 0xE1...0xEC, 0xEE...0xEF: continuationCount = 2
    case 0xED:
      continuationCount = 2
      secondByte = 0x80...0x9F  // no surrogates
    case 0xF0:
      continuationCount = 3
      secondByte = 0x90...0xBF  // no overlong forms
    case 0xF1...0xF3: continuationCount = 3
    case 0xF4:
      continuationCount = 3
      secondByte = 0x80...0x8F  // nothing above U+10FFFF
    default: return .invalid(length: 1)
    }
    var value = UInt32(lead) & (0x7F >> (continuationCount + 1))
    for offset in 1...continuationCount {
      guard index + offset < bytes.count else { return .incomplete }
      let byte = bytes[index + offset]
      let allowed = offset == 1 ? secondByte : 0x80...0xBF
      guard allowed.contains(byte) else { return .invalid(length: offset) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard let scalar = Unicode.Scalar(value) else { return .invalid(length: continuationCount + 1) }
    return .scalar(scalar, length: continuationCount + 1)
  }
}
