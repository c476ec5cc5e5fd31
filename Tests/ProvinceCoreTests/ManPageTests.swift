import Testing
import TextSupport

@testable import ProvinceCore

/// The man page comes from the same tables as `--help`: a new option, variable or exit
/// code shows up in both, or the test says which is missing.
@Suite struct ManPageTests {
  let page = ManPage.page

  @Test func everyVisibleOptionIsInTheManPageAndNoHiddenOne() {
    for spec in OptionSpec.all {
      let name = #"\fB\-\-"# + spec.long.replacingOccurrences(of: "-", with: #"\-"#) + #"\fR"#
      #expect(page.contains(name) == !spec.hidden, "--\(spec.long)")
      if !spec.hidden { #expect(page.contains(ManPage.escape(spec.help)), "--\(spec.long)") }
    }
  }

  @Test func everyExitCodeAndVariableIsInBothTheHelpAndTheManPage() {
    let help = HelpText.help
    #expect(ExitCode.documented.count == 10)
    for entry in ExitCode.documented {
      #expect(page.contains(".TP\n\(entry.code.rawValue)\n\(ManPage.escape(entry.meaning))\n"))
      #expect(help.contains("  \(entry.code.rawValue)"))
      #expect(help.contains(entry.meaning))
    }
    for variable in ["PROVINCE_BROWSER_DATA", "NO_COLOR", "BROWSER", "XDG_CACHE_HOME"] {
      #expect(page.contains(#"\fB"# + ManPage.escape(variable)), "\(variable)")
      #expect(help.contains(variable), "\(variable)")
    }
  }

  @Test func thePageIsWellFormedRoff() {
    #expect(page.hasPrefix(".TH BROWSE 1 "))
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
    for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "ENVIRONMENT"] {
      #expect(lines.contains(Substring(".SH \(section)")), "\(section)")
    }
    // Text lines never start with a control character, and hyphens are escaped.
    for line in lines where !line.hasPrefix(".") {
      #expect(!line.hasPrefix("'"))
      #expect(!line.contains(" -") || line.contains(#"\-"#), "\(line)")
    }
  }

  /// The name line and the description cover every level a menu drills through.
  @Test func theNameAndDescriptionNameEveryLevel() throws {
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
    let name = try #require(lines.firstIndex(of: ".SH NAME"))
    #expect(lines[name + 1].contains("provinces, cities, counties and townships"))
    let description = try #require(lines.firstIndex(of: ".SH DESCRIPTION"))
    let text = lines[description + 1]
    for level in [
      "provincial-level", "prefecture-level cities", "county-level", "township-level", "page",
    ] {
      #expect(text.contains(ManPage.escape(level)), "\(level)")
    }
  }

  /// Filled paragraphs are wrapped by man itself, but the examples are set as written
  /// (`.nf`), after man's indent of the section's body (7 columns, the `IN` register of
  /// groff's an macros and of mandoc): with it they must fit an 80-column terminal.
  @Test func unfilledLinesFitEightyColumnsAfterMansIndent() {
    var unfilled = false
    var checked = 0
    for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == ".nf" {
        unfilled = true
      } else if line == ".fi" {
        unfilled = false
      } else if unfilled {
        checked += 1
        let shown = line.replacingOccurrences(of: #"\-"#, with: "-")
          .replacingOccurrences(of: #"\e"#, with: "\\")
        #expect(7 + TerminalText.width(shown) <= 80, "\(shown)")
      }
    }
    #expect(checked >= ManPage.examples.count)
  }

  /// The keys are tagged paragraphs that man fills to the window, every key of every
  /// screen with what it does, and the words of line mode after them.
  @Test func everyKeyIsATaggedParagraphAndEveryLineModeWordIsListed() throws {
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var keys = 0
    for binding in CommandTable.bindings {
      guard let label = binding.keyLabel else { continue }
      keys += 1
      let tag = #"\fB"# + ManPage.escape(label) + #"\fR"#
      let index = lines.indices.dropFirst().dropLast().first {
        lines[$0] == tag && lines[$0 - 1].hasPrefix(".TP")
          && lines[$0 + 1] == ManPage.escape(binding.help)
      }
      #expect(index != nil, "\(label)")
    }
    #expect(keys > 30)
    let prompt = try #require(lines.firstIndex(of: ".SS At the prompt (line mode)"))
    for word in ["n, next", "b, back, ..", "q, quit, exit", "<number>"] {
      #expect(lines[prompt + 1].contains(ManPage.escape(word)), "\(word)")
    }
    let section = try #require(lines.firstIndex(of: ".SH INTERACTIVE COMMANDS"))
    #expect(!lines[section...].prefix { $0 != ".SH ENVIRONMENT" }.contains(".nf"))
  }

  @Test func roffEscapingKeepsTextInert() {
    #expect(ManPage.escape(#"a\b"#) == #"a\eb"#)
    #expect(ManPage.escape(".SH X") == #"\&.SH X"#)
    #expect(ManPage.escape("'quoted") == #"\&'quoted"#)
    #expect(ManPage.escape("--all") == #"\-\-all"#)
  }
}
