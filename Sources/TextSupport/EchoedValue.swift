/// A value the user typed, as an error message echoes it: sanitised for the terminal, and
/// cut after `limit` characters with how long it was, so that a 120 KB `-c` value does not
/// come back whole.
public enum EchoedValue {
  /// The most characters of a value an error message shows.
  public static let limit = 64

  /// `text` sanitised, and cut to `limit` characters with its length said when longer.
  public static func shown(_ text: String) -> String {
    guard text.count > limit else { return TerminalText.sanitize(text) }
    return TerminalText.sanitize(String(text.prefix(limit))) + "… (\(text.count) characters)"
  }
}
