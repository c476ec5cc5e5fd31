import Synchronization
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
      help: "jump to that item; the digits show, a second's pause ends the number (１２ too)",
      lineHelp: "choose that item (full width １２ too)", lineHint: "number: choose"),
    .init(
      .filter(""), wordLabel: "<text>", keyLabel: "text", context: .menu,
      help: "every letter filters by name, pinyin or initials (gd, guangzhou, qinghai)",
      lineHelp: "keep the items matching a name, pinyin or initials (gd, guangzhou)",
      lineHint: "text: filter", keyHint: "type to filter", hintWorth: 50),
    .init(
      .edit(.control("a")), keys: [.control("a")], keyLabel: "Ctrl-A", context: .menu,
      help:
        "the filter's start; back on a list, its filter is selected as a text field's:"
        + " a key typed replaces it, Backspace deletes it, Ctrl-A or Ctrl-E keeps it to edit"),
    .init(
      .edit(.control("e")), keys: [.control("e")], keyLabel: "Ctrl-E", context: .menu,
      help: "the filter's end (a filter selected is kept to edit)"),
    .init(
      .startSearch, wordLabel: "/<text>", keys: [.character("/")], keyLabel: "/", context: .menu,
      help: "search every city of every province", lineHint: "/text: search",
      keyHint: "/ search", hintWorth: 60),
    .init(
      .move(-1), keys: [.up, .control("p"), .control("k")], keyLabel: "↑ Ctrl-P Ctrl-K",
      context: .menu, help: "the item above"),
    .init(
      .move(1), keys: [.down, .control("n"), .control("j")], keyLabel: "↓ Ctrl-N Ctrl-J",
      context: .menu, help: "the item below"),
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
      help: "open the selected item (--pick: pick the city)", keyHint: "Enter open",
      hintWhen: .opening, hintWorth: 85),
    .init(
      .choose, context: .menu, help: "pick the selected city", keyHint: "Enter pick",
      hintWhen: .picking, hintWorth: 85),
    .init(
      .nextPage, words: ["n", "next"], context: .menu, help: "next page (Enter: next page)"),
    .init(.previousPage, words: ["p", "prev", "previous"], context: .menu, help: "previous page"),
  ]

  static let page: [CommandBinding] = [
    .init(
      .enter, words: [""], wordLabel: "Enter", context: .page,
      help: "the next page of text (f too; b, p: the previous), as Space and b scroll"),
    .init(.nextPage, words: ["f"], context: .page, help: "the next page of text"),
    .init(.previousPage, words: ["b", "p"], context: .page, help: "the previous page of text"),
    .init(
      .select(1), wordLabel: "<number>", keyLabel: "1 2 3…", context: .page,
      help: "select link [n], as in lynx (the digits show; Enter follows it)",
      lineHelp: "follow that link", lineHint: "number: follow"),
    .init(
      .move(-1), keys: [.up, .character("k"), .control("y"), .control("p"), .control("k")],
      keyLabel: "↑ k Ctrl-Y Ctrl-P Ctrl-K", context: .page,
      help: "a line up (a link list: the link above)"),
    .init(
      .move(1), keys: [.down, .character("j"), .control("e"), .control("n"), .control("j")],
      keyLabel: "↓ j Ctrl-E Ctrl-N Ctrl-J", context: .page,
      help: "a line down (a link list: the link below)"),
    .init(
      .moveScreen(1), keys: [.character(" "), .character("f"), .control("f"), .pageDown],
      keyLabel: "Space f Ctrl-F PgDn", context: .page, help: "a screen down"),
    .init(
      .moveScreen(-1), keys: [.character("b"), .control("b"), .pageUp],
      keyLabel: "b Ctrl-B PgUp", context: .page, help: "a screen up"),
    .init(
      .moveHalfScreen(1), keys: [.character("d"), .control("d")], keyLabel: "d Ctrl-D",
      context: .page, help: "half a screen down"),
    .init(
      .moveHalfScreen(-1), keys: [.character("u"), .control("u")], keyLabel: "u Ctrl-U",
      context: .page, help: "half a screen up"),
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
      help: "follow the link (a #fragment scrolls this page; ← comes back)",
      keyHint: "Tab/Enter links", hintWhen: .textWithLinks, hintWorth: 70),
    .init(
      .choose, context: .page, help: "follow the selected link", keyHint: "Enter follow",
      hintWhen: .linkList, hintWorth: 85),
    .init(
      .startSearch, wordLabel: "/<text>", keys: [.character("/")], keyLabel: "/",
      context: .page, help: "search the page (Enter: find, Esc: never mind)",
      lineHelp: "search this page (n, N: the next and previous match)", keyHint: "/ find",
      hintWhen: .text, hintWorth: 35),
    .init(
      .nextMatch, words: ["n"], keys: [.character("n")], keyLabel: "n", context: .page,
      help: "the next match, from the top of the window"),
    .init(
      .previousMatch, words: ["N"], keys: [.character("N")], keyLabel: "N", context: .page,
      help: "the previous match, from the top of the window"),
    .init(
      .links, words: ["l", "links"], keys: [.character("l")], keyLabel: "l", context: .page,
      help: "the page's links as a list of their own (again, ←, q or Esc: the text)",
      lineHelp: "the page's links (again: the text)", lineHint: "l links", keyHint: "l list",
      hintWhen: .textWithLinks, hintWorth: 40),
    .init(
      .headings, words: ["t"], keys: [.character("t")], keyLabel: "t", context: .page,
      help: "the page's headings as a list: Enter goes to one (←, q or Esc: the text)",
      keyHint: "t headings", hintWhen: .text, hintWorth: 25),
    .init(
      .toggleView, words: ["v", "view"], keys: [.character("v")], keyLabel: "v", context: .page,
      help: "the whole page, or the reader view again"),
    .init(
      .reload, words: ["r", "reload"], keys: [.character("r")], keyLabel: "r", context: .page,
      help: "reload (retry a failed page); the view and the place are kept",
      lineHelp: "reload (retry a failed page)", lineHint: "r reload", keyHint: "r reload",
      hintWhen: .text, hintWorth: 30),
    .init(
      .openInBrowser, words: ["o", "open"], keys: [.character("o")], keyLabel: "o",
      context: .page, help: "open the page in your browser", lineHint: "o open",
      keyHint: "o open", hintWhen: .text, hintWorth: 20),
  ]

  static let anywhere: [CommandBinding] = [
    // What ←, Esc and q do is StepKeys's table: these rows give its help and hint.
    .init(
      .back, words: ["b", "back", ".."], keyLabel: "←", context: .anywhere,
      help: StepKeys.help(.left), lineHelp: "back one screen (returns to the same place)",
      lineHint: "b back", hintWhen: .belowTop),
    .init(
      .escape, keyLabel: "Esc", context: .anywhere, help: StepKeys.help(.escape),
      keyHint: "", hintWhen: .stepKeys, hintWorth: 90),
    // Esc's first step as a word: `back` is ←'s, and Esc's later steps (back, leave) are
    // words of their own, so a line never leaves by surprise.
    .init(
      .clear, words: ["clear"], context: .anywhere, help: "clear what is typed or found",
      lineHelp: "clear the filter (the whole list again) or the page's match, as Esc does",
      lineHint: "clear", hintWhen: .clearable),
    .init(
      .top, words: ["t", "top"], context: .anywhere, help: "back to the provinces",
      lineHint: "t top", hintWhen: .belowTop),
    .init(
      .help, words: ["?", "h", "help"], keys: [.character("?")], keyLabel: "?",
      context: .anywhere, help: "this help (again to close it)", lineHint: "? help",
      keyHint: "? keys", hintWorth: 100),
    .init(
      .quit, words: ["q", "quit", "exit"], keyLabel: "q", context: .anywhere,
      help: StepKeys.help(.q), lineHelp: "leave at once, from any screen (Ctrl-D too)",
      lineHint: "q quit"),
    .init(
      .interrupt, keys: [.control("c")], keyLabel: "Ctrl-C", context: .anywhere,
      help: "leave at once (exit 130); while a page loads, cancel the load"),
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

  /// The command a word typed at line mode's prompt on a page gives as a word of the page
  /// (as typed first: `N` is not `n`), or nil for one that means what it means anywhere.
  static func pageLineCommand(for word: String) -> NavigationCommand? {
    let page = bindings.filter { $0.context == .page && $0.words != [""] }
    return page.first { $0.words.contains(word) }?.command
      ?? page.first { $0.words.contains(word.lowercased()) }?.command
  }

  /// The first key that gives `command` on a page (`onPage`) or a menu, as help names it
  /// (`l`, `Tab`): the messages that name a key say it from here, so a key moved in the
  /// table is never named wrong.
  static func key(_ command: NavigationCommand, onPage: Bool = true) -> String {
    let context: CommandBinding.Context = onPage ? .page : .menu
    let binding = bindings.first {
      ($0.context == context || $0.context == .anywhere) && $0.command == command
        && $0.keyLabel != nil && !$0.keys.isEmpty
    }
    return binding?.keyLabel?.split(separator: " ").first.map(String.init) ?? ""
  }

  /// The first words that turn line mode's pages on a menu (`n`, `p`) or on a page
  /// (`f`, `b`, as the full screen's keys scroll), for the hint that says there are pages.
  static func pagingWords(isMenu: Bool) -> (next: String, previous: String) {
    let context: CommandBinding.Context = isMenu ? .menu : .page
    func word(_ command: NavigationCommand) -> String {
      bindings.first { $0.context == context && $0.command == command }?.words.first ?? ""
    }
    return (word(.nextPage), word(.previousPage))
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
    }?.command
  }

  /// The word line mode reads for `command`, as a message names it: the first of more than
  /// one letter (`back`, not `b`, which is a page's previous page), else the first.
  static func word(_ command: NavigationCommand) -> String {
    let words = bindings.first { $0.command == command && !$0.words.isEmpty }?.words ?? []
    return words.first { $0.count > 1 } ?? words.first ?? ""
  }

  /// The hint line's parts for a screen: line mode's words, or (`keys`) the full screen's
  /// keys for a page with links, browsing. `clearable`: something typed or found is there
  /// to clear (line mode's `clear` is offered only then).
  public static func hints(isMenu: Bool, belowTop: Bool, keys: Bool, clearable: Bool = false)
    -> [String]
  {
    guard !keys else {
      return keyHints(
        HintContext(
          isMenu: isMenu, belowTop: belowTop, picking: false, hasLinks: true, linkList: false,
          situation: StepKeys.Situation(
            kind: isMenu ? .menu : .page, clearable: false, canGoBack: belowTop))
      ).map(\.hint)
    }
    let context: CommandBinding.Context = isMenu ? .menu : .page
    let here =
      bindings.filter { $0.context == context } + bindings.filter { $0.context == .anywhere }
    return here.filter {
      (belowTop || $0.hintWhen != .belowTop) && (clearable || $0.hintWhen != .clearable)
    }.compactMap(\.lineHint)
  }

  /// The full-screen hint line's parts that are true of `screen`, in table order, each
  /// with its worth.
  public static func keyHints(_ screen: HintContext) -> [(hint: String, worth: Int)] {
    let context: CommandBinding.Context = screen.isMenu ? .menu : .page
    let here =
      bindings.filter { $0.context == context } + bindings.filter { $0.context == .anywhere }
    return here.compactMap { binding in
      guard let hint = binding.keyHint, screen.holds(binding.hintWhen) else { return nil }
      if binding.hintWhen == .stepKeys, let situation = screen.situation {
        let keys = StepKeys.hint(situation)
        return keys.isEmpty ? nil : (keys, binding.hintWorth)
      }
      return (hint, binding.hintWorth)
    }
  }

  /// The hint line for `screen` in `width` cells: when all do not fit, the hints worth
  /// least go first, so `? keys` is the last to go.
  public static func hintLine(_ screen: HintContext, width: Int) -> String {
    // Every frame asks again, for one of a few contexts: the line is kept for each.
    let key = HintLineKey(context: screen, width: width)
    if let kept = hintLines.withLock({ $0[key] }) { return kept }
    let line = makeHintLine(screen, width: width)
    hintLines.withLock { kept in
      if kept.count >= 64 { kept.removeAll(keepingCapacity: true) }
      kept[key] = line
    }
    return line
  }

  private struct HintLineKey: Hashable, Sendable {
    var context: HintContext
    var width: Int
  }

  private static let hintLines = Mutex<[HintLineKey: String]>([:])

  private static func makeHintLine(_ screen: HintContext, width: Int) -> String {
    var hints = keyHints(screen)
    while hints.count > 1
      && TerminalText.width(hints.map(\.hint).joined(separator: " · ")) > width
    {
      let least = hints.indices.min { hints[$0].worth < hints[$1].worth } ?? 0
      hints.remove(at: least)
    }
    return TerminalText.truncate(hints.map(\.hint).joined(separator: " · "), toWidth: width)
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
    section("On a city's page:", .page, \.lineLabel, \.lineHelpText)
      + section("In a menu:", .menu, \.lineLabel, \.lineHelpText)
      + section("Anywhere:", .anywhere, \.lineLabel, \.lineHelpText)
  }

  /// Full-screen help: each context's keys and what they do.
  public static var keyHelp: [String] {
    section("In a menu:", .menu, \.keyLabel, \.help)
      + section("On a page:", .page, \.keyLabel, \.help)
      + section("Anywhere:", .anywhere, \.keyLabel, \.help)
  }

  private static func section(
    _ title: String, _ context: CommandBinding.Context, _ label: (CommandBinding) -> String?,
    _ help: (CommandBinding) -> String
  ) -> [String] {
    let rows = bindings.filter { $0.context == context }.compactMap { binding in
      label(binding).map { ($0, help(binding)) }
    }
    let width = rows.map { TerminalText.width($0.0) }.max() ?? 0
    let indent = String(repeating: " ", count: width + 4)
    return [title]
      + rows.flatMap { label, help in
        TextWrapper.wrap(
          help, width: helpWidth,
          firstLinePrefix: "  " + TerminalText.pad(label, toWidth: width + 2),
          prefix: indent)
      }
  }

  /// Help lines wrap to this many cells, so that `?`, `--help` and the man page's key
  /// table read in an 80-column terminal; a description goes on under its own column.
  public static let helpWidth = 78

  /// `lines` as one run of words, without the line breaks and indents wrapping added:
  /// what a reader reads, whatever width it was wrapped to.
  public static func unwrapped(_ lines: [String]) -> String {
    lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
  }
}
