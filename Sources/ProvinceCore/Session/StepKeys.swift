import TerminalUI

/// What q, Esc and ← do on each kind of screen, as data: the key map reads what a key
/// does from it, the hint line says it from it, and `?`, `--help` and the man page
/// describe it from it, so the three can never disagree.
///
/// The rule: in a menu every printable key is filter text, q included, so the pinyin of
/// any division (`qinghai`, `kunming`) filters, whether the menu is fresh or returned to
/// with its filter restored. Esc clears what was typed or found (a number, a filter, a
/// match), else backs out one step, and at the top leaves; ← backs out one step and at the
/// top does nothing. On a page q backs out as in less (at the top, leaves), and in a
/// page's link or heading list q, Esc and ← close the list. So Esc, pressed again and
/// again, unwinds any screen to the top and leaves with exit 0.
public enum StepKeys {
  /// The kinds of screen the keys differ on.
  public enum Kind: Sendable, Hashable, CaseIterable {
    /// A list of divisions or search results, with its filter prompt.
    case menu
    /// A page's text.
    case page
    /// A page's link list or headings list.
    case list
  }

  /// What one of the keys does.
  public enum Action: Sendable, Hashable {
    /// The key is typed into the filter.
    case text
    /// A typed number, filter or page match is cleared.
    case clear
    /// Back one step: the screen below, or the line a `#fragment` was followed from.
    case back
    /// The session ends (exit 0; `--pick` ends with nothing picked).
    case leave
    /// The list closes and the page's text shows where it was left.
    case closeList

    /// How the hint line names it.
    var hint: String {
      switch self {
      case .text: return "type"
      case .clear: return "clear"
      case .back: return "back"
      case .leave: return "quit"
      case .closeList: return "close"
      }
    }

    /// How help describes it.
    var help: String {
      switch self {
      case .text: return "filter text"
      case .clear: return "clear what is typed or found"
      case .back: return "back one step"
      case .leave: return "quit"
      case .closeList: return "close the list"
      }
    }
  }

  /// The keys the table is about, in the order the hint line names them.
  public enum StepKey: Sendable, Hashable, CaseIterable {
    case left
    case q
    case escape

    /// The key as the decoder gives it.
    public var key: Key {
      switch self {
      case .left: return .left
      case .q: return .character("q")
      case .escape: return .escape
      }
    }

    /// How help and hints name it.
    public var label: String {
      switch self {
      case .left: return "←"
      case .q: return "q"
      case .escape: return "Esc"
      }
    }

    /// The table's key for `key`, if it is one.
    public init?(_ key: Key) {
      guard let found = Self.allCases.first(where: { $0.key == key }) else { return nil }
      self = found
    }
  }

  /// For each kind of screen and key, the actions in order: the first that applies is what
  /// the key does (`clear` applies when something is typed or found, `back` when there is
  /// a step to go back to; the others always). A key with none that applies does nothing.
  public static let table: [Kind: [StepKey: [Action]]] = [
    .menu: [.q: [.text], .escape: [.clear, .back, .leave], .left: [.back]],
    .page: [.q: [.back, .leave], .escape: [.clear, .back, .leave], .left: [.back]],
    .list: [.q: [.closeList], .escape: [.clear, .closeList], .left: [.closeList]],
  ]

  /// What the keys need to know of the screen on top.
  public struct Situation: Sendable, Hashable {
    public var kind: Kind
    /// A number, filter or page match is there for Esc to clear.
    public var clearable: Bool
    /// There is a step to go back to (a screen below, or a `#fragment` followed).
    public var canGoBack: Bool

    /// A situation from its parts.
    public init(kind: Kind, clearable: Bool, canGoBack: Bool) {
      self.kind = kind
      self.clearable = clearable
      self.canGoBack = canGoBack
    }
  }

  /// What `key` does in `situation`, or nil when it does nothing there.
  public static func action(_ key: StepKey, in situation: Situation) -> Action? {
    table[situation.kind]?[key]?.first { action in
      switch action {
      case .clear: return situation.clearable
      case .back: return situation.canGoBack
      case .text, .leave, .closeList: return true
      }
    }
  }

  /// The hint line's part for the keys: each action with the keys that do it
  /// (`← q Esc back`, `← back · Esc clear`); filter text is said by the menu's own hint.
  public static func hint(_ situation: Situation) -> String {
    var parts: [(keys: [String], action: Action)] = []
    for key in StepKey.allCases {
      guard let action = action(key, in: situation), action != .text else { continue }
      if let index = parts.firstIndex(where: { $0.action == action }) {
        parts[index].keys.append(key.label)
      } else {
        parts.append(([key.label], action))
      }
    }
    return parts.map { $0.keys.joined(separator: " ") + " " + $0.action.hint }
      .joined(separator: " · ")
  }

  /// What help says `key` does, on each kind of screen, from the table; kinds where it
  /// does the same are named together (`menu, page: back one step; list: close the list`).
  public static func help(_ key: StepKey) -> String {
    let kinds: [(Kind, String)] = [(.menu, "menu"), (.page, "page"), (.list, "list")]
    var groups: [(names: [String], actions: [Action])] = []
    for (kind, name) in kinds {
      guard let actions = table[kind]?[key], !actions.isEmpty else { continue }
      if let index = groups.firstIndex(where: { $0.actions == actions }) {
        groups[index].names.append(name)
      } else {
        groups.append(([name], actions))
      }
    }
    return groups.map { group in
      group.names.joined(separator: ", ") + ": "
        + group.actions.map(\.help).joined(separator: ", else ")
    }.joined(separator: "; ")
  }

  /// The situation of the screen on top of `state`.
  static func situation(_ state: NavigationState) -> Situation {
    let top = state.top
    let kind: Kind = top.isMenu ? .menu : (top.showingLinks || top.showingHeadings ? .list : .page)
    let clearable =
      !top.number.isEmpty || (kind == .menu && !top.filterIsEmpty)
      || (kind == .page && top.pageQuery != nil)
    let canGoBack = state.stack.count > 1 || (kind == .page && !top.returnScroll.isEmpty)
    return Situation(kind: kind, clearable: clearable, canGoBack: canGoBack)
  }
}
