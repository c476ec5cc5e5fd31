import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A pseudo-terminal pair, opened once for both helpers that run `browse` on one
/// (`PseudoTerminalProcess` for the harness, `PTYSession` for full screen): the master
/// to type into and read from, the slave for the child's stdin, stdout and stderr. Both
/// are close-on-exec (a spawn dups the slave onto 0–2 as it starts the child); closing
/// them is the owner's.
package struct PseudoTerminal {
  /// The side the test holds.
  package let master: Int32
  /// The side the child gets.
  package let slave: Int32
  /// The slave's path (`/dev/pts/3`), for `stty -F`.
  package let slavePath: String

  /// Whether this C library has the XSI pseudo-terminal functions.
  package static var isAvailable: Bool { PTY.functions != nil }

  /// Opens a pair whose window is `columns`×`rows`.
  package static func open(columns: Int, rows: Int) throws -> PseudoTerminal {
    guard let pty = PTY.functions else {
      throw ChildProcess.SpawnFailed(what: "posix_openpt (not in the C library)", code: ENOSYS)
    }
    let master = pty.openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw ChildProcess.SpawnFailed(what: "posix_openpt", code: errno) }
    var buffer = [CChar](repeating: 0, count: 128)
    guard pty.grant(master) == 0, pty.unlock(master) == 0, pty.name(master, &buffer, 128) == 0
    else {
      let code = errno
      close(master)
      throw ChildProcess.SpawnFailed(what: "grantpt/unlockpt/ptsname", code: code)
    }
    let name = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    setSize(master, columns: columns, rows: rows)
    let slave = Glibc.open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard slave >= 0 else {
      let code = errno
      close(master)
      throw ChildProcess.SpawnFailed(what: "open \(name)", code: code)
    }
    return PseudoTerminal(master: master, slave: slave, slavePath: name)
  }

  /// Sets the window size of the terminal `fd` is a side of; the kernel sends SIGWINCH
  /// to its foreground process group.
  package static func setSize(_ fd: Int32, columns: Int, rows: Int) {
    var size = winsize(
      ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0,
      ws_ypixel: 0)
    _ = ioctl(fd, UInt(TIOCSWINSZ), &size)
  }
}

/// The XSI pseudo-terminal functions, which Swift's Glibc module does not import (they
/// need _XOPEN_SOURCE), looked up in the C library already loaded.
private struct PTY: Sendable {
  let openpt: @convention(c) (Int32) -> Int32
  let grant: @convention(c) (Int32) -> Int32
  let unlock: @convention(c) (Int32) -> Int32
  let name: @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32

  static let functions: PTY? = {
    // A nil handle is RTLD_DEFAULT: every library loaded.
    func load<T>(_ symbol: String, as type: T.Type) -> T? {
      dlsym(nil, symbol).map { unsafeBitCast($0, to: type) }
    }
    guard let openpt = load("posix_openpt", as: (@convention(c) (Int32) -> Int32).self),
      let grant = load("grantpt", as: (@convention(c) (Int32) -> Int32).self),
      let unlock = load("unlockpt", as: (@convention(c) (Int32) -> Int32).self),
      let name = load(
        "ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32).self)
    else { return nil }
    return PTY(openpt: openpt, grant: grant, unlock: unlock, name: name)
  }()
}
