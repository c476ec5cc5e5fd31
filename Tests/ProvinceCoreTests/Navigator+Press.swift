import ProvinceCore
import TerminalUI

/// The tests' one way to press keys on a navigator, as the full screen does.
extension Navigator {
  /// Presses `keys` in turn: the key map turns each into the command it means in the state it
  /// meets and `update` applies it; a key that does nothing there is skipped. `after` sees the
  /// state after every key (a suite that counts layouts draws the frame there, as the shell
  /// does). The effects of the keys that did something, in order.
  @discardableResult
  func press(
    _ keys: [Key], _ state: inout NavigationState, after: (NavigationState) -> Void = { _ in }
  ) -> [NavigationEffect] {
    var effects: [NavigationEffect] = []
    for key in keys {
      if let command = KeyMap.command(for: key, in: state, navigator: self) {
        effects.append(update(&state, command))
      }
      after(state)
    }
    return effects
  }
}
