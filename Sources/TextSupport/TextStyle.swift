/// Colour and bold for a terminal that wants them, nothing for one that does not.
public struct TextStyle: Sendable, Hashable {
  public var enabled: Bool

  public init(enabled: Bool) {
    self.enabled = enabled
  }

  public static let plain = TextStyle(enabled: false)

  /// Whether to colour: stdout a terminal, `NO_COLOR` unset, `TERM` not `dumb`, no `--no-color`.
  public static func wanted(isTerminal: Bool, environment: [String: String], noColor: Bool) -> Bool
  {
    isTerminal && !noColor && (environment["NO_COLOR"] ?? "").isEmpty
      && environment["TERM"] != "dumb"
  }

  public func bold(_ text: String) -> String { wrap(text, "1") }
  public func dim(_ text: String) -> String { wrap(text, "2") }
  public func number(_ text: String) -> String { wrap(text, "36") }
  public func warning(_ text: String) -> String { wrap(text, "33") }

  private func wrap(_ text: String, _ code: String) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
