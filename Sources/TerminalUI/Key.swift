/// One key press (or paste, or mouse report) decoded from terminal input by `KeyDecoder`.
public enum Key: Hashable, Sendable {
  /// A typed character: ASCII, or any text an input method committed (one key per grapheme).
  case character(Character)
  /// Alt (Meta) held with a printable character: ESC followed by the character.
  case alt(Character)
  /// Control held with a letter or one of `@ [ \ ] ^ _`; letters are lower case,
  /// so Ctrl-C is `.control("c")`. Ctrl-H, Ctrl-I and Ctrl-M arrive as `.backspace`,
  /// `.tab` and `.enter`, as terminals send the same bytes for them; Ctrl-J (LF) is
  /// `.control("j")`, since Enter sends CR.
  case control(Character)
  /// Return or Enter (CR or LF, or keypad Enter).
  case enter
  /// Tab.
  case tab
  /// Shift-Tab (CSI Z).
  case backTab
  /// Backspace (DEL or BS).
  case backspace
  /// Escape on its own, told apart from the start of a sequence by a timeout.
  case escape
  /// A navigation, editing or function key, with the modifiers held.
  case special(SpecialKey, Modifiers)
  /// Text pasted while bracketed paste was on, control characters removed and line
  /// breaks and tabs turned into spaces.
  case paste(String)
  /// A mouse report (SGR mouse mode).
  case mouse(MouseEvent)

  /// The up arrow without modifiers.
  public static let up = Key.special(.up, [])
  /// The down arrow without modifiers.
  public static let down = Key.special(.down, [])
  /// The left arrow without modifiers.
  public static let left = Key.special(.left, [])
  /// The right arrow without modifiers.
  public static let right = Key.special(.right, [])
  /// Home without modifiers.
  public static let home = Key.special(.home, [])
  /// End without modifiers.
  public static let end = Key.special(.end, [])
  /// Page Up without modifiers.
  public static let pageUp = Key.special(.pageUp, [])
  /// Page Down without modifiers.
  public static let pageDown = Key.special(.pageDown, [])
  /// Insert without modifiers.
  public static let insert = Key.special(.insert, [])
  /// Delete (forward delete) without modifiers.
  public static let delete = Key.special(.delete, [])

  /// Function key `number` (1–12) without modifiers.
  public static func function(_ number: Int) -> Key { .special(.function(number), []) }
}
