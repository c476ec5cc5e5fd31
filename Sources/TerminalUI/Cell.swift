import TextSupport

/// One cell of a `Frame`: a grapheme and its style. A wide (East Asian) character takes
/// its cell and the one to its right, which holds a continuation (empty text, width 0).
public struct Cell: Hashable, Sendable {
  /// The grapheme shown, " " for a blank cell, "" for the right half of a wide character.
  public let text: String
  /// How the cell is drawn.
  public let style: Style
  /// The cells the grapheme takes: 1 or 2, or 0 for a continuation.
  public let width: Int

  /// A space in the plain style.
  public static let blank = Cell(text: " ", style: .plain, width: 1)

  init(text: String, style: Style, width: Int) {
    self.text = text
    self.style = style
    self.width = width
  }

  /// A space in `style`.
  public static func space(_ style: Style) -> Cell { Cell(text: " ", style: style, width: 1) }

  /// True for the right half of a wide character.
  public var isContinuation: Bool { width == 0 }

  /// The right half of a wide character drawn in `style`.
  static func continuation(_ style: Style) -> Cell { Cell(text: "", style: style, width: 0) }

  /// The text of a cell for `character` and the cells it takes (0 means it cannot have a
  /// cell: a lone combining mark or an invisible format character). A grapheme with a
  /// control character in it becomes U+FFFD, so nothing in a frame can drive the terminal.
  static func measure(_ character: Character) -> (text: String, width: Int) {
    var width = 0
    for scalar in character.unicodeScalars {
      let value = scalar.value
      if value < 0x20 || (0x7F..<0xA0).contains(value) { return ("\u{FFFD}", 1) }
      width = max(width, TerminalText.width(of: scalar))
    }
    return (String(character), width)
  }
}
