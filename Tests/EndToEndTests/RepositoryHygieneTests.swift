import Foundation
import Testing

/// What a release build and a clean checkout need of the tree itself.
@Suite struct RepositoryHygieneTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `swift build -c release` compiles TestSupport too (it is a regular target), and a release
  /// build is not built for testing, so an `@testable import` there breaks the README's install.
  @Test func testSupportUsesNoTestableImports() throws {
    let folder = Self.root.appendingPathComponent("Tests/TestSupport")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      #expect(!text.contains("@testable import"), "\(file) uses @testable import")
    }
  }

  /// Run files a manual session leaves at the root are ignored, so they cannot be committed.
  @Test func runFilesAtTheRootAreIgnored() throws {
    let ignore = try String(
      contentsOf: Self.root.appendingPathComponent(".gitignore"), encoding: .utf8)
    let patterns = Set(ignore.split(separator: "\n").map(String.init))
    #expect(patterns.contains("*.pid"))
    #expect(patterns.contains("/*.plist"))
  }
}
