import TextSupport

/// A problem found in a data file, with where it is.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  public enum Severity: String, Sendable, Hashable {
    case warning
    /// The file cannot be used at all.
    case fatal = "error"
  }

  /// Where in the file: a line for XML, a key path for binary plists and JSON.
  public enum Location: Sendable, Hashable {
    case none
    case line(Int)
    case keyPath(String)
  }

  public var severity: Severity
  public var source: String
  public var location: Location
  public var message: String

  public init(_ severity: Severity, source: String, at location: Location, _ message: String) {
    self.severity = severity
    self.source = source
    self.location = location
    self.message = message
  }

  /// The fatal message for data whose root holds no province at all.
  public static let noProvinces = "the file has no provinces"
  /// The fatal message for data whose every province was skipped (for its own problems,
  /// or because none of its cities was usable): nothing is left to browse.
  public static let everyEntrySkipped = "no usable province: every entry was skipped"

  /// `file:line: warning: message`, as compilers and linters print it.
  public var description: String {
    let place: String
    switch location {
    case .none: place = source
    case .line(let line): place = "\(source):\(line)"
    case .keyPath(let path): place = "\(source): \(path)"
    }
    // Key paths are made of the file's own keys, so they are as untrusted as the message.
    let safePlace = TerminalText.sanitize(place)
    return "\(safePlace): \(severity.rawValue): \(TerminalText.sanitize(message))"
  }
}
