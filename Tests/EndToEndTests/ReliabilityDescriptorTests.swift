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

/// Out of descriptors is not a broken link: `--check` lowers its concurrency to what the
/// open-file limit allows, or exits 71 saying why.
@Suite(.timeLimit(.minutes(3))) struct ReliabilityCheckDescriptorTests {
  @Test("--check --jobs 256 at the documented minimum (ulimit -n 27) checks every URL as live")
  func aCheckAtTheMinimumLimitReportsNoFalseErrors() async throws {
    // 20 hosts (127.0.0.2 … 127.0.0.21), 4 URLs each: up to 80 checks at once.
    let servers = try (2...21).map { try TestHTTPServer.started(loopback: "127.0.0.\($0)") }
    defer { for server in servers { server.stop() } }
    for server in servers { server.route("/live") { _ in .html("<p>live</p>") } }
    let cities = (0..<80).map { ("市\($0)", servers[$0 % 20].baseURL + "/live?\($0)") }
    let data = try ReliabilityFixtures.file(
      ReliabilityFixtures.plist(province: "甲省", cities: cities))
    defer { try? FileManager.default.removeItem(atPath: data) }
    let result = try await BrowseProcess.shell(
      """
      ulimit -n 27
      "$BROWSE" --data '\(data)' --check --jobs 256 --format tsv; echo "status=$?"
      """, environment: ["no_proxy": "*"])
    let rows = result.stdout.split(separator: "\n").filter { $0.contains("/live?") }
    #expect(rows.count == 80, "\(result.stderr)")
    #expect(
      rows.allSatisfy { $0.split(separator: "\t").dropFirst(3).first == "200" }, "\(result.stdout)")
    #expect(result.stdout.hasSuffix("status=0\n"), "\(result.stderr)")
  }
}
