import TestFixtures
import Testing

@testable import GeoModel

/// `--at -`'s numbers read without strtod: the nearest Double, as strtod gives it, for the
/// plain decimals a script writes, and every other spelling left to Swift's Double.
@Suite("Plain decimals read exactly")
struct DecimalParserTests {
  func value(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { DecimalParser.value(of: $0) }
  }

  @Test("a plain decimal is the Double its literal is, sign and all")
  func plain() {
    #expect(value("31.38") == 31.38)
    #expect(value("-120.98") == -120.98)
    #expect(value("+0.1") == 0.1)
    #expect(value("120") == 120)
    #expect(value("0.30000000000000004") == 0.30000000000000004)
    #expect(value("31.384729384729384") == 31.384729384729384)
    #expect(value("-0")?.sign == .minus && value("-0") == 0)
    #expect(value("000.5000") == 0.5)
  }

  @Test("halfway between two Doubles rounds to the even one, and past halfway up")
  func ties() {
    // 2⁵³ + 1 lies halfway between 2⁵³ and 2⁵³ + 2; 2⁵³ + 3 between + 2 and + 4.
    #expect(value("9007199254740993") == 9_007_199_254_740_992)
    #expect(value("9007199254740995") == 9_007_199_254_740_996)
    #expect(value("9007199254740993.01") == 9_007_199_254_740_994)
  }

  @Test("other spellings are not this parser's: nil, for Double to read or refuse")
  func otherForms() {
    for text in [
      "", "+", "-", "1.", ".5", "1e5", "0x1p3", "inf", "nan", "1..2", "1.2.3", "12a",
      "12345678901234567890", "0.12345678901234567890", " 1",
    ] {
      #expect(value(text) == nil, "\(text)")
    }
  }

  @Test("agrees with Swift's Double on 20,000 decimals of 1 to 19 digits")
  func agreesWithDouble() {
    var generator = SeededGenerator(seed: 36)
    for _ in 0..<20_000 {
      let digits = Int.random(in: 1...19, using: &generator)
      let text = String((0..<digits).map { _ in "0123456789".randomElement(using: &generator)! })
      let point = Int.random(in: 0..<digits, using: &generator)
      let spelled =
        (Bool.random(using: &generator) ? "-" : "")
        + (point == 0
          ? text : String(text.prefix(point)) + "." + String(text.dropFirst(point)))
      #expect(value(spelled) == Double(spelled), "\(spelled)")
    }
  }

  @Test("a line of --at - is refused as before: not two finite numbers in range")
  func lines() {
    #expect(GeoPoint(parsing: "31.38,120.98") == GeoPoint(lat: 31.38, lng: 120.98))
    #expect(GeoPoint(parsing: "\t31.38 ,\t120.98 ") == GeoPoint(lat: 31.38, lng: 120.98))
    #expect(GeoPoint(parsing: "3.138e1,1.2098e2") == GeoPoint(lat: 31.38, lng: 120.98))
    #expect(GeoPoint(parsing: "31.,.5") == GeoPoint(lat: 31, lng: 0.5))
    // Hexadecimal, which Double reads, is no coordinate (as `--timeout 0x10` is no time).
    for text in [
      "31.38", "31.38,120.98,1", ",", "31.38,", "inf,1", "1,-inf", "90.1,0", "0,180.5",
      "0x1F,0x70", "31,0X1p6",
    ] {
      #expect(GeoPoint(parsing: text) == nil, "\(text)")
    }
  }
}
