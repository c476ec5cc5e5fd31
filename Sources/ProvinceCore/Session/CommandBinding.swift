import TerminalUI

/// One command of the interactive session: its line-mode words, its full-screen keys and
/// its help. `CommandTable` lists them all; parser, help, hints and key map read it.
public struct CommandBinding: Sendable {
  /// Where a binding applies.
  public enum Context: Sendable, Hashable {
    case menu
    case page
    case anywhere
  }

  /// When a full-screen hint is true of the screen, so that the hint line never offers a
  /// key that does something else there (`q quit` at the top, `q back` below it).
  public enum HintCondition: Sendable, Hashable {
    case always
    case atTop
    case belowTop
    /// What ←, q and Esc do there, from `StepKeys`'s table (`← q Esc back`).
    case stepKeys
    /// Something typed or found is there for Esc (line mode's `clear`) to clear: a
    /// filter, a page's match.
    case clearable
    /// A menu whose Enter opens the item (not `--pick` on a list of cities).
    case opening
    /// `--pick` on a list of cities: Enter picks.
    case picking
    /// A page's text (not its link list) with at least one link.
    case textWithLinks
    /// A page's text, with or without links.
    case text
    /// A page's link list.
    case linkList
  }

  /// The command the words and keys give.
  public var command: NavigationCommand
  /// Words typed at the line-mode prompt (lower case), such as `b`, `back`, `..`.
  public var words: [String]
  /// How line-mode help names the input when it is not a word (`<number>`).
  public var wordLabel: String?
  /// Keys that give the command full screen.
  public var keys: [Key]
  /// How full-screen help names the keys (`↑ ↓ k j`); nil when line mode only.
  public var keyLabel: String?
  public var context: Context
  /// What it does, for help (full screen's, and line mode's unless `lineHelp` says else).
  public var help: String
  /// What it does at the line-mode prompt, where that differs (q leaves at once there).
  public var lineHelp: String?
  /// Its part of the line-mode hint line (`b back`), if it has one.
  public var lineHint: String?
  /// Its part of the full-screen hint line (`← back`), if it has one.
  public var keyHint: String?
  /// When the full-screen hint (and the line-mode one, for `atTop`/`belowTop`) applies.
  public var hintWhen: HintCondition
  /// How much the hint is worth when the window is too narrow for all: the least worth
  /// goes first (`? keys` is worth the most and stays).
  public var hintWorth: Int

  init(
    _ command: NavigationCommand, words: [String] = [], wordLabel: String? = nil,
    keys: [Key] = [], keyLabel: String? = nil,
    context: Context, help: String, lineHelp: String? = nil, lineHint: String? = nil,
    keyHint: String? = nil, hintWhen: HintCondition = .always, hintWorth: Int = 0
  ) {
    self.command = command
    self.words = words
    self.wordLabel = wordLabel
    self.keys = keys
    self.keyLabel = keyLabel
    self.context = context
    self.help = help
    self.lineHelp = lineHelp
    self.lineHint = lineHint
    self.keyHint = keyHint
    self.hintWhen = hintWhen
    self.hintWorth = hintWorth
  }

  /// How line-mode help names it: `b, back, ..` or its label.
  public var lineLabel: String? {
    let spelled = words.filter { !$0.isEmpty }
    return spelled.isEmpty ? wordLabel : spelled.joined(separator: ", ")
  }
}

extension CommandBinding {
  /// What line-mode help says it does.
  public var lineHelpText: String { lineHelp ?? help }
}

/// What the hint line needs to know of the screen on top to offer only keys that do what
/// they say there.
public struct HintContext: Sendable, Hashable {
  public var isMenu: Bool
  public var belowTop: Bool
  /// `--pick` on a list of cities, where Enter picks.
  public var picking: Bool
  /// A page with at least one link.
  public var hasLinks: Bool
  /// The page's link list is shown.
  public var linkList: Bool
  /// What ←, q and Esc do on the screen; nil to say nothing of them.
  public var situation: StepKeys.Situation?

  /// A context from its parts.
  public init(
    isMenu: Bool, belowTop: Bool, picking: Bool, hasLinks: Bool, linkList: Bool,
    situation: StepKeys.Situation? = nil
  ) {
    self.isMenu = isMenu
    self.belowTop = belowTop
    self.picking = picking
    self.hasLinks = hasLinks
    self.linkList = linkList
    self.situation = situation
  }

  func holds(_ condition: CommandBinding.HintCondition) -> Bool {
    switch condition {
    case .always: return true
    case .atTop: return !belowTop
    case .belowTop: return belowTop && !linkList
    case .stepKeys: return situation != nil
    case .clearable: return situation?.clearable ?? false
    case .opening: return isMenu && !picking
    case .picking: return isMenu && picking
    case .textWithLinks: return !isMenu && !linkList && hasLinks
    case .text: return !isMenu && !linkList
    case .linkList: return !isMenu && linkList
    }
  }
}
