/// One code under one name over the years it held them: a row of the history, or a
/// division of today (`320523 昆山县, 1983–1989, → 329012`).
public struct DivisionSpan: Sendable, Hashable {
  /// How the span ended: the code went, only the name changed, or it has not ended.
  public enum End: String, Sendable, Hashable {
    case withdrawn
    case renamed
    case current
  }

  public var code: String
  public var name: String
  /// Its province, and its city where it had one (`江苏省 苏州市`).
  public var place: String
  /// The year it began (1981: in use when the records begin); nil where unknown.
  public var since: String?
  /// The year it ended; nil for today's, or where the sources do not say.
  public var until: String?
  public var end: End
  /// The codes that took its place when it ended, in the sources' order.
  public var successors: [String]

  public init(
    code: String, name: String, place: String, since: String?, until: String?, end: End,
    successors: [String]
  ) {
    self.code = code
    self.name = name
    self.place = place
    self.since = since
    self.until = until
    self.end = end
    self.successors = successors
  }

  /// The first year of the records (areacodes): a span since then may be older.
  public static let firstRecordedYear = "1981"
}
