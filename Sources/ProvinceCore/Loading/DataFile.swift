import Foundation

/// Reading a data file's bytes: a path, `-` for standard input, or the built-in data.
public enum DataFile {
  /// A file that cannot be read; exit 66.
  public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String {
      "cannot read data file '\(TerminalText.sanitize(path))': \(reason)"
    }
  }

  /// The data path in force: `--data`, else `PROVINCE_BROWSER_DATA`, else nil (built-in).
  public static func activePath(option: String?, environment: [String: String]) -> String? {
    if let option { return option }
    if let variable = environment["PROVINCE_BROWSER_DATA"], !variable.isEmpty { return variable }
    return nil
  }

  /// The bytes of `path` (`-` reads standard input to its end).
  public static func read(_ path: String) throws(ReadError) -> Data {
    if path == "-" {
      return FileHandle.standardInput.readDataToEndOfFile()
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw ReadError(path: path, reason: "no such file")
    }
    guard !isDirectory.boolValue else {
      throw ReadError(path: path, reason: "it is a directory")
    }
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
    } catch {
      let reason =
        FileManager.default.isReadableFile(atPath: path) ? "read failed" : "permission denied"
      throw ReadError(path: path, reason: reason)
    }
  }

  /// The name diagnostics use for `path`.
  public static func displayName(_ path: String?) -> String {
    guard let path else { return "<built-in>" }
    return path == "-" ? "<stdin>" : path
  }
}
