import Foundation
import TestSupport
import Testing

/// Line input (`-i`) is read in linear time and a line is bounded: an endless line ends the
/// session with one message and exit 65 instead of pinning a core.
@Suite(.timeLimit(.minutes(3))) struct ReliabilityLineInputTests {
  static let refusal = "browse: an input line is longer than 64 KB; stopping\n"

  @Test func anEndlessLineFromDevZeroEndsTheSessionWithExit65() async throws {
    let result = try await BrowseProcess.shell(
      """
      "$BROWSE" -i --offline < /dev/zero > /dev/null
      echo "status=$?"
      """)
    #expect(result.stdout == "status=65\n")
    #expect(result.stderr == Self.refusal)
  }

  @Test func aTenMegabyteLineIsRefusedAfterTheCommandsBeforeIt() async throws {
    let long = String(repeating: "广", count: 3_500_000)
    let result = try await BrowseProcess.run(["-i", "--offline"], input: "广东\n\(long)\nq\n")
    #expect(result.status == 65)
    #expect(result.stderr == Self.refusal)
    // The command before the long line was carried out.
    #expect(result.stdout.contains("省份信息 › 广东省"))
  }

  @Test func aLineJustUnderTheBoundIsReadAsACommand() async throws {
    let long = String(repeating: "x", count: 64 * 1024 - 1)
    let result = try await BrowseProcess.run(["-i", "--offline"], input: "\(long)\r\n广东\nq\n")
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.contains("省份信息 › 广东省"))
  }

  @Test func aLineJustOverTheBoundIsRefusedEvenWhenItsNewlineCameInTheSameRead() async throws {
    // 70 KB and its newline arrive in a few large reads from a file: the bound still holds.
    let long = String(repeating: "x", count: 64 * 1024 + 1)
    let result = try await BrowseProcess.run(["-i", "--offline"], input: "\(long)\n广东\nq\n")
    #expect(result.status == 65)
    #expect(result.stderr == Self.refusal)
    #expect(!result.stdout.contains("省份信息 › 广东省"))
  }

  @Test func manyShortLinesInOneReadAreAllCarriedOut() async throws {
    // 2,000 commands arrive in a few reads; each is answered, in order.
    let commands = Array(repeating: "广东\nb\n", count: 1000).joined() + "广西\nq\n"
    let result = try await BrowseProcess.run(["-i", "--offline"], input: commands)
    #expect(result.status == 0)
    #expect(result.stdout.components(separatedBy: "省份信息 › 广东省\n").count == 1001)
    #expect(result.stdout.contains("省份信息 › 广西壮族自治区"))
  }
}
