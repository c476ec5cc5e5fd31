/// How a cell is drawn: attributes and colours (nil is the terminal's default colour).
public struct Style: Hashable, Sendable {
  /// Bold (or bright) text.
  public var bold: Bool
  /// Dim (faint) text.
  public var dim: Bool
  /// Underlined text.
  public var underline: Bool
  /// Foreground and background swapped: the usual highlight of a selected line.
  public var reverse: Bool
  /// The text colour, or nil for the default.
  public var foreground: Color?
  /// The background colour, or nil for the default.
  public var background: Color?

  /// A style; every attribute is off and both colours are the default unless given.
  public init(
    bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false,
    foreground: Color? = nil, background: Color? = nil
  ) {
    self.bold = bold
    self.dim = dim
    self.underline = underline
    self.reverse = reverse
    self.foreground = foreground
    self.background = background
  }

  /// The terminal's default look.
  public static let plain = Style()
  /// Reverse video, for the selected line.
  public static let highlight = Style(reverse: true)

  /// The SGR sequence that sets exactly this style, whatever was set before
  /// (`ESC [ 0 m` for plain, else `ESC [ 0 ; …  m`).
  public var selectGraphicRendition: String {
    var parameters = "0"
    if bold { parameters += ";1" }
    if dim { parameters += ";2" }
    if underline { parameters += ";4" }
    if reverse { parameters += ";7" }
    if let foreground { parameters += ";\(foreground.foregroundParameter)" }
    if let background { parameters += ";\(background.backgroundParameter)" }
    return "\u{1B}[\(parameters)m"
  }
}
