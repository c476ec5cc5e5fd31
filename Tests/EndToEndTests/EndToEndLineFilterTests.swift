import Foundation
import TestSupport
import Testing

/// Line mode filters in place, as the full screen does (issue #47): through `browse -i`, as
/// a user types at its prompt. A line of text narrows the list it is typed on, which keeps
/// its name with the filter after it; `clear` gives the whole list back, as Esc does full
/// screen; `back` from a division returns to the list as it was filtered, as ← does.
@Suite(.timeLimit(.minutes(3))) struct EndToEndLineFilterTests {
  /// The frames of a transcript, each from its path line on.
  func frames(_ stdout: String) -> [String] {
    stdout.components(separatedBy: "省份信息").dropFirst().map { "省份信息" + $0 }
  }

  @Test func aTypedFilterNarrowsTheListInPlaceAndClearGivesItAllBack() async throws {
    let result = try await BrowseProcess.run(
      ["-i", "--offline"], input: "jiang\nclear\nquit\n",
      environment: ["COLUMNS": "100", "LINES": "30"])
    #expect(result.status == 0)
    let frames = frames(result.stdout)
    #expect(frames.count == 3, "\(result.stdout)")
    // 江苏, 江西, 浙江, 黑龙江…: the provinces' list narrowed, named as it was.
    let filtered = try #require(frames.dropFirst().first)
    #expect(filtered.hasPrefix("省份信息 “jiang”\n"), "\(filtered)")
    #expect(filtered.contains("江苏省") && !filtered.contains("广东省"))
    #expect(filtered.contains("clear"), "the hints offer clear: \(filtered)")
    // `clear`: all 34 again, 广东 among them, the path the list's own.
    let cleared = try #require(frames.last)
    #expect(cleared.hasPrefix("省份信息\n"), "\(cleared)")
    #expect(cleared.contains("34 ") && cleared.contains("广东省"), "\(cleared)")
  }

  @Test func backFromADivisionReturnsToTheListAsItWasFiltered() async throws {
    let result = try await BrowseProcess.run(
      ["-i", "--offline"], input: "jiang\n1\nback\nquit\n",
      environment: ["COLUMNS": "100", "LINES": "30"])
    #expect(result.status == 0)
    let frames = frames(result.stdout)
    #expect(frames.count == 4, "\(result.stdout)")
    // The province chosen from the filtered list: one step below the provinces.
    let opened = try #require(frames.dropFirst(2).first)
    #expect(opened.hasPrefix("省份信息 › "), "\(opened)")
    let back = try #require(frames.last)
    #expect(back.hasPrefix("省份信息 “jiang”\n"), "\(back)")
    #expect(back.contains("江苏省") && !back.contains("广东省"), "\(back)")
  }
}
