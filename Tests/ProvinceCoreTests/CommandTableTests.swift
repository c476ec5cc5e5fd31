import TerminalUI
import TestSupport
import Testing

@testable import CatalogModel
@testable import ProvinceCore
@testable import TextSupport

/// The one table of commands: every word parses back to its command, every binding is in
/// the help screens and `--help`, and every key reaches its command through the key map.
@Suite struct CommandTableTests {
  @Test func everyWordParsesToItsCommand() {
    for binding in CommandTable.bindings {
      for word in binding.words {
        if binding.context == .page && !word.isEmpty {
          #expect(CommandTable.pageCommand(for: word) == binding.command, "\(word)")
          #expect(NavigationCommand.parse(word) == .filter(word), "\(word) is text on a menu")
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
    for binding in CommandTable.bindings {
      if let label = binding.keyLabel {
        #expect(keyHelp.contains(label + " "), "\(label)")
        #expect(usage.contains(label), "\(label)")
      }
      if let label = binding.lineLabel {
        #expect(lineHelp.contains(label), "\(label)")
        #expect(usage.contains(label), "\(label)")
      }
      #expect(keyHelp.contains(binding.help) || lineHelp.contains(binding.help))
    }
  }

  @Test func everyKeyReachesItsCommand() {
    let navigator = Navigator(
      catalog: SampleCatalog.catalog, matcher: Matcher(catalog: SampleCatalog.catalog))
    let menu = navigator.start(presentation: .fullScreen)
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
          let expected =
            binding.command == .quit && state.stack.count > 1 ? .back : binding.command
          #expect(command == expected, "\(key)")
        }
      }
    }
  }

  @Test func theHintsComeFromTheTable() {
    #expect(
      CommandTable.hints(isMenu: true, belowTop: false, keys: false)
        == ["number: choose", "text: filter", "/text: search", "? help", "q quit"])
    #expect(CommandTable.hints(isMenu: false, belowTop: true, keys: true).contains("← back"))
  }
}
