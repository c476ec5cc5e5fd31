/// Modifier keys held with a special key or a mouse event.
public struct Modifiers: OptionSet, Hashable, Sendable {
  /// The bits, as in xterm's modifier parameter minus one.
  public let rawValue: UInt8

  /// Modifiers from their bits: 1 Shift, 2 Alt, 4 Control, 8 Meta.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Shift.
  public static let shift = Modifiers(rawValue: 1)
  /// Alt (Option).
  public static let alt = Modifiers(rawValue: 2)
  /// Control.
  public static let control = Modifiers(rawValue: 4)
  /// Meta (Super, Command), where the terminal reports it.
  public static let meta = Modifiers(rawValue: 8)

  /// The modifiers of xterm's parameter (`5` in `ESC [ 1 ; 5 A` is Control); values
  /// below 2 mean none.
  public init(xtermParameter value: Int) {
    self.init(rawValue: value >= 2 ? UInt8((value - 1) & 0x0F) : 0)
  }
}
