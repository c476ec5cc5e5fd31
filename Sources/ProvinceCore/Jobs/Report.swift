/// What a run prints and how it ends: the whole outcome of a one-shot job, decided in the
/// core so that it can be tested as a value; the shell only writes it.
public struct Report: Error, Sendable, Equatable {
  /// Text for stdout, written piece after piece: each piece ends in its own newline, or is
  /// followed by a piece that is one (a page's lines are not copied to append one).
  public var output: [String]
  /// Lines for stderr, each ending in its own newline.
  public var messages: [String]
  public var exitCode: ExitCode

  public init(output: [String] = [], messages: [String] = [], exitCode: ExitCode = .success) {
    self.output = output
    self.messages = messages
    self.exitCode = exitCode
  }

  /// One `browse: …` line on stderr and `code`.
  public static func failure(_ message: String, _ code: ExitCode = .failure) -> Report {
    Report(messages: ["browse: \(message)\n"], exitCode: code)
  }
}
