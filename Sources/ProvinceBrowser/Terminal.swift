import Foundation
import TextSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Facts about the terminal, read fresh when asked.
enum Terminal {
  static var environment: [String: String] { ProcessInfo.processInfo.environment }

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
