import TerminalUI

/// Full screen: the command a key gives on the screen on top, from `CommandTable`, plus
/// the keys that are text (a filter typed as you go) or digits (a jump to a number).
///
/// On a menu every letter is text, as in fzf: movement is the arrows, Ctrl-N/P and
/// Ctrl-J/K. What q, Esc and ← do on each screen is `StepKeys`'s table, which the hint
/// line and the help read too.
public enum KeyMap {
  /// The command for `key` in `state`, or nil for a key that does nothing here. While a
  /// page loads only the keys that leave do something: keys typed ahead are not applied
  /// to a page the user has not seen yet, and Ctrl-C cancels the load as Esc does.
  public static func command(for key: Key, in state: NavigationState, navigator: Navigator)
    -> NavigationCommand?
  {
    let screen = state.top
    if case .mouse(let event) = key { return mouse(event, in: state) }
    if isLoading(state, navigator) {
      // The step keys (← q Esc) and Ctrl-C back out of the load; the table names them.
      if StepKeys.StepKey(key) != nil { return .back }
      switch CommandTable.bound(key, on: screen) {
      case .interrupt: return .back
      case .suspend: return .suspend
      default: return nil
      }
    }
    let isSearch: Bool
    if case .search = screen.kind { isSearch = true } else { isSearch = false }
    if screen.isMenu, case .character(let character) = key {
      // In a search a digit is text: `/320583` is a division's code, not row 3, 32…
      if let digit = character.unicodeScalars.first.flatMap(NavigationCommand.digitValue),
        character.unicodeScalars.count == 1, !isSearch
      {
        return .digit(digit)
      }
      // A search takes `/` too; `?` is never in a name, so it stays help.
      if isSearch && character != "?" { return .edit(key) }
    }
    if !screen.isMenu, screen.editor != nil {
      // Typing a page search: every key is text but those that end it.
      switch key {
      case .enter, .control("j"): return .choose
      case .up, .control("p"): return .findHistory(-1)
      case .down, .control("n"): return .findHistory(1)
      case .escape: return .escape
      case .control("c"): return .interrupt
      case .character, .paste, .backspace, .control("u"), .control("w"), .special(.left, _),
        .special(.right, _):
        return .edit(key)
      default: return nil
      }
    }
    // A number on a page or in its link list selects that link, as in lynx.
    if !screen.isMenu, screen.editor == nil, !screen.showingHeadings,
      case .character(let character) = key, character.unicodeScalars.count == 1,
      let digit = character.unicodeScalars.first.flatMap(NavigationCommand.digitValue)
    {
      return .digit(digit)
    }
    if let step = StepKeys.StepKey(key) {
      // Any key closes the help, these too, and does nothing else.
      if state.showingHelp { return .escape }
      switch StepKeys.action(step, in: StepKeys.situation(state)) {
      case .text: return .edit(key)
      // Esc's own command clears, backs out and leaves by the same table.
      case .leave: return step == .escape ? .escape : .quit
      case .clear, .back, .closeList: return step == .escape ? .escape : .back
      case nil: return nil
      }
    }
    if let command = CommandTable.bound(key, on: screen) {
      if key == .control("c") { return .interrupt }
      return command
    }
    guard screen.isMenu else { return nil }
    switch key {
    case .character(let character) where !character.isWhitespace || !screen.filterIsEmpty:
      return .edit(key)
    case .paste, .backspace, .control("u"), .control("w"):
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
      // The preview pane beside the list is not a row.
      if let pane = MenuPreview.columns(forWidth: state.viewport.columns),
        event.column - 1 >= pane.lowerBound
      {
        return nil
      }
      let index = state.top.scroll + row
      return index == state.top.selection ? .choose : .move(index - state.top.selection)
    case .press(.left):
      // On a page, a click on a link follows it, as in w3m.
      guard event.row >= 1 && event.row <= state.contentRows else { return nil }
      return .click(row: event.row - 1, column: event.column - 1)
    default: return nil
    }
  }

  private static func isLoading(_ state: NavigationState, _ navigator: Navigator) -> Bool {
    navigator.pageURL(of: state.top).map { state.pages[$0] == .loading } ?? false
  }
}
