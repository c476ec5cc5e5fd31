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

  /// The README is a short guide that links into `docs/`, where the full reference lives; a
  /// link to a file that moved, or to a heading that was renamed, would leave a newcomer
  /// stranded. Every relative link of the README, `docs/` and the other documents must name a file that exists
  /// and, where it has `#anchor`, a heading of that file (GitHub's anchor: lower case, spaces
  /// to `-`, punctuation dropped).
  @Test func readmeAndDocsLinkToFilesAndHeadingsThatExist() throws {
    let documents = [
      "README.md", "docs/usage.md", "docs/data.md", "docs/development.md", "RELIABILITY.md",
      "BENCHMARKS.md", "Fuzz/README.md",
    ]
    var links = 0
    for document in documents {
      let url = Self.root.appendingPathComponent(document)
      let text = try String(contentsOf: url, encoding: .utf8)
      for target in Self.markdownLinks(in: text)
      where !target.hasPrefix("http:") && !target.hasPrefix("https:") {
        links += 1
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file =
          parts[0].isEmpty
          ? url : url.deletingLastPathComponent().appendingPathComponent(String(parts[0]))
        let exists = FileManager.default.fileExists(atPath: file.standardizedFileURL.path)
        #expect(exists, "\(document) links to \(target), which does not exist")
        guard exists, parts.count == 2 else { continue }
        let anchors = try String(contentsOf: file, encoding: .utf8)
          .split(separator: "\n").filter { $0.hasPrefix("#") }.map { Self.anchor(of: String($0)) }
        #expect(
          anchors.contains(String(parts[1])), "\(document) links to \(target): no such heading")
      }
    }
    #expect(links >= 10, "the README links into docs/ (found \(links) relative links)")
  }

  /// The README's key table is a short selection; every key it names must be one the full
  /// reference (docs/usage.md's key tables) documents, so the guide cannot teach a key that
  /// does not exist or was renamed.
  @Test func readmeKeyTableNamesOnlyDocumentedKeys() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let usage = try String(
      contentsOf: Self.root.appendingPathComponent("docs/usage.md"), encoding: .utf8)
    guard let keysStart = readme.range(of: "\n## Keys\n") else {
      Issue.record("the README has no Keys section")
      return
    }
    let section = String(
      readme[keysStart.upperBound...].split(separator: "\n## ", maxSplits: 1)[0])
    let guide = Self.keyTableFirstCells(in: section)
    let documented = Set(Self.keyTableFirstCells(in: usage).flatMap(Self.keys(in:)))
    #expect(guide.count >= 8, "the README's key table has \(guide.count) rows")
    #expect(documented.contains("Ctrl-C") && documented.contains("Tab"))
    for cell in guide {
      let keys = Self.keys(in: cell)
      #expect(!keys.isEmpty, "README key row '\(cell)' names no key")
      for key in keys {
        #expect(documented.contains(key), "README names key '\(key)', absent from docs/usage.md")
      }
    }
  }

  /// The targets of Markdown links, `[text](target)`.
  static func markdownLinks(in text: String) -> [String] {
    var targets: [String] = []
    var rest = Substring(text)
    while let open = rest.range(of: "](") {
      let after = rest[open.upperBound...]
      guard let close = after.firstIndex(of: ")") else { break }
      targets.append(String(after[..<close]))
      rest = after[close...]
    }
    return targets
  }

  /// GitHub's anchor for a heading line: `## Exit codes` is `exit-codes`.
  static func anchor(of heading: String) -> String {
    let title = heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
    return String(
      title.unicodeScalars.compactMap { scalar -> Character? in
        if scalar == " " { return "-" }
        if scalar == "-" || scalar == "_" { return Character(scalar) }
        if CharacterSet.alphanumerics.contains(scalar) { return Character(scalar) }
        return nil
      })
  }

  /// The first cells of the tables whose header's first cell is `key`.
  static func keyTableFirstCells(in text: String) -> [String] {
    var cells: [String] = []
    var inKeyTable = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      guard line.hasPrefix("| ") else {
        inKeyTable = false
        continue
      }
      let first = line.dropFirst(2).components(separatedBy: " | ")[0]
        .trimmingCharacters(in: .whitespaces)
      if first == "key" {
        inKeyTable = true
      } else if inKeyTable && !first.hasPrefix("---") {
        cells.append(first)
      }
    }
    return cells
  }

  /// The keys a key table's first cell names: `←, \`q\`` is `←` and `q`; what is in
  /// parentheses is an example, not a key.
  static func keys(in cell: String) -> [String] {
    var text = cell.replacingOccurrences(of: "`", with: "")
    while let open = text.firstIndex(of: "("),
      let close = text[open...].firstIndex(of: ")")
    {
      text.removeSubrange(open...close)
    }
    return text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
      .filter { $0 != "then" }
  }
}
