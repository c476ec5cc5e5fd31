/// How a list numbers its items: `<ol type start reversed>`, or bullets for `ul`.
public struct PageListStyle: Sendable, Equatable {
  /// The counter style of `<ol type>`.
  public enum Numbering: Sendable, Equatable {
    case bullet, decimal, lowerAlpha, upperAlpha, lowerRoman, upperRoman
  }

  /// Bullets, or the counter style.
  public var numbering: Numbering
  /// `start`, when given.
  public var start: Int?
  /// `<ol reversed>`: counting down.
  public var reversed: Bool
  /// The number of items directly in the list (a reversed list counts down from it).
  public var itemCount: Int

  /// A style from its parts.
  public init(numbering: Numbering, start: Int? = nil, reversed: Bool = false, itemCount: Int = 0) {
    self.numbering = numbering
    self.start = start
    self.reversed = reversed
    self.itemCount = itemCount
  }

  /// Whether items are numbered rather than bulleted.
  public var isOrdered: Bool { numbering != .bullet }

  /// The marker text of item number `n` (`3.`, `c.`, `iv.`).
  public func label(_ n: Int) -> String {
    switch numbering {
    case .bullet: return "*"
    case .decimal: return "\(n)."
    case .lowerAlpha: return Self.alphabetic(n).lowercased() + "."
    case .upperAlpha: return Self.alphabetic(n) + "."
    case .lowerRoman: return Self.roman(n).lowercased() + "."
    case .upperRoman: return Self.roman(n) + "."
    }
  }

  /// A, B, … Z, AA, AB…; numbers below 1 fall back to decimal, as browsers do.
  static func alphabetic(_ n: Int) -> String {
    guard n >= 1 else { return String(n) }
    var value = n
    var letters: [Character] = []
    while value > 0 {
      value -= 1
      letters.append(Character(Unicode.Scalar(UInt8(65 + value % 26))))
      value /= 26
    }
    return String(letters.reversed())
  }

  /// Roman numerals for 1…3999; other numbers in decimal, as browsers do.
  static func roman(_ n: Int) -> String {
    guard n >= 1 && n < 4000 else { return String(n) }
    let table: [(Int, String)] = [
      (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
      (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ]
    var value = n
    var out = ""
    for (amount, symbol) in table {
      while value >= amount {
        out += symbol
        value -= amount
      }
    }
    return out
  }
}
