import Foundation
import TextSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Facts about the terminal, read fresh when asked.
enum Terminal {
  /// The process's environment, read once from `environ` (browse never changes it):
  /// Foundation's `ProcessInfo.environment` builds a new dictionary on every call, and the
  /// first call cost about a million instructions, an eighth of fetching a small page.
  /// A name given twice keeps its first value, as `getenv` does.
  static let environment: [String: String] = {
    var variables: [String: String] = [:]
    let first: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
    guard var entry = first else { return variables }
    while let pointer = entry.pointee {
      // Split at the first `=` byte (not Character: a value may begin with a combining mark).
      let text = String(cString: pointer)
      if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
        let name = String(text[..<equals])
        if variables[name] == nil {
          variables[name] = String(text[text.utf8.index(after: equals)...])
        }
      }
      entry += 1
    }
    return variables
  }()

  /// The window size from the terminal itself, else `COLUMNS`/`LINES`, else 80×24.
  static func viewport(fd: Int32) -> Viewport {
    var size = winsize()
    if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 && size.ws_row > 0 {
      return Viewport(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
    let columns = environment["COLUMNS"].flatMap(Int.init) ?? 80
    let rows = environment["LINES"].flatMap(Int.init) ?? 24
    return Viewport(columns: columns, rows: rows)
  }

  static var isDumb: Bool { environment["TERM"] == "dumb" }
}
