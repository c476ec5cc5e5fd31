/// A plain decimal (`-31.384729384729384`: a sign, digits, a point and digits) read into
/// the nearest Double exactly, as `strtod` would, without it: the digits are ASCII, and at
/// most 19 of them with at most 19 after the point make an integer and a power of ten that
/// fit 64 bits, whose quotient 128-bit division rounds correctly. Anything else is nil, for
/// the caller to read the slow way.
enum DecimalParser {
  /// 10⁰ … 10¹⁹.
  private static let powers: [UInt64] = (0...19).map { power in
    (0..<power).reduce(UInt64(1)) { value, _ in value * 10 }
  }

  /// The value of `bytes` if they are `[+-]digits[.digits]` with at most 19 significant
  /// digits and 19 after the point; nil otherwise (not an error: not this form).
  static func value(of bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var index = 0
    var negative = false
    if index < bytes.count, bytes[index] == 0x2D || bytes[index] == 0x2B {
      negative = bytes[index] == 0x2D
      index += 1
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var fraction = 0
    var seenPoint = false
    var integerDigits = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x2E {
        guard !seenPoint, integerDigits > 0 else { return nil }
        seenPoint = true
      } else if byte >= 0x30 && byte <= 0x39 {
        if mantissa != 0 || byte != 0x30 { digits += 1 }
        guard digits <= 19 else { return nil }
        mantissa = mantissa &* 10 &+ UInt64(byte - 0x30)
        if seenPoint { fraction += 1 } else { integerDigits += 1 }
      } else {
        return nil
      }
      index += 1
    }
    // `1.` and an empty number are read the slow way; `.5` never gets here.
    guard integerDigits > 0, !seenPoint || fraction > 0, fraction <= 19 else { return nil }
    let magnitude = quotient(mantissa, powers[fraction])
    return negative ? -magnitude : magnitude
  }

  /// `numerator / denominator` rounded to the nearest Double, ties to even.
  private static func quotient(_ numerator: UInt64, _ denominator: UInt64) -> Double {
    guard numerator != 0 else { return 0 }
    if denominator == 1 && numerator <= 1 << 53 { return Double(numerator) }
    // Shifted so that the quotient has at least 55 bits: 53, a rounding bit and one more.
    let shift = 55 + 64 - (64 - numerator.leadingZeroBitCount)
    let scaled = UInt128(numerator) << shift
    let (whole, remainder) = scaled.quotientAndRemainder(dividingBy: UInt128(denominator))
    let bits = 128 - whole.leadingZeroBitCount
    let dropped = bits - 53
    let low = whole & ((UInt128(1) << dropped) - 1)
    let half = UInt128(1) << (dropped - 1)
    var kept = UInt64(whole >> dropped)
    if low > half || (low == half && (remainder != 0 || kept & 1 == 1)) { kept += 1 }
    return Double(sign: .plus, exponent: dropped - shift, significand: Double(kept))
  }
}
