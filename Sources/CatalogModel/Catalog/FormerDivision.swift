/// A division code or name no longer in use: what it was, when it went, and what took its
/// place (`110103 崇文区 (北京市), withdrawn 2010 → 110101 东城区`).
public struct FormerDivision: Sendable, Hashable {
  /// Whether the code itself went, or only the name (the code lives on under another).
  public enum Status: String, Sendable, Hashable {
    case withdrawn
    case renamed
  }

  public var code: String
  public var name: String
  /// Where it was: its province, and its city where it had one (`江苏省 苏州市`).
  public var place: String
  /// The year it went; nil where the sources do not say.
  public var until: String?
  public var status: Status
  /// The codes that took its place, in the sources' order; empty where they give none.
  public var replacedBy: [String]
  /// The year the code came into use under this name (1981: in use when the records
  /// begin); nil where the sources do not say.
  public var since: String?

  public init(
    code: String, name: String, place: String, until: String?, status: Status,
    replacedBy: [String], since: String? = nil
  ) {
    self.since = since
    self.code = code
    self.name = name
    self.place = place
    self.until = until
    self.status = status
    self.replacedBy = replacedBy
  }
}
