/// What `AddressResolver` made of a text: the division it names (as deep as the text
/// fixes it), or the candidates it could mean, the former names it read, and the rest.
public struct ResolvedAddress: Sendable, Equatable {
  /// A division at any level: a province alone, or a city, county or township under it.
  public struct Place: Sendable, Hashable {
    public var province: Int
    /// Nil for the province itself.
    public var ref: CityRef?

    public init(province: Int, ref: CityRef? = nil) {
      self.province = province
      self.ref = ref
    }
  }

  /// The text as given.
  public var input: String
  /// The division named; with candidates, what they have in common (nil where nothing).
  public var place: Place?
  /// The divisions the text could mean, where it does not say which (`朝阳区` alone): two
  /// or more, in the order found; empty when `place` is the answer.
  public var candidates: [Place] = []
  /// The names no longer in use that the text gave (`襄樊市`), read as today's divisions.
  public var former: [FormerDivision] = []
  /// The text after the division's name (`文三路90号`), as typed.
  public var rest = ""

  public init(input: String) {
    self.input = input
  }

  /// Whether the text names several divisions equally well.
  public var isAmbiguous: Bool { candidates.count > 1 }
}
