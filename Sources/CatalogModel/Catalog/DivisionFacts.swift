/// What is known of a division beyond its name and code: its area from its outline and its
/// population at the 2010 and 2020 censuses (Data/areas.tsv, Data/census.tsv). Each is nil
/// where the data has none: a township has no outline and no census figure, and a division
/// split or recoded between prefectures since a census has no figure of that census (`note`
/// says why).
public struct DivisionFacts: Sendable, Equatable {
  /// Square kilometres, to one decimal.
  public var areaKm2: Double?
  public var population2010: Int?
  public var population2020: Int?
  /// Where a census figure is not simply the division's own, or missing: what it is of
  /// (`as 吴江市 320584 at the 2010 census`), or why there is none. Notes of both censuses,
  /// `; ` between them.
  public var note: String?

  public init(
    areaKm2: Double? = nil, population2010: Int? = nil, population2020: Int? = nil,
    note: String? = nil
  ) {
    self.areaKm2 = areaKm2
    self.population2010 = population2010
    self.population2020 = population2020
    self.note = note
  }

  /// No facts at all.
  public static let none = DivisionFacts()

  /// `931.2`: the area to one decimal, as the data gives it.
  public static func area(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// `2,092,496`: a count with thousands separated, as the page facts say it.
  public static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return (value < 0 ? "-" : "") + out
  }
}
