import Foundation
import Testing

@testable import ProvinceCore

/// The reference in docs/usage.md against the option table the program parses, as the
/// help and the man page are made from it: an option added or reworded shows here.
@Suite struct DocsOptionTests {
  static let usage = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/usage.md")

  @Test func theReferenceListsEveryOptionAsTheHelpDoes() throws {
    let text = try String(contentsOf: Self.usage, encoding: .utf8)
    let help = HelpText.help.split(separator: "\n", omittingEmptySubsequences: false)
    let visible = OptionSpec.all.filter { !$0.hidden }
    #expect(visible.count > 30)
    for spec in visible {
      // The help's line for the option, as `--help` prints it.
      let line = help.first { $0.hasPrefix("  " + spec.display + " ") }
      #expect(line != nil, "no help line for --\(spec.long)")
      if let line { #expect(text.contains(line), "docs/usage.md lacks: \(line)") }
    }
  }

  @Test func theReferenceAndTheManPageListEveryCommandsColumns() throws {
    let text = try String(contentsOf: Self.usage, encoding: .utf8)
    #expect(OutputColumns.commands.count == 8)
    for entry in OutputColumns.commands {
      let line = OutputColumns.markdown(entry)
      #expect(text.contains(line + "\n"), "docs/usage.md lacks: \(line)")
      #expect(ManPage.page.contains(ManPage.escape(entry.columns.joined(separator: ", "))))
    }
  }
}
