import Foundation
import TestSupport
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

/// The interactive session driven through `browse -i` and `--pick`, as the tests' user.
@Suite(.timeLimit(.minutes(3))) struct EndToEndSessionTests {
  // Sessions over the built-in data run --offline: its URLs are on the internet, and tests
  // never leave this machine. Pages are tested against the loopback server instead.
  @Test func typedNamesWalkToACityAndQuitExitsZero() async throws {
    // 广州市 has counties: its county list comes first, and 1 (the city itself) its page.
    let result = try await BrowseProcess.run(["-i", "--offline"], input: "广东\n广州\n1\nq\n")
    #expect(result.status == 0)
    #expect(result.stdout.contains("省份信息 › 广东省 › 广州市"))
    #expect(result.stdout.contains("440100"))
    #expect(result.stdout.contains("guang zhou shi"))
    #expect(!result.stdout.contains("\u{1B}"))
  }

  @Test func endOfInputEndsTheSessionCleanly() async throws {
    let result = try await BrowseProcess.run(["-i", "--offline"], input: "1\n")
    #expect(result.status == 0)
    #expect(result.stdout.contains("省份信息 › 北京市"))
  }

  @Test func stdinFromDevNullQuitsAtOnce() async throws {
    let result = try await BrowseProcess.shell("\"$BROWSE\" -i --offline < /dev/null")
    #expect(result.status == 0)
    #expect(result.stdout.contains("省份信息"))
  }

  @Test func pickPrintsOnlyTheChosenURLOnStdout() async throws {
    let result = try await BrowseProcess.run(["--pick"], input: "广东\n广州\n1\n")
    #expect(result.status == 0)
    #expect(result.stdout == "https://zh.wikipedia.org/wiki/%E5%B9%BF%E5%B7%9E%E5%B8%82\n")
    #expect(result.stderr.contains("省份信息"))
  }

  @Test func pickWithoutAChoiceExitsOne() async throws {
    let result = try await BrowseProcess.run(["--pick"], input: "q\n")
    #expect(result.status == 1)
    #expect(result.stdout == "")
  }

  @Test func hostileNamesCannotDriveTheTerminal() async throws {
    let plist = """
      <plist><dict><key>坏\u{1B}]0;pwned\u{07}省</key><array>
      <dict><key>name</key><string>甲\u{202E}市\u{9B}31m</string><key>url</key><string>https://a.test/</string></dict>
      <dict><key>name</key><string>乙市</string><key>url</key><string>https://b.test/</string></dict>
      </array></dict></plist>
      """
    let result = try await BrowseProcess.run(["-i", "--data", "-"], input: plist)
    // With stdin holding the data, the session meets end of input at once.
    #expect(result.status == 0)
    for forbidden in ["\u{1B}", "\u{07}", "\u{202E}", "\u{9B}"] {
      #expect(!result.stdout.contains(forbidden))
      #expect(!result.stderr.contains(forbidden))
    }
    #expect(result.stdout.contains("坏"))
  }

  @Test func narrowAndShortTerminalsStillWork() async throws {
    let result = try await BrowseProcess.run(
      ["-i", "--offline"], input: "n\n1\nq\n", environment: ["COLUMNS": "20", "LINES": "8"])
    #expect(result.status == 0)
    let widest =
      result.stdout.split(separator: "\n").map { line in
        line.unicodeScalars.reduce(0) {
          $0
            + (($1.value >= 0x2E80 && $1.value <= 0x9FFF)
              || ($1.value >= 0xFF00 && $1.value <= 0xFF60) ? 2 : 1)
        }
      }.max() ?? 0
    #expect(widest <= 20 + 2)  // the echoed command follows the two-cell prompt
    #expect(result.stdout.contains("page 1/"))
  }
}
