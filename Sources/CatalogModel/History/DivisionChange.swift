/// One change to a division in one year, as `--changes` lists it: what happened to a code
/// and the codes on the other side (those that took its place; for a new one, those it
/// came from).
public struct DivisionChange: Sendable, Hashable {
  /// What happened.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A code came into use that is no other's continuation (its area came from `others`).
    case new
    /// The code stayed and its name changed.
    case renamed
    /// The code changed, one for one (昆山县 320523 → 昆山市 329012), maybe with its name.
    case recoded
    /// The code went into another that takes in more than it (江北区 → 两江新区).
    case merged
    /// The code went to several (江干区 → 上城区, 钱塘区).
    case split
    /// The code went, and the sources name nothing that took its place.
    case withdrawn
  }

  public var year: String
  public var kind: Kind
  public var span: DivisionSpan
  /// The codes that took its place, or for `new`, those it came from; each with its name
  /// then (nil where the history does not know the code).
  public var others: [(code: String, name: String?)]

  public init(
    year: String, kind: Kind, span: DivisionSpan, others: [(code: String, name: String?)]
  ) {
    self.year = year
    self.kind = kind
    self.span = span
    self.others = others
  }

  public static func == (a: DivisionChange, b: DivisionChange) -> Bool {
    a.year == b.year && a.kind == b.kind && a.span == b.span
      && a.others.map(\.code) == b.others.map(\.code)
      && a.others.map(\.name) == b.others.map(\.name)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(year)
    hasher.combine(kind)
    hasher.combine(span)
    hasher.combine(others.map(\.code))
  }
}
