/// One of the 16 colours every colour terminal has (SGR 30–37 and 90–97).
public enum Color: UInt8, Hashable, Sendable, CaseIterable {
  /// Black.
  case black
  /// Red.
  case red
  /// Green.
  case green
  /// Yellow.
  case yellow
  /// Blue.
  case blue
  /// Magenta.
  case magenta
  /// Cyan.
  case cyan
  /// White (often light grey).
  case white
  /// Bright black (dark grey).
  case brightBlack
  /// Bright red.
  case brightRed
  /// Bright green.
  case brightGreen
  /// Bright yellow.
  case brightYellow
  /// Bright blue.
  case brightBlue
  /// Bright magenta.
  case brightMagenta
  /// Bright cyan.
  case brightCyan
  /// Bright white.
  case brightWhite

  /// The SGR parameter that selects this colour for the foreground.
  public var foregroundParameter: Int {
    rawValue < 8 ? 30 + Int(rawValue) : 90 + Int(rawValue) - 8
  }

  /// The SGR parameter that selects this colour for the background.
  public var backgroundParameter: Int { foregroundParameter + 10 }
}
