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
  /// mapped rather than read, and says so. Written on open/fstat/read: Foundation's
  /// `FileManager` and `Data(contentsOf:)` cost a few hundred thousand instructions of run-time
  /// set-up on every start-up, more than reading a small file takes.
  public static func contents(of path: String) throws(ReadError) -> Contents {
    if path == "-" {
      return Contents(data: FileHandle.standardInput.readDataToEndOfFile(), isFileMapping: false)
    }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw ReadError(path: path, reason: reason(errno)) }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0 else { throw ReadError(path: path, reason: reason(errno)) }
    guard status.st_mode & S_IFMT != S_IFDIR else {
      throw ReadError(path: path, reason: "it is a directory")
    }
    if status.st_mode & S_IFMT == S_IFREG, status.st_size >= 1 << 20,
      let mapped = map(fd, size: Int(status.st_size))
    {
      return Contents(data: mapped, isFileMapping: true)
    }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw ReadError(path: path, reason: reason(errno))
      }
      if count == 0 { break }
      data.append(contentsOf: buffer[..<count])
    }
    return Contents(data: data, isFileMapping: false)
  }

  private static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT, ENOTDIR: "no such file"
    case EACCES, EPERM: "permission denied"
    case EISDIR: "it is a directory"
    default: "read failed"
    }
  }

  /// A private read-only mapping of the open regular file `fd`, or nil when mapping fails.
  private static func map(_ fd: Int32, size: Int) -> Data? {
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
