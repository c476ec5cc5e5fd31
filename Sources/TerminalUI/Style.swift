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

  /// The style in 14 bits, for a cell to keep: bold, dim, underline and reverse in bits
  /// 0–3, the foreground's colour plus one in bits 4–8 (0: none), the background's in 9–13.
  var bits: UInt16 {
    var bits: UInt16 = 0
    if bold { bits |= 1 }
    if dim { bits |= 2 }
    if underline { bits |= 4 }
    if reverse { bits |= 8 }
    bits |= UInt16(foreground.map { $0.rawValue + 1 } ?? 0) << 4
    bits |= UInt16(background.map { $0.rawValue + 1 } ?? 0) << 9
    return bits
  }

  /// The style `bits` says.
  init(bits: UInt16) {
    func color(_ field: UInt16) -> Color? {
      field == 0 ? nil : Color(rawValue: UInt8(truncatingIfNeeded: field - 1))
    }
    self.init(
      bold: bits & 1 != 0, dim: bits & 2 != 0, underline: bits & 4 != 0, reverse: bits & 8 != 0,
      foreground: color(bits >> 4 & 0x1F), background: color(bits >> 9 & 0x1F))
  }
}
