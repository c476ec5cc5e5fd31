import TerminalUI

/// Full screen: the command a key gives on the screen on top, from `CommandTable`, plus
/// the keys that are text (a filter typed as you go) or digits (a jump to a number).
public enum KeyMap {
  /// The command for `key` in `state`, or nil for a key that does nothing here. While a
  /// page loads only the keys that leave do something: keys typed ahead are not applied
  /// to a page the user has not seen yet.
  public static func command(for key: Key, in state: NavigationState, navigator: Navigator)
    -> NavigationCommand?
  {
    let screen = state.top
    if case .mouse(let event) = key { return mouse(event, in: state) }
    if isLoading(state, navigator) {
      switch key {
      case .escape, .left, .character("q"): return .back
      case .control("c"): return .interrupt
      case .control("z"): return .suspend
      default: return nil
      }
    }
    // Typing a search: letters are text even with the query empty (there is nothing else
    // to do on that screen), so j, k and q are text there.
    let typingSearch: Bool
    if case .search = screen.kind, screen.editor != nil {
      typingSearch = true
    } else {
      typingSearch = false
    }
    if screen.isMenu, case .character(let character) = key {
      if let digit = character.unicodeScalars.first.flatMap(NavigationCommand.digitValue),
        character.unicodeScalars.count == 1, !typingSearch || screen.filterIsEmpty
      {
        return .digit(digit)
      }
      if typingSearch && character != "?" { return .edit(key) }
    }
    if !screen.isMenu, screen.editor != nil {
      // Typing a page search: every key is text but those that end it.
      switch key {
      case .enter: return .choose
      case .escape: return .escape
      case .control("c"): return .interrupt
      case .character, .paste, .backspace, .control("u"), .control("w"), .special(.left, _),
        .special(.right, _):
        return .edit(key)
      default: return nil
      }
    }
    if let command = CommandTable.bound(key, on: screen) {
      if command == .quit && state.stack.count > 1 { return .back }
      if key == .control("c") { return .interrupt }
      return command
    }
    guard screen.isMenu else { return nil }
    switch key {
    case .character(let character) where !character.isWhitespace || !screen.filterIsEmpty:
      return .edit(key)
    case .paste, .backspace, .control("u"), .control("w"), .control("k"):
      return .edit(key)
    default:
      return nil
    }
  }

  /// The wheel scrolls; a click on a menu row selects it, a second click opens it.
  static func mouse(_ event: MouseEvent, in state: NavigationState) -> NavigationCommand? {
    switch event.action {
    case .wheelUp: return .move(-3)
    case .wheelDown: return .move(3)
    case .press(.left) where state.top.isMenu:
      let row = event.row - 1
      guard row >= 0 && row < state.contentRows else { return nil }
      let index = state.top.scroll + row
      return index == state.top.selection ? .choose : .move(index - state.top.selection)
    default: return nil
    }
  }

  private static func isLoading(_ state: NavigationState, _ navigator: Navigator) -> Bool {
    navigator.pageURL(of: state.top).map { state.pages[$0] == .loading } ?? false
  }
}
