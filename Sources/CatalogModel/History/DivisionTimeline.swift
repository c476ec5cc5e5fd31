/// A division's history: the names and codes it had, oldest first, what went into it and
/// what it became (`--history 昆山`: 昆山县 322726, 320523, 昆山市 329012, 320583).
public struct DivisionTimeline: Sendable, Hashable {
  /// The spans that were this one division, oldest first, each the continuation of the
  /// one before (a rename, or a code changed one for one).
  public var spans: [DivisionSpan]
  /// The changes that made it what it is, in year order: its beginning where it is new,
  /// the divisions that went into one of its spans (merged or split into it), each step
  /// from one of its spans to the next, and how its last span ended.
  public var changes: [DivisionChange]
  /// The codes of today it became (its own, where it is current), with their names.
  public var today: [(code: String, name: String)]

  public init(
    spans: [DivisionSpan], changes: [DivisionChange], today: [(code: String, name: String)]
  ) {
    self.spans = spans
    self.changes = changes
    self.today = today
  }

  public static func == (a: DivisionTimeline, b: DivisionTimeline) -> Bool {
    a.spans == b.spans && a.changes == b.changes && a.today.map(\.code) == b.today.map(\.code)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(spans)
    hasher.combine(changes)
  }
}
