import TerminalUI
import TextSupport

/// Every command of the interactive session, once: the line-mode parser, the help screen,
/// the hints, the full-screen key map and `browse --help` all read this table.
public enum CommandTable {
  /// Every binding: the menu's, the page's, then those that work anywhere.
  public static let bindings: [CommandBinding] = menu + page + anywhere

  static let menu: [CommandBinding] = [
    .init(
      .select(1), wordLabel: "<number>", keyLabel: "1 2 3…", context: .menu,
      help: "choose that item (full width １２ too)", lineHint: "number: choose"),
    .init(
      .filter(""), wordLabel: "<text>", keyLabel: "text", context: .menu,
      help: "keep the items matching a name, pinyin or initials (gd, guangzhou)",
      lineHint: "text: filter", keyHint: "type to filter"),
    .init(
      .startSearch, wordLabel: "/<text>", keys: [.character("/")], keyLabel: "/", context: .menu,
      help: "search every city of every province", lineHint: "/text: search",
      keyHint: "/ search"),
    .init(
      .move(-1), keys: [.up, .control("p")], keyLabel: "↑ Ctrl-P", context: .menu,
      help: "the item above"),
    .init(
      .move(1), keys: [.down, .control("n")], keyLabel: "↓ Ctrl-N", context: .menu,
      help: "the item below"),
    .init(
      .move(-1), keys: [.character("k")], keyLabel: "k", needsEmptyFilter: true, context: .menu,
      help: "the item above, when no filter is typed"),
    .init(
      .move(1), keys: [.character("j")], keyLabel: "j", needsEmptyFilter: true, context: .menu,
      help: "the item below, when no filter is typed"),
    .init(
      .moveScreen(-1), keys: [.pageUp], keyLabel: "PgUp", context: .menu,
      help: "a screen up"),
    .init(
      .moveScreen(1), keys: [.pageDown], keyLabel: "PgDn", context: .menu,
      help: "a screen down"),
    .init(
      .moveToEnd(false), keys: [.home], keyLabel: "Home", context: .menu, help: "the first item"),
    .init(.moveToEnd(true), keys: [.end], keyLabel: "End", context: .menu, help: "the last item"),
    .init(
      .choose, keys: [.enter, .right], keyLabel: "Enter →", context: .menu,
      help: "open the selected item", keyHint: "Enter open"),
    .init(
      .nextPage, words: ["n", "next"], context: .menu, help: "next page (Enter: next page)"),
    .init(.previousPage, words: ["p", "prev", "previous"], context: .menu, help: "previous page"),
  ]

  static let page: [CommandBinding] = [
    .init(
      .enter, words: [""], wordLabel: "Enter", context: .page,
      help: "next page of text (n, p: next and previous)"),
    .init(
      .select(1), wordLabel: "<number>", context: .page, help: "follow that link",
      lineHint: "number: follow"),
    .init(
      .move(-1), keys: [.up, .character("k")], keyLabel: "↑ k", context: .page,
      help: "scroll up a line"),
    .init(
      .move(1), keys: [.down, .character("j")], keyLabel: "↓ j", context: .page,
      help: "scroll down a line"),
    .init(
      .moveScreen(1), keys: [.character(" "), .pageDown], keyLabel: "Space PgDn", context: .page,
      help: "a screen down"),
    .init(
      .moveScreen(-1), keys: [.character("b"), .pageUp], keyLabel: "b PgUp", context: .page,
      help: "a screen up"),
    .init(
      .moveToEnd(false), keys: [.character("g"), .home], keyLabel: "g Home", context: .page,
      help: "the top of the page"),
    .init(
      .moveToEnd(true), keys: [.character("G"), .end], keyLabel: "G End", context: .page,
      help: "the end of the page"),
    .init(
      .nextLink, keys: [.tab], keyLabel: "Tab", context: .page, help: "the next link"),
    .init(
      .previousLink, keys: [.backTab], keyLabel: "Shift-Tab", context: .page,
      help: "the previous link"),
    .init(
      .choose, keys: [.enter, .right], keyLabel: "Enter →", context: .page,
      help: "follow the link (#fragment links scroll this page)", keyHint: "Tab/Enter links"),
    .init(
      .startSearch, keys: [.character("/")], keyLabel: "/", context: .page,
      help: "search the page (Enter: find, Esc: never mind)"),
    .init(
      .nextMatch, keys: [.character("n")], keyLabel: "n", context: .page,
      help: "the next line that matches"),
    .init(
      .previousMatch, keys: [.character("N")], keyLabel: "N", context: .page,
      help: "the previous line that matches"),
    .init(
      .links, words: ["l", "links"], keys: [.character("l")], keyLabel: "l", context: .page,
      help: "the page's links (again: the text)", lineHint: "l links", keyHint: "l list"),
    .init(
      .toggleView, words: ["v", "view"], keys: [.character("v")], keyLabel: "v", context: .page,
      help: "the whole page, or the reader view again"),
    .init(
      .reload, words: ["r", "reload"], keys: [.character("r")], keyLabel: "r", context: .page,
      help: "reload (retry a failed page)", lineHint: "r reload", keyHint: "r reload"),
    .init(
      .openInBrowser, words: ["o", "open"], keys: [.character("o")], keyLabel: "o",
      context: .page, help: "open the page in your browser", lineHint: "o open", keyHint: "o open"),
  ]

  static let anywhere: [CommandBinding] = [
    .init(
      .back, words: ["b", "back", ".."], keys: [.left], keyLabel: "←", context: .anywhere,
      help: "back one screen (returns to the same place)", lineHint: "b back", keyHint: "← back",
      hintBelowTop: true),
    .init(
      .escape, keys: [.escape], keyLabel: "Esc", context: .anywhere,
      help: "clear the filter, cancel a load, else back"),
    .init(
      .top, words: ["t", "top"], context: .anywhere, help: "back to the provinces",
      lineHint: "t top", hintBelowTop: true),
    .init(
      .help, words: ["?", "h", "help"], keys: [.character("?")], keyLabel: "?",
      context: .anywhere, help: "this help (again to close it)", lineHint: "? help",
      keyHint: "? keys"),
    .init(
      .quit, words: ["q", "quit", "exit"], keys: [.character("q"), .control("d")],
      keyLabel: "q Ctrl-D", needsEmptyFilter: true, context: .anywhere,
      help: "leave at the top (elsewhere: back); also Ctrl-D at a prompt", lineHint: "q quit",
      keyHint: "q quit"),
    .init(
      .interrupt, keys: [.control("c")], keyLabel: "Ctrl-C", context: .anywhere,
      help: "leave at once (exit 130)"),
    .init(
      .suspend, keys: [.control("z")], keyLabel: "Ctrl-Z", context: .anywhere,
      help: "suspend (fg resumes)"),
  ]

  /// The command a line-mode word gives, wherever it is typed; page words (`l`, `r`,
  /// `o`) are text on a menu, so they are looked up with `pageCommand(for:)`.
  static func lineCommand(for word: String) -> NavigationCommand? {
    bindings.first { $0.context != .page && $0.words.contains(word) }?.command
      ?? (word.isEmpty ? .enter : nil)
  }

  /// The command a line-mode word gives on a page screen.
  static func pageCommand(for word: String) -> NavigationCommand? {
    bindings.first {
      $0.context == .page && !$0.words.isEmpty && $0.words != [""] && $0.words.contains(word)
    }?
    .command
  }

  /// The bound command for `key` on `screen`, or nil when no binding has it.
  static func bound(_ key: Key, on screen: Screen) -> NavigationCommand? {
    let context: CommandBinding.Context = screen.isMenu ? .menu : .page
    return bindings.first {
      ($0.context == context || $0.context == .anywhere) && $0.keys.contains(key)
        && (!$0.needsEmptyFilter || screen.filterIsEmpty)
    }?.command
  }

  /// The hint line's parts for a screen: line mode's words or full screen's keys.
  public static func hints(isMenu: Bool, belowTop: Bool, keys: Bool) -> [String] {
    let context: CommandBinding.Context = isMenu ? .menu : .page
    let here =
      bindings.filter { $0.context == context } + bindings.filter { $0.context == .anywhere }
    return here.filter { belowTop || !$0.hintBelowTop }.compactMap {
      keys ? $0.keyHint : $0.lineHint
    }
  }

  /// `browse --help`'s section: the full-screen keys, then the words line mode reads.
  public static var summary: [String] {
    let words = bindings.compactMap(\.lineLabel).reduce(into: [String]()) { list, label in
      if !list.contains(label) { list.append(label) }
    }
    var lines = keyHelp
    var line = "At the prompt (line mode):"
    for label in words {
      if TerminalText.width(line) + TerminalText.width(label) + 3 > 78 {
        lines.append(line)
        line = " "
      }
      line += " " + label + " ·"
    }
    lines.append(String(line.dropLast(2)))
    return lines
  }

  /// Line-mode help: each context's words and what they do.
  public static var lineHelp: [String] {
    section("On a city's page:", .page, \.lineLabel)
      + section("In a menu:", .menu, \.lineLabel)
      + section("Anywhere:", .anywhere, \.lineLabel)
  }

  /// Full-screen help: each context's keys and what they do.
  public static var keyHelp: [String] {
    section("In a menu:", .menu, \.keyLabel) + section("On a page:", .page, \.keyLabel)
      + section("Anywhere:", .anywhere, \.keyLabel)
  }

  private static func section(
    _ title: String, _ context: CommandBinding.Context, _ label: (CommandBinding) -> String?
  ) -> [String] {
    let rows = bindings.filter { $0.context == context }.compactMap { binding in
      label(binding).map { ($0, binding.help) }
    }
    let width = rows.map { TerminalText.width($0.0) }.max() ?? 0
    return [title] + rows.map { "  " + TerminalText.pad($0.0, toWidth: width + 2) + $0.1 }
  }
}
