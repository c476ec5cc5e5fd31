/// The escape sequences a full-screen UI sends, as strings (nothing here writes them).
public enum ControlSequence {
  /// Moves the cursor to a 0-based `row` and `column` (CUP, which counts from 1).
  public static func moveCursor(row: Int, column: Int) -> String {
    column == 0 ? "\u{1B}[\(row + 1)H" : "\u{1B}[\(row + 1);\(column + 1)H"
  }

  /// Moves the cursor to the top left corner.
  public static let home = "\u{1B}[H"
  /// Clears the whole screen (ED 2).
  public static let eraseScreen = "\u{1B}[2J"
  /// Clears from the cursor to the end of its line (EL 0).
  public static let eraseToEndOfLine = "\u{1B}[K"
  /// Hides the cursor (DECTCEM off).
  public static let hideCursor = "\u{1B}[?25l"
  /// Shows the cursor (DECTCEM on).
  public static let showCursor = "\u{1B}[?25h"
  /// Switches to the alternate screen, saving the normal one.
  public static let enterAlternateScreen = "\u{1B}[?1049h"
  /// Switches back to the normal screen.
  public static let leaveAlternateScreen = "\u{1B}[?1049l"
  /// Asks for pastes wrapped in `ESC [ 200 ~` … `ESC [ 201 ~`.
  public static let enableBracketedPaste = "\u{1B}[?2004h"
  /// Stops wrapping pastes.
  public static let disableBracketedPaste = "\u{1B}[?2004l"
  /// Asks for button and wheel reports in SGR form (`ESC [ < b ; x ; y M`).
  public static let enableMouse = "\u{1B}[?1000h\u{1B}[?1006h"
  /// Stops mouse reports.
  public static let disableMouse = "\u{1B}[?1006l\u{1B}[?1000l"
  /// Resets all attributes to the terminal's default.
  public static let resetStyle = "\u{1B}[0m"
}
