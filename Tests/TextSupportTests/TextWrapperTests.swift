import Testing

@testable import TextSupport

@Suite struct TextWrapperTests {
  static let sentence = "广州市，简称穗，别称羊城、花城，是广东省省会。"

  @Test func chineseWrapsBetweenCharactersAtWidthTen() {
    #expect(
      TextWrapper.wrap(Self.sentence, width: 10) == [
        "广州市，简", "称穗，别称", "羊城、花", "城，是广东", "省省会。",
      ])
  }

  @Test func chineseWrapsBetweenCharactersAtWidthTwenty() {
    #expect(
      TextWrapper.wrap(Self.sentence, width: 20) == [
        "广州市，简称穗，别称", "羊城、花城，是广东省", "省会。",
      ])
  }

  @Test func chineseWrapsBetweenCharactersAtWidthForty() {
    #expect(
      TextWrapper.wrap(Self.sentence, width: 40) == [
        "广州市，简称穗，别称羊城、花城，是广东省", "省会。",
      ])
  }

  @Test func closingPunctuationPullsThePreviousCharacterDown() {
    #expect(TextWrapper.wrap("中文字。", width: 6) == ["中文", "字。"])
    #expect(TextWrapper.wrap("甲乙丙」", width: 6) == ["甲乙", "丙」"])
  }

  @Test func openingPunctuationStaysWithWhatFollows() {
    #expect(TextWrapper.wrap("中文「引号」", width: 6) == ["中文", "「引", "号」"])
    #expect(TextWrapper.wrap("中文「引号」", width: 8) == ["中文「引", "号」"])
  }

  @Test func noLineEverExceedsTheWidth() {
    let text = Self.sentence + " Guangzhou is the capital of Guangdong. " + Self.sentence
    for width in [4, 7, 10, 13, 20, 33, 40] {
      let lines = TextWrapper.wrap(text, width: width)
      #expect(lines.allSatisfy { TerminalText.width($0) <= width }, "width \(width)")
      #expect(!lines.contains { $0.first == "，" || $0.first == "。" || $0.first == "、" })
    }
  }

  @Test func latinWordsBreakOnlyAtSpaces() {
    #expect(TextWrapper.wrap("the quick brown fox", width: 10) == ["the quick", "brown fox"])
    #expect(TextWrapper.wrap("Guangzhou city", width: 12) == ["Guangzhou", "city"])
  }

  @Test func aWordLongerThanTheLineIsHardSplit() {
    #expect(TextWrapper.wrap("abcdefghijklmnop", width: 5) == ["abcde", "fghij", "klmno", "p"])
    #expect(
      TextWrapper.wrap("see Supercalifragilistic", width: 10) == [
        "see", "Supercalif", "ragilistic",
      ])
  }

  @Test func latinAfterChineseMayStartALine() {
    #expect(TextWrapper.wrap("广州Guangzhou市", width: 10) == ["广州", "Guangzhou", "市"])
  }

  @Test func noBreakSpaceJoinsWordsAndPrintsAsASpace() {
    #expect(TextWrapper.wrap("x aaa\u{A0}bbb", width: 8) == ["x", "aaa bbb"])
    #expect(TextWrapper.wrap("x aaa bbb", width: 8) == ["x aaa", "bbb"])
  }

  @Test func whitespaceRunsCollapseAndLineFeedsStartLines() {
    #expect(TextWrapper.wrap("  a \t b  \nc\n\nd\n", width: 10) == ["a b", "c", "", "d"])
    #expect(TextWrapper.wrap("   ", width: 10).isEmpty)
  }

  @Test func prefixesMarkTheFirstLineAndIndentTheRest() {
    #expect(
      TextWrapper.wrap("one two three four", width: 12, firstLinePrefix: "  * ", prefix: "    ")
        == ["  * one two", "    three", "    four"])
  }
}

@Suite struct TextWrapperPieceTests {
  /// Wrapping a paragraph in pieces must give exactly the lines of wrapping it whole.
  func expectSameAsWhole(_ text: String, width: Int, first: String = "", prefix: String = "") {
    let pieces = TextWrapper.wrap(text, width: width, firstLinePrefix: first, prefix: prefix)
    let whole = TextWrapper.wrapWhole(
      text, width: width, firstLinePrefix: first, prefix: prefix)
    #expect(pieces.count == whole.count)
    if let index = zip(pieces, whole).enumerated().first(where: { $0.element.0 != $0.element.1 })?
      .offset
    {
      Issue.record("line \(index): \(pieces[index]) != \(whole[index])")
    }
  }

  @Test func aLongParagraphOfWordsWrapsAsIfWhole() {
    let words = ["alpha", "beta", "gamma", "广州", "城市。", "delta-epsilon", "x"]
    var text = ""
    var index = 0
    while text.utf8.count < 300_000 {
      text += words[index % words.count] + (index % 13 == 0 ? "  " : " ")
      index += 1
    }
    expectSameAsWhole(text, width: 80)
    expectSameAsWhole(text, width: 37, first: "  1. ", prefix: "     ")
  }

  @Test func aHugeWordAndAHugeHanRunAreCutAsIfWhole() {
    expectSameAsWhole(String(repeating: "a", count: 200_000), width: 80)
    expectSameAsWhole(String(repeating: "广", count: 70_000), width: 81)
    expectSameAsWhole(String(repeating: "ab\n", count: 50_000), width: 10)
  }
}

@Suite struct TextWrapperNarrowTests {
  /// The byte-by-byte wrap of narrow text must give the scalar-by-scalar wrap's lines, and
  /// text it does not take (wide, no-break, zero-width) must still wrap as before.
  @Test func narrowTextWrapsAsTheScalarRuleWraps() {
    let pieces = [
      "a", "word", "longerword", "averyveryverylongwordthatneedssplitting", " ", "  ", "\t", "\n",
      "\r", "\u{0B}", "\u{0C}", "[12]", "x.", "(y)", "-", "café", "“quoted”", "it’s", "—",
      "Ελλάδα", "Москва", "naïve-très-longue-phrase-sans-espaces", "e\u{301}",
      "\u{2061}\u{FE01}\u{2063}",
      "广州", "\u{A0}", "\u{200B}", "\u{3000}", "😀",
    ]
    let prefixes = ["", "  ", "* ", "    ", "1234567890"]
    var state: UInt64 = 11
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1
      return Int(state >> 33)
    }
    for _ in 0..<2000 {
      var text = ""
      for _ in 0..<(next() % 24) { text += pieces[next() % pieces.count] }
      let width = 1 + next() % 30
      let first = prefixes[next() % prefixes.count]
      let rest = prefixes[next() % prefixes.count]
      #expect(
        TextWrapper.wrap(text, width: width, firstLinePrefix: first, prefix: rest)
          == TextWrapper.wrapScalars(
            text, width: width, firstLinePrefix: first, prefix: rest),
        "\(text.debugDescription) at \(width), \(first.debugDescription)/\(rest.debugDescription)")
    }
  }
}
