import CatalogModel
import Foundation
import PageReader
import ProvinceCore
import ProvinceIO
import TestFixtures
import TextSupport

/// Temporary files, hostile text and a pseudo-terminal runner for the reliability tests.
package enum ReliabilityFixtures {
  /// A fresh path under the temporary directory (nothing is created there).
  package static func temporaryPath(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-rel-\(UUID().uuidString)-\(name)")
  }

  /// Writes `data` to a fresh temporary file and returns its path.
  package static func file(_ data: Data, name: String = "data.plist") throws -> String {
    let url = temporaryPath(name)
    try data.write(to: url)
    return url.path
  }

  package static func file(_ text: String, name: String = "data.plist") throws -> String {
    try file(Data(text.utf8), name: name)
  }

  /// An XML plist of one province whose cities are `(name, url)` pairs, escaped as XML.
  package static func plist(province: String, cities: [(String, String)]) -> String {
    let entries = cities.map { name, url in
      "<dict><key>name</key><string>\(xmlEscaped(name))</string>"
        + "<key>url</key><string>\(xmlEscaped(url))</string></dict>"
    }
    return "<plist><dict><key>\(xmlEscaped(province))</key><array>\(entries.joined())</array>"
      + "</dict></plist>"
  }

  package static func xmlEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }

  /// Text that would drive a terminal if printed raw: CSI, OSC with BEL, a C1 CSI, NEL,
  /// bidi override and isolate, zero-width space, BOM, DEL, backspace and carriage return;
  /// and text that hides in it: a lone joiner, line and paragraph separators (line ends to
  /// some tools), tag characters and a soft hyphen.
  package static let hostile =
    "\u{1B}[2J\u{1B}]0;pwned\u{07}\u{9B}31m\u{85}\u{202E}\u{2066}\u{200B}\u{FEFF}\u{7F}\u{08}\r"
    + "\u{200D}\u{2028}\u{2029}\u{E0041}\u{E007F}\u{00AD}"

  /// Scalars that must never reach stdout or stderr from untrusted text (tab and line
  /// feed excepted: they are the output formats' own separators; in JSON they are
  /// escapes, `\\u2028`, never raw).
  package static func forbiddenScalars(in text: String) -> [String] {
    text.unicodeScalars.filter { scalar in
      let v = scalar.value
      switch v {
      case 0x09, 0x0A: return false
      case 0x00..<0x20, 0x7F..<0xA0: return true
      case 0x061C, 0x200B, 0x200C, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF:
        return true
      // No fixture joins emoji: any joiner here is a lone one.
      case 0x00AD, 0x200D, 0x2028, 0x2029, 0xE0000...0xE007F: return true
      default: return false
      }
    }.map { String(format: "U+%04X", $0.value) }
  }

  /// Whether a crash or trap left its marks on stderr.
  package static func looksLikeACrash(_ stderr: String) -> Bool {
    ["Fatal error", "Stack dump", "Current stack trace", "Segmentation", "Illegal instruction"]
      .contains { stderr.contains($0) }
  }

  /// The seeded generator of the pure fixtures, by the name these tests have used.
  package typealias SeededGenerator = TestFixtures.SeededGenerator

  /// Whether the binary under test was built with a sanitizer, whose shadow memory makes
  /// resident-size bounds meaningless (they are checked only without one).
  package static let isSanitized: Bool = {
    guard let binary = try? Data(contentsOf: BrowseProcess.executable, options: .mappedIfSafe)
    else { return false }
    return ["__asan_init", "__tsan_init"].contains { binary.range(of: Data($0.utf8)) != nil }
  }()

  /// The peak resident size in kilobytes of `command` run through GNU time, or nil when
  /// /usr/bin/time is not installed or the binary is sanitized. The command's own status is returned with it.
  package static func peakMemory(_ arguments: [String], environment: [String: String] = [:])
    async throws -> (status: Int32, kilobytes: Int, stdout: String, stderr: String)?
  {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), !isSanitized else {
      return nil
    }
    let report = temporaryPath("time")
    defer { try? FileManager.default.removeItem(at: report) }
    let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let result = try await BrowseProcess.shell(
      "/usr/bin/time -o '\(report.path)' -f '%M' \"$BROWSE\" \(quoted.joined(separator: " "))",
      environment: environment)
    let text = try String(contentsOf: report, encoding: .utf8)
    // GNU time puts "Command exited with non-zero status N" ahead of the figure.
    guard let last = text.split(separator: "\n").last, let kilobytes = Int(last) else {
      return nil
    }
    return (result.status, kilobytes, result.stdout, result.stderr)
  }
}
