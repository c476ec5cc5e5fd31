import Foundation
import TestSupport
import Testing

/// `--at --format url` writes URLs only: a point with none (at sea, abroad, not a point)
/// writes no empty line, says why on stderr and makes the exit code non-zero.
@Suite(.timeLimit(.minutes(3))) struct EndToEndAtURLTests {
  let kunshanURL = "https://zh.wikipedia.org/wiki/%E6%98%86%E5%B1%B1%E5%B8%82"

  @Test("one point at sea: nothing on stdout, the reason on stderr, exit 1 as a lookup's miss")
  func onePointAtSea() async throws {
    let result = try await BrowseProcess.run(["--at", "38.8,120", "--format", "url"])
    #expect(result.stdout == "")
    #expect(result.stderr.contains("at sea"))
    #expect(result.status == 1)
  }

  @Test("--at -: only the URLs, no empty lines; the points left out counted, exit 1")
  func linesWithoutURLs() async throws {
    let result = try await BrowseProcess.run(
      ["--at", "-", "--format", "url"], input: "38.8,120\n31.385,120.981\n47.92,106.92\n")
    #expect(result.stdout == kunshanURL + "\n")
    #expect(result.stderr.contains("2 point(s)"))
    #expect(result.status == 1)
    let placed = try await BrowseProcess.run(
      ["--at", "-", "--format", "url"], input: "31.385,120.981\n")
    #expect(placed.stdout == kunshanURL + "\n" && placed.status == 0)
  }
}
