import Foundation
import TextSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Reading a data file's bytes: a path, `-` for standard input, or the built-in data.
public enum DataFile {
  /// A file that cannot be read; exit 66, or 65 when it is larger than `maximumSize`.
  public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    /// True when the file was refused for its size: it was read, and is bad data.
    public var isTooLarge = false
    /// True when the system had no descriptor to spare: not the file's fault (exit 71).
    public var isSystemLimit: Bool { reason == DataFile.tooManyFiles }

    public var description: String {
      "cannot read data file '\(TerminalText.sanitize(path))': \(reason)"
    }
  }

  /// The largest data file read, from any source: a file, a pipe, a FIFO or a device.
  /// The built-in data is 0.1 MB and the largest benchmark catalog (100k cities) 15 MB;
  /// without a bound, `--data /dev/zero` grew past 4.8 GB in ten seconds.
  public static let maximumSize = 128 << 20

  /// The bound as the refusal says it.
  static var maximumSizeText: String { "\(maximumSize >> 20) MiB" }

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

    /// Hands the whole pages of a file mapping before `offset` back to the kernel
    /// (`MADV_DONTNEED`: they fault back in from the file if read again), which keeps a
    /// large file from staying resident beside the catalog built from it. For bytes that
    /// are not a mapping it does nothing. Pass it to `CatalogLoader.load(_:source:readUpTo:)`.
    public func releasePages(before offset: Int) {
      guard isFileMapping, offset > 0, offset <= data.count else { return }
      data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
        guard let base = raw.baseAddress else { return }
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let start = UInt(bitPattern: base)
        let alignedStart = (start + page - 1) / page * page
        let end = UInt(bitPattern: base + offset) / page * page
        guard end > alignedStart, let address = UnsafeMutableRawPointer(bitPattern: alignedStart)
        else { return }
        _ = madvise(address, Int(end - alignedStart), Int32(MADV_DONTNEED))
      }
    }
  }

  /// The bytes of `path` (`-` reads standard input to its end); a large regular file is
  /// mapped rather than read, and says so. Written on open/fstat/read: Foundation's
  /// `FileManager` and `Data(contentsOf:)` cost a few hundred thousand instructions of run-time
  /// set-up on every start-up, more than reading a small file takes.
  public static func contents(of path: String) throws(ReadError) -> Contents {
    try contents(of: path, limit: maximumSize)
  }

  /// `contents(of:)` with another bound, for tests.
  static func contents(of path: String, limit: Int) throws(ReadError) -> Contents {
    if path == "-" {
      return Contents(data: try read(0, path: path, limit: limit), isFileMapping: false)
    }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw ReadError(path: path, reason: reason(errno)) }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0 else { throw ReadError(path: path, reason: reason(errno)) }
    guard status.st_mode & S_IFMT != S_IFDIR else {
      throw ReadError(path: path, reason: "it is a directory")
    }
    if status.st_mode & S_IFMT == S_IFREG {
      guard status.st_size <= limit else { throw tooLarge(path, limit: limit) }
      if status.st_size >= 1 << 20, let mapped = map(fd, size: Int(status.st_size)) {
        return Contents(data: mapped, isFileMapping: true)
      }
    }
    return Contents(data: try read(fd, path: path, limit: limit), isFileMapping: false)
  }

  /// Reads `fd` to its end, refusing more than `limit` bytes: a pipe, a FIFO or a device
  /// has no size to check first, so the bound is kept while reading.
  private static func read(_ fd: Int32, path: String, limit: Int) throws(ReadError) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw ReadError(path: path, reason: reason(errno))
      }
      if count == 0 { break }
      guard data.count + count <= limit else { throw tooLarge(path, limit: limit) }
      data.append(contentsOf: buffer[..<count])
    }
    return data
  }

  private static func tooLarge(_ path: String, limit: Int) -> ReadError {
    let bound = limit == maximumSize ? maximumSizeText : "\(limit) bytes"
    return ReadError(
      path: path, reason: "it is larger than \(bound), the most a data file may be",
      isTooLarge: true)
  }

  static let tooManyFiles = "too many open files"

  private static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT, ENOTDIR: "no such file"
    case EACCES, EPERM: "permission denied"
    case EISDIR: "it is a directory"
    case EMFILE, ENFILE: tooManyFiles
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
