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
  /// Keys that count only while no filter is being typed (letters that are text then).
  public var needsEmptyFilter: Bool
  public var context: Context
  /// What it does, for help.
  public var help: String
  /// Its part of the line-mode hint line (`b back`), if it has one.
  public var lineHint: String?
  /// Its part of the full-screen hint line (`← back`), if it has one.
  public var keyHint: String?
  /// Hinted only below the top screen (back, top).
  public var hintBelowTop: Bool

  init(
    _ command: NavigationCommand, words: [String] = [], wordLabel: String? = nil,
    keys: [Key] = [], keyLabel: String? = nil, needsEmptyFilter: Bool = false,
    context: Context, help: String, lineHint: String? = nil, keyHint: String? = nil,
    hintBelowTop: Bool = false
  ) {
    self.command = command
    self.words = words
    self.wordLabel = wordLabel
    self.keys = keys
    self.keyLabel = keyLabel
    self.needsEmptyFilter = needsEmptyFilter
    self.context = context
    self.help = help
    self.lineHint = lineHint
    self.keyHint = keyHint
    self.hintBelowTop = hintBelowTop
  }

  /// How line-mode help names it: `b, back, ..` or its label.
  public var lineLabel: String? {
    let spelled = words.filter { !$0.isEmpty }
    return spelled.isEmpty ? wordLabel : spelled.joined(separator: ", ")
  }
}
