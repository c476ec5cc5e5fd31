import TerminalUI
import TestFixtures
import Testing

@testable import CatalogModel
@testable import ProvinceCore
@testable import TextSupport

/// The one table of commands: every word parses back to its command, every binding is in
/// the help screens and `--help`, and every key reaches its command through the key map.
@Suite struct CommandTableTests {
  @Test func everyWordParsesToItsCommand() {
    let navigator = Navigator(
      catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
    var page = navigator.start()
    _ = navigator.update(&page, .select(2))
    _ = navigator.update(&page, .select(1))
    #expect(!page.top.isMenu)
    for binding in CommandTable.bindings {
      for word in binding.words {
        if binding.context == .page && !word.isEmpty {
          #expect(CommandTable.pageCommand(for: word) == binding.command, "\(word)")
          // On a page a page's word is read first (`t` the headings, not the top).
          #expect(NavigationCommand.parse(word, in: page) == binding.command, "\(word)")
          if CommandTable.lineCommand(for: word.lowercased()) == nil {
            #expect(NavigationCommand.parse(word) == .filter(word), "\(word) is text on a menu")
          }
        } else {
          #expect(NavigationCommand.parse(word) == binding.command, "\(word)")
          #expect(NavigationCommand.parse(word.uppercased()) == binding.command, "\(word)")
        }
      }
    }
  }

  @Test func everyBindingIsInTheHelpItBelongsTo() {
    let keyHelp = CommandTable.keyHelp.joined(separator: "\n")
    let lineHelp = CommandTable.lineHelp.joined(separator: "\n")
    let usage = HelpText.help
    // Bindings with neither keys nor words are hints only (`q back` beside `q quit`).
    for binding in CommandTable.bindings where !binding.keys.isEmpty || binding.lineLabel != nil {
      if let label = binding.keyLabel {
        #expect(keyHelp.contains(label + " "), "\(label)")
        #expect(usage.contains(label), "\(label)")
      }
      if let label = binding.lineLabel {
        #expect(lineHelp.contains(label), "\(label)")
        #expect(usage.contains(label), "\(label)")
      }
      #expect(
        CommandTable.unwrapped(CommandTable.keyHelp).contains(binding.help)
          || CommandTable.unwrapped(CommandTable.lineHelp).contains(binding.lineHelpText),
        "\(binding.help)")
    }
  }

  /// `?`, `--help` and the man page's key table are read in 80 columns: a long description
  /// wraps under its own column rather than running off the edge.
  @Test func helpLinesFitEightyColumns() {
    for line in CommandTable.keyHelp + CommandTable.lineHelp + CommandTable.summary {
      #expect(TerminalText.width(line) <= 78, "\(line)")
    }
    let escape = CommandTable.keyHelp.first { $0.hasPrefix("  Esc") }
    #expect(escape != nil)
    // Esc's description is longer than one line: it goes on, indented, on the next.
    if let escape, let index = CommandTable.keyHelp.firstIndex(of: escape) {
      let next = CommandTable.keyHelp[index + 1]
      #expect(next.hasPrefix(String(repeating: " ", count: 8)), "\(next)")
    }
  }

  @Test func everyKeyReachesItsCommand() {
    let navigator = Navigator(
      catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
    let menu = navigator.start(policy: .fullScreen)
    var page = menu
    _ = navigator.update(&page, .choose)
    _ = navigator.update(&page, .choose)
    let url = navigator.pageURL(of: page.top) ?? ""
    _ = navigator.update(&page, .pageFailed(url: url, message: "no"))
    for binding in CommandTable.bindings {
      let states =
        binding.context == .menu ? [menu] : binding.context == .page ? [page] : [menu, page]
      for state in states {
        for key in binding.keys {
          let command = KeyMap.command(for: key, in: state, navigator: navigator)
          #expect(command == binding.command, "\(key)")
        }
      }
    }
  }

  @Test func theHintsComeFromTheTable() {
    #expect(
      CommandTable.hints(isMenu: true, belowTop: false, keys: false)
        == ["number: choose", "text: filter", "/text: search", "? help", "q quit"])
    #expect(
      CommandTable.hints(isMenu: false, belowTop: true, keys: true).contains("← q Esc back"))
  }

  @Test func theFullScreenHintsAreTrueOfTheScreenAndTheLeastWorthGoesFirst() {
    func context(
      menu: Bool = false, belowTop: Bool = true, picking: Bool = false, links: Bool = true,
      list: Bool = false
    ) -> HintContext {
      HintContext(
        isMenu: menu, belowTop: belowTop, picking: picking, hasLinks: links, linkList: list,
        situation: StepKeys.Situation(
          kind: menu ? .menu : list ? .list : .page, clearable: false, canGoBack: belowTop))
    }
    let top = CommandTable.keyHints(context(menu: true, belowTop: false)).map(\.hint)
    #expect(top.contains("Esc quit") && !top.contains("← Esc back") && top.contains("Enter open"))
    let below = CommandTable.keyHints(context(menu: true)).map(\.hint)
    #expect(below.contains("← Esc back") && !below.contains("Esc quit"))
    #expect(CommandTable.keyHints(context()).map(\.hint).contains("← q Esc back"))
    #expect(CommandTable.keyHints(context(belowTop: false)).map(\.hint).contains("q Esc quit"))
    #expect(
      CommandTable.keyHints(context(menu: true, picking: true)).map(\.hint).contains("Enter pick"))
    #expect(!CommandTable.keyHints(context(links: false)).map(\.hint).contains("Tab/Enter links"))
    let list = CommandTable.keyHints(context(list: true)).map(\.hint)
    #expect(
      list.contains("Enter follow") && list.contains("← q Esc close") && !list.contains("l list"))
    let narrow = CommandTable.hintLine(context(), width: 20)
    #expect(narrow.contains("? keys"))
    #expect(TerminalText.width(narrow) <= 20)
  }
}
