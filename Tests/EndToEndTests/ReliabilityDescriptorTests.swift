import Foundation
import TestSupport
import Testing

/// A low open-file limit is said as what it is, `too many open files` and exit 71: not a
/// crash ("internal error", 70) nor an unreadable data file (66).
@Suite(.timeLimit(.minutes(3))) struct ReliabilityDescriptorTests {
  @Test(arguments: [5, 6, 7, 12])
  func aHardLimitTooLowIsTooManyOpenFilesAndExit71(limit: Int) async throws {
    let data = try ReliabilityFixtures.file(
      ReliabilityFixtures.plist(province: "甲省", cities: [("乙市", "https://b.test/")]))
    let result = try await BrowseProcess.shell(
      """
      ulimit -n \(limit)
      "$BROWSE" --all > /dev/null; echo "all=$?"
      "$BROWSE" --data '\(data)' -c 乙市; echo "data=$?"
      """)
    #expect(result.stdout == "all=71\ndata=71\n")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0.hasPrefix("browse: too many open files: the limit is \(limit)") })
  }

  @Test func aLowSoftLimitIsRaisedAndTheRunGoesOn() async throws {
    let result = try await BrowseProcess.shell(
      """
      ulimit -S -n 5
      "$BROWSE" -c 广州; echo "status=$?"
      """)
    #expect(result.stdout.hasSuffix("\nstatus=0\n"))
    #expect(result.stdout.hasPrefix("https://zh.wikipedia.org/"))
    #expect(result.stderr == "")
  }
}
