import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal in full-screen mode: raw input, the alternate screen, no cursor, pastes
/// bracketed and mouse reports on; and the way back to how it was found, which is also
/// handed (as bytes and a saved termios) to the signal and crash handlers.
struct RawTerminal: Sendable {
  let input: Int32
  let output: Int32
  let saved: termios
  /// Whether mouse reports are asked for (not with `--no-mouse`).
  var mouse = true

  /// What leaving writes: the modes turned off, the normal screen back.
  static let leaveBytes = Array(
    (ControlSequence.disableMouse + ControlSequence.disableBracketedPaste
      + ControlSequence.resetStyle + ControlSequence.showCursor
      + ControlSequence.leaveAlternateScreen).utf8)
  /// What entering writes; mouse reports only when `mouse` (`--no-mouse` leaves the mouse
  /// to the terminal, for selecting text).
  static func enterBytes(mouse: Bool) -> [UInt8] {
    Array(
      (ControlSequence.enterAlternateScreen + ControlSequence.hideCursor
        + ControlSequence.enableBracketedPaste + (mouse ? ControlSequence.enableMouse : "")).utf8)
  }

  /// The terminal's modes as found, or nil when `input` is not a terminal.
  init?(input: Int32, output: Int32) {
    var modes = termios()
    guard tcgetattr(input, &modes) == 0 else { return nil }
    self.input = input
    self.output = output
    saved = modes
  }

  /// Raw input (no echo, no line editing, no signals from keys) and the alternate screen.
  func enter() {
    var raw = saved
    // cfmakeraw also sets VMIN 1, VTIME 0: a read returns what is there, poll waits.
    cfmakeraw(&raw)
    _ = tcsetattr(input, TCSANOW, &raw)
    write(Self.enterBytes(mouse: mouse))
  }

  /// The terminal as it was found.
  func leave() {
    write(Self.leaveBytes)
    var copy = saved
    _ = tcsetattr(input, TCSADRAIN, &copy)
  }

  /// Writes all of `bytes`, going on after signals and partial writes.
  func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(output, base + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }

  func write(_ text: String) { write(Array(text.utf8)) }
}
