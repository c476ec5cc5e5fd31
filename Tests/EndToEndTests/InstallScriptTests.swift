import Foundation
import TestSupport
import Testing
import TextSupport

/// `Scripts/install` puts the binary, the man page and the completions under PREFIX.
/// The build itself is `.ci/run`'s (it builds the README's release command); here the
/// script installs the binary the tests already built.
@Suite(.timeLimit(.minutes(3))) struct InstallScriptTests {
  static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scripts/install")

  @Test func theScriptInstallsTheBinaryManPageAndCompletionsUnderPrefix() async throws {
    let prefix = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-install-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: prefix) }
    let result = try await BrowseProcess.shell(
      "PREFIX='\(prefix.path)' BROWSE_BINARY=\"$BROWSE\" '\(Self.script.path)'")
    #expect(result.status == 0, "\(result.stderr)")
    let expected = [
      "bin/browse", "share/man/man1/browse.1", "share/bash-completion/completions/browse",
      "share/zsh/site-functions/_browse", "share/fish/vendor_completions.d/browse.fish",
    ]
    for path in expected {
      let file = prefix.appendingPathComponent(path).path
      #expect(FileManager.default.fileExists(atPath: file), "\(path)")
      #expect(result.stdout.contains("installed \(file)"))
    }
    let binary = prefix.appendingPathComponent("bin/browse").path
    #expect(FileManager.default.isExecutableFile(atPath: binary))
    // Stripped: the debug information and symbol table the build leaves are gone, and the
    // sizes are said.
    #expect(result.stdout.contains("stripped "))
    let sections = try await BrowseProcess.run(
      executable: "/usr/bin/env", ["readelf", "--sections", "--wide", binary])
    #expect(sections.status == 0, "\(sections.stderr)")
    #expect(sections.stdout.contains(".text"))
    #expect(!sections.stdout.contains(".debug_info"))
    #expect(!sections.stdout.contains(".symtab"))
    let installed = try await BrowseProcess.shell(
      "'\(prefix.path)/bin/browse' -p 广东 -c 广州 && head -c 14 '\(prefix.path)/share/man/man1/browse.1'"
    )
    #expect(
      installed.stdout
        == "https://zh.wikipedia.org/wiki/%E5%B9%BF%E5%B7%9E%E5%B8%82\n.TH BROWSE 1 \"")
  }

  static let hasGroff = FileManager.default.isExecutableFile(atPath: "/usr/bin/groff")

  @Test(.enabled(if: hasGroff, "groff renders the page"))
  func theManPageRendersWithoutRoffWarnings() async throws {
    let result = try await BrowseProcess.shell(
      #""$BROWSE" --man-page | groff -man -Tutf8 -ww -K utf8 | col -b"#)
    #expect(result.status == 0)
    #expect(result.stderr == "", "groff: \(result.stderr)")
    #expect(result.stdout.contains("fzf(1), less(1), w3m(1), curl(1)"))
    #expect(result.stdout.contains("--province name"))
  }

  /// As man shows it in an 80-column terminal (`MANWIDTH=80 man` sets groff's line length
  /// the same way), no line is wider than the terminal.
  @Test(.enabled(if: hasGroff, "groff renders the page"))
  func theManPageFitsEightyColumns() async throws {
    let result = try await BrowseProcess.shell(
      #""$BROWSE" --man-page | groff -man -Tutf8 -K utf8 -rLL=80n -P-cbou"#)
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.contains("INTERACTIVE COMMANDS") })
    for line in lines {
      #expect(TerminalText.width(line) <= 80, "\(TerminalText.width(line)): \(line)")
    }
  }

  /// Relative paths mean what they mean where the script is run from, not in the checkout
  /// it moves to: BROWSE_BINARY and DESTDIR are found from the caller's directory, and a
  /// relative PREFIX (which would land inside DESTDIR or the checkout) is refused.
  @Test func relativePathsAreTheCallersAndARelativePrefixIsRefused() async throws {
    let caller = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-install-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: caller) }
    try FileManager.default.createDirectory(at: caller, withIntermediateDirectories: true)
    let installed = try await BrowseProcess.shell(
      "cd '\(caller.path)' && cp \"$BROWSE\" ./built && "
        + "PREFIX=/usr/local DESTDIR=staged BROWSE_BINARY=built '\(Self.script.path)'")
    #expect(installed.status == 0, "\(installed.stderr)")
    let binary = caller.appendingPathComponent("staged/usr/local/bin/browse").path
    #expect(FileManager.default.isExecutableFile(atPath: binary), "\(installed.stdout)")
    let refused = try await BrowseProcess.shell(
      "cd '\(caller.path)' && PREFIX=here BROWSE_BINARY=built '\(Self.script.path)'")
    #expect(refused.status == 1)
    #expect(refused.stderr == "install: PREFIX must be an absolute path, not here\n")
    #expect(!FileManager.default.fileExists(atPath: caller.appendingPathComponent("here").path))
  }

  @Test func aMissingBinaryInstallsNothing() async throws {
    let prefix = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-install-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: prefix) }
    let result = try await BrowseProcess.shell(
      "PREFIX='\(prefix.path)' BROWSE_BINARY=/nonexistent/browse '\(Self.script.path)'")
    #expect(result.status == 1)
    #expect(result.stderr == "install: no browse binary at /nonexistent/browse\n")
    #expect(!FileManager.default.fileExists(atPath: prefix.path))
  }
}
