/// Punycode (RFC 3492): Unicode labels as the letters, digits and hyphens DNS allows.
public enum Punycode {
  private static let base = 36
  private static let tMin = 1
  private static let tMax = 26
  private static let skew = 38
  private static let damp = 700
  private static let initialBias = 72
  private static let initialN = 128

  /// The Punycode of `label` (without the `xn--` prefix): its ASCII characters as they are,
  /// then a hyphen if there were any, then the rest encoded. Nil if the label is so long
  /// that the encoding would overflow (RFC 3492 section 6.4).
  public static func encode(_ label: String) -> String? {
    let input = label.unicodeScalars.map { Int($0.value) }
    var output: [UInt8] = input.filter { $0 < 0x80 }.map { UInt8($0) }
    let basicCount = output.count
    var handled = basicCount
    if basicCount > 0 { output.append(UInt8(ascii: "-")) }

    var n = initialN
    var delta = 0
    var bias = initialBias
    while handled < input.count {
      // The smallest code point not handled yet; there is one, since handled < count.
      var next = Int.max
      for scalar in input where scalar >= n && scalar < next { next = scalar }
      let (step, overflow) = (next - n).multipliedReportingOverflow(by: handled + 1)
      guard !overflow, delta <= Int(Int32.max) - step else { return nil }
      delta += step
      n = next
      for scalar in input {
        if scalar < n {
          delta += 1
          guard delta <= Int(Int32.max) else { return nil }
        }
        guard scalar == n else { continue }
        var q = delta
        var k = base
        while true {
          let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
          if q < t { break }
          output.append(digit(t + (q - t) % (base - t)))
          q = (q - t) / (base - t)
          k += base
        }
        output.append(digit(q))
        bias = adapt(delta, points: handled + 1, first: handled == basicCount)
        delta = 0
        handled += 1
      }
      delta += 1
      n += 1
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func digit(_ value: Int) -> UInt8 {
    value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
  }

  private static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
    var delta = first ? delta / damp : delta / 2
    delta += delta / points
    var k = 0
    while delta > ((base - tMin) * tMax) / 2 {
      delta /= base - tMin
      k += base
    }
    return k + ((base - tMin + 1) * delta) / (delta + skew)
  }
}
