/// A mouse report decoded from SGR mouse mode (`ESC [ < b ; x ; y M` or `m`).
public struct MouseEvent: Hashable, Sendable {
  /// A mouse button.
  public enum Button: Hashable, Sendable {
    /// The left (primary) button.
    case left
    /// The middle button or wheel click.
    case middle
    /// The right (secondary) button.
    case right
  }

  /// What the mouse did.
  public enum Action: Hashable, Sendable {
    /// A button went down.
    case press(Button)
    /// A button went up.
    case release(Button)
    /// The mouse moved with a button held (when motion reports are on).
    case drag(Button)
    /// The mouse moved with no button held (when all-motion reports are on).
    case move
    /// The wheel turned away from the user (scroll up).
    case wheelUp
    /// The wheel turned towards the user (scroll down).
    case wheelDown
    /// The wheel or touchpad scrolled left.
    case wheelLeft
    /// The wheel or touchpad scrolled right.
    case wheelRight
  }

  /// What happened.
  public var action: Action
  /// The 1-based column of the mouse, as the terminal reports it.
  public var column: Int
  /// The 1-based row of the mouse, as the terminal reports it.
  public var row: Int
  /// Shift, Alt (Meta) and Control held, where the terminal reports them.
  public var modifiers: Modifiers

  /// A mouse event; `column` and `row` are 1-based.
  public init(_ action: Action, column: Int, row: Int, modifiers: Modifiers = []) {
    self.action = action
    self.column = column
    self.row = row
    self.modifiers = modifiers
  }
}
