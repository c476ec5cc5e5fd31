import Foundation
import TestSupport
import Testing

/// The built `browse` answering old codes from stdin, one a line, as a spreadsheet's column
/// is pasted: 江干区 330104 split in 2021 into 上城区 330102 and 钱塘区 330114; 宣武区
/// 110104 went into 西城区 110102 in 2010 (facts typed from knowledge).
@Suite(.timeLimit(.minutes(3))) struct EndToEndHistoryTests {
  @Test func oldCodesFromStandardInputOneLineEach() async throws {
    let input = "330104\n110104\n999999\n110101\n"
    let result = try await BrowseProcess.run(["--history", "-"], input: input)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 5)
    #expect(lines.first?.hasPrefix("330104\t330102;330114\t上城区;钱塘区\t") == true)
    #expect(lines.dropFirst().first?.hasPrefix("110104\t110102\t西城区\t") == true)
    #expect(lines.dropFirst(2).first?.hasPrefix("999999\t\t\t") == true)
    #expect(lines.dropFirst(3).first == "110101\t110101\t东城区\t")
    #expect(result.status == 1)
    #expect(result.stderr == "browse: 1 of 4 codes have no code today\n")
  }

  @Test func oldCodesAreAnsweredAsTheyComeAsACoProcessNeeds() async throws {
    // One code written, its answer read, then the next: a browse that waited for more
    // input before answering would hang here. 闸北区 310108 went into 静安区 310106 in 2015.
    let result = try await BrowseProcess.shell(
      """
      coproc "$BROWSE" --history - --format tsv
      echo 310108 >&"${COPROC[1]}"
      IFS= read -r first <&"${COPROC[0]}"
      echo 330104 >&"${COPROC[1]}"
      IFS= read -r second <&"${COPROC[0]}"
      exec {COPROC[1]}>&-
      wait
      printf '%s\\n%s\\n' "$first" "$second"
      """)
    let lines = result.stdout.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false)
    }
    #expect(lines.count == 2)
    #expect(lines.first?[1] == "310106")
    #expect(lines.last?[1] == "330102;330114")
  }

  @Test func historyOfANameAndChangesBetweenTwoYears() async throws {
    let history = try await BrowseProcess.run(["--history", "襄樊", "--format", "text"])
    #expect(history.status == 0)
    #expect(history.stdout.contains("2010"))
    #expect(history.stdout.contains("襄樊市"))
    #expect(history.stdout.contains("襄阳市"))
    let changes = try await BrowseProcess.run(["--changes", "2020", "2026"])
    #expect(changes.status == 0)
    #expect(changes.stdout.contains("2021\tsplit\t330104\t江干区\t"))
    #expect(changes.stdout.contains("2025\tnew\t500157\t两江新区\t"))
    let missing = try await BrowseProcess.run(["--history", "不存在"])
    #expect(missing.status == 1)
  }
}
