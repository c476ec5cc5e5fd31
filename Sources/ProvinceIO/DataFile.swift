import Foundation
import TextSupport

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

  /// A file's bytes, and whether they are a read-only mapping of it (whose pages the
  /// loader may hand back as it goes).
  public struct Contents: Sendable {
    public var data: Data
    public var isFileMapping: Bool

    public init(data: Data, isFileMapping: Bool) {
      self.data = data
      self.isFileMapping = isFileMapping
    }
  }

  /// The bytes of `path` (`-` reads standard input to its end); a large regular file is
  /// mapped rather than read, and says so.
  public static func contents(of path: String) throws(ReadError) -> Contents {
    if path == "-" {
      return Contents(data: FileHandle.standardInput.readDataToEndOfFile(), isFileMapping: false)
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw ReadError(path: path, reason: "no such file")
    }
    guard !isDirectory.boolValue else {
      throw ReadError(path: path, reason: "it is a directory")
    }
    if let mapped = map(path) {
      return Contents(data: mapped, isFileMapping: true)
    }
    do {
      return Contents(data: try Data(contentsOf: URL(fileURLWithPath: path)), isFileMapping: false)
    } catch {
      let reason =
        FileManager.default.isReadableFile(atPath: path) ? "read failed" : "permission denied"
      throw ReadError(path: path, reason: reason)
    }
  }

  /// A private read-only mapping of a regular file of a megabyte or more; nil otherwise.
  private static func map(_ path: String) -> Data? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size >= 1 << 20,
      let size = Int(exactly: status.st_size)
    else { return nil }
    guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
      return nil
    }
    return Data(bytesNoCopy: address, count: size, deallocator: .custom { munmap($0, $1) })
  }

  /// The name diagnostics use for `path`.
  public static func displayName(_ path: String?) -> String {
    guard let path else { return "<built-in>" }
    return path == "-" ? "<stdin>" : path
  }
}
