import Foundation
import TestSupport
import Testing

/// A huge value typed on the command line comes back in an error cut short, with its
/// length, never whole.
@Suite(.timeLimit(.minutes(2))) struct ReliabilityOptionValueTests {
  @Test("A 120 KB -c that matches nothing is named in a short line, not echoed whole")
  func aHugeCityIsNotEchoedWhole() async throws {
    let huge = String(repeating: "x", count: 120_000)
    let result = try await BrowseProcess.run(["-c", huge])
    #expect(result.status != 0)
    #expect(result.stderr.utf8.count < 400, "\(result.stderr.prefix(300))")
    #expect(result.stderr.contains("(120000 characters)"), "\(result.stderr.prefix(300))")
  }
}
