import Testing

@testable import TextSupport

@Suite struct TextLinesTests {
  @Test func linesReadBackAsTheyWereAdded() {
    var lines = TextLines()
    lines.append("广州市")
    lines.append("")
    lines.append(utf8: Array("Guangzhou, 23° N".utf8))
    #expect(lines.count == 3)
    #expect(lines[0] == "广州市")
    #expect(lines[1] == "")
    #expect(lines[2] == "Guangzhou, 23° N")
    #expect(Array(lines) == ["广州市", "", "Guangzhou, 23° N"])
    #expect(lines.utf8Count(line: 0) == 9)
  }

  @Test func manyLinesFillSeveralBuffersAndEachComesBackWhole() {
    // 40-byte lines: 2^20 bytes hold 26,214 of them, so 60,000 need three buffers, and
    // no line may straddle two.
    let count = 60_000
    let make = { (index: Int) in "行" + String(repeating: "x", count: 31) + String(index + 100_000) }
    var lines = TextLines()
    for index in 0..<count { lines.append(make(index)) }
    #expect(lines.count == count)
    #expect(lines.chunks.count == 3)
    for index in [0, 26_213, 26_214, 26_215, 52_428, 52_429, count - 1] {
      #expect(lines[index] == make(index))
    }
    // Past the first, a buffer is made at its full size: the spare room is the last's.
    let used = lines.chunks.reduce(0) { $0 + $1.count }
    #expect(used == count * 40)
    #expect(lines.bytesHeld - used < TextLines.chunkBytes)
  }

  @Test func aLineLongerThanABufferHasOneOfItsOwn() {
    let long = String(repeating: "长", count: TextLines.chunkBytes / 3 + 10)
    var lines: TextLines = ["before"]
    lines.append(long)
    lines.append("after")
    #expect(Array(lines) == ["before", long, "after"])
  }

  @Test func appendingAnotherSharesItsBuffersAndLeavesItAsItWas() {
    let page: TextLines = ["一", "二", "三"]
    var screen: TextLines = ["title", ""]
    screen.append(contentsOf: page)
    screen.append("References")
    #expect(Array(screen) == ["title", "", "一", "二", "三", "References"])
    #expect(Array(page) == ["一", "二", "三"])
    // The page's buffer is the screen's too, not a copy of it.
    let shared = screen.chunks.contains { chunk in
      chunk.withUnsafeBufferPointer { mine in
        page.chunks[0].withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
      }
    }
    #expect(shared)
  }

  @Test func replacingAndRemovingLinesKeepsTheOthers() {
    let page: TextLines = ["a very long title", "one", "two", "three"]
    var lines = page
    lines.replaceSubrange(0..<1, with: ["a very", "long title"])
    #expect(Array(lines) == ["a very", "long title", "one", "two", "three"])
    #expect(Array(page) == ["a very long title", "one", "two", "three"])
    lines[2] = "ONE"
    lines.removeLast()
    lines.removeFirst(1)
    #expect(Array(lines) == ["long title", "ONE", "two"])
    lines.insert("zero", at: 1)
    #expect(Array(lines) == ["long title", "zero", "ONE", "two"])
    #expect(Array(page) == ["a very long title", "one", "two", "three"])
  }

  @Test func equalityIsByTheLinesNotHowTheyAreHeld() {
    var built = TextLines()
    built.append(contentsOf: ["x", "y"] as TextLines)
    built.append("z")
    let literal: TextLines = ["x", "y", "z"]
    #expect(built == literal)
    #expect(built == ["x", "y", "z"] as [String])
    #expect(built != ["x", "y"] as [String])
    #expect(literal != ["x", "y", "Z"] as TextLines)
    #expect(TextLines() == [] as TextLines)
  }
}

@Suite struct TextLinesSourceTests {
  private static let source = Array("第一段的文字。第二段的文字，比第一段长。\n  Third, in English.".utf8)

  @Test func aLineFoundInTheSourceIsHeldAsAReferenceToIt() {
    var lines = TextLines(source: Self.source)
    let second = Array("第二段的文字".utf8)
    let end = second.withUnsafeBufferPointer { lines.append(utf8: $0, findingIn: 0..<64) }
    // 第一段的文字。 is 21 bytes: the second sentence starts there.
    #expect(end == 21 + second.count)
    #expect(lines[0] == "第二段的文字")
    // Nothing was copied: the only buffer is the source.
    #expect(lines.chunks.count == 1)
  }

  @Test func aLineNotFoundWhereItIsLookedForIsCopied() {
    var lines = TextLines(source: Self.source)
    let third = Array("Third, in English.".utf8)
    // It is in the source, but after the bytes looked at.
    let missed = third.withUnsafeBufferPointer { lines.append(utf8: $0, findingIn: 0..<10) }
    let changed = Array("第一段的字".utf8)
    let other = changed.withUnsafeBufferPointer { lines.append(utf8: $0, findingIn: 0..<64) }
    #expect(missed == nil && other == nil)
    #expect(Array(lines) == ["Third, in English.", "第一段的字"])
    #expect(lines.chunks.count == 2)
    // Without a source, the same call copies.
    var plain = TextLines()
    let copied = third.withUnsafeBufferPointer { plain.append(utf8: $0, findingIn: 0..<100) }
    #expect(copied == nil && plain == ["Third, in English."])
  }
}

@Suite struct TextLinesRunTests {
  private static let page: TextLines = ["一", "二", "三", "四"]

  @Test func aPageAppendedIsSharedAsItsRunNotCopiedLineByLine() {
    var screen: TextLines = ["title", ""]
    screen.append(contentsOf: Self.page)
    screen.append(contentsOf: ["", "References"])
    #expect(Array(screen) == ["title", "", "一", "二", "三", "四", "", "References"])
    // The page's places are the screen's too: one array, not a copy of it.
    #expect(screen.runCount == 3)
    #expect(screen.sharesPlaces(with: Self.page))
  }

  @Test func changesWithinARunOrAcrossRunsLeaveTheSharedPageAsItWas() {
    var screen: TextLines = ["a long title"]
    screen.append(contentsOf: Self.page)
    screen.append("end")
    // The title wrapped: a change within the first run, the page's still shared.
    screen.replaceSubrange(0..<1, with: ["a long", "title"])
    #expect(Array(screen) == ["a long", "title", "一", "二", "三", "四", "end"])
    #expect(screen.sharesPlaces(with: Self.page))
    // A line of the page changed: the screen's copy of the page's places changes.
    screen[3] = "贰"
    #expect(Array(screen) == ["a long", "title", "一", "贰", "三", "四", "end"])
    #expect(Array(Self.page) == ["一", "二", "三", "四"])
    // Across runs: from the title into the page.
    screen.replaceSubrange(1..<4, with: ["x"])
    #expect(Array(screen) == ["a long", "x", "三", "四", "end"])
    screen.removeLast(2)
    screen.append("tail")
    screen.insert("head", at: 0)
    #expect(Array(screen) == ["head", "a long", "x", "三", "tail"])
    #expect(Array(Self.page) == ["一", "二", "三", "四"])
  }

  @Test func linesAddedAfterASharedPageDoNotChangeIt() {
    var screen = TextLines()
    screen.append(contentsOf: Self.page)
    screen.removeLast()
    screen.append("五")
    screen.append("六")
    #expect(Array(screen) == ["一", "二", "三", "五", "六"])
    #expect(Array(Self.page) == ["一", "二", "三", "四"])
    var empty = Self.page
    empty.removeAll()
    #expect(empty.isEmpty && empty.runCount == 0)
    empty.append("again")
    #expect(Array(empty) == ["again"])
  }
}

extension TextLinesTests {
  @Test func aCopyIsEqualAndAChangedCopyIsNot() {
    let lines: TextLines = ["一", "二", "三"]
    var copy = lines
    #expect(copy == lines)
    copy[1] = "贰"
    #expect(copy != lines)
    // Equal lines held apart are equal too.
    var built = TextLines()
    for line in ["一", "二", "三"] { built.append(line) }
    #expect(built == lines)
  }
}

extension TextLinesRunTests {
  @Test func linesPutInPlaceOfOthersShareOneBufferNotOneEach() {
    var lines: TextLines = ["a", "b", "c"]
    for round in 0..<100 { lines[round % 3] = "line \(round)" }
    lines.replaceSubrange(0..<1, with: ["x", "y"])
    #expect(Array(lines) == ["x", "y", "line 97", "line 98"])
    // The literal's buffer and one for the edits.
    #expect(lines.chunks.count == 2)
  }
}
