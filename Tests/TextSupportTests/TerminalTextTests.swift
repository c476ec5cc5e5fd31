import Testing

@testable import TextSupport

@Suite struct TerminalTextTests {
  @Test func sanitizeRemovesEscapeSequencesAndControls() {
    #expect(TerminalText.sanitize("a\u{1B}[31mb") == "a\u{FFFD}[31mb")
    #expect(TerminalText.sanitize("x\u{9B}y\u{7F}") == "x\u{FFFD}y\u{FFFD}")
    #expect(TerminalText.sanitize("tab\there\nnext") == "tab here next")
  }

  @Test func sanitizeDropsBidiOverridesAndZeroWidthSpaces() {
    #expect(TerminalText.sanitize("广\u{202E}州\u{2066}\u{200B}市\u{FEFF}") == "广州市")
  }

  /// Invisible characters the rule missed (issue 48, item 7): a joiner outside emoji,
  /// the Unicode line and paragraph separators, tag characters and the soft hyphen.
  @Test func sanitizeDropsLoneJoinersTagsAndSoftHyphensAndSpacesLineSeparators() {
    #expect(TerminalText.sanitize("北京\u{200D}市") == "北京市")
    #expect(TerminalText.sanitize("\u{200D}广州\u{200D}") == "广州")
    #expect(TerminalText.sanitize("甲\u{2028}乙\u{2029}丙") == "甲 乙 丙")
    #expect(TerminalText.sanitize("甲\u{2028}乙", keepingNewlines: true) == "甲 乙")
    #expect(TerminalText.sanitize("广\u{E0041}\u{E007F}州\u{E0001}") == "广州")
    #expect(TerminalText.sanitize("广\u{00AD}州") == "广州")
    // A joiner that joins emoji stays: 👨‍👩‍👧 and 🏳️‍🌈 are one picture each.
    let family = "👨\u{200D}👩\u{200D}👧"
    #expect(TerminalText.sanitize(family) == family)
    let flag = "🏳\u{FE0F}\u{200D}🌈"
    #expect(TerminalText.sanitize(flag) == flag)
  }

  @Test func jsonEscapesEveryInvisibleCharacterTheSanitiserDrops() {
    #expect(JSONWriter.string("a\u{2028}b\u{2029}") == "\"a\\u2028b\\u2029\"")
    #expect(JSONWriter.string("a\u{00AD}b\u{200D}") == "\"a\\u00adb\\u200d\"")
    // U+E0041 is the surrogate pair DB40 DC41, as JSON must spell a scalar past U+FFFF.
    #expect(JSONWriter.string("广\u{E0041}\u{E007F}") == "\"广\\udb40\\udc41\\udb40\\udc7f\"")
    #expect(JSONWriter.string("👍广州") == "\"👍广州\"")
  }

  @Test func sanitizeCanKeepLineFeeds() {
    #expect(TerminalText.sanitize("a\nb\rc", keepingNewlines: true) == "a\nb c")
  }

  @Test func sanitizeLeavesPlainTextAlone() {
    #expect(TerminalText.sanitize("广州市 Guangzhou ①") == "广州市 Guangzhou ①")
  }

  @Test func widthCountsCJKAsTwoCellsAndCombiningMarksAsNone() {
    #expect(TerminalText.width("广州") == 4)
    #expect(TerminalText.width("abc") == 3)
    #expect(TerminalText.width("ｇｄ") == 4)
    #expect(TerminalText.width("e\u{301}") == 1)
    #expect(TerminalText.width("，。") == 4)
  }

  @Test func truncateCutsAtCellBoundariesWithAnEllipsis() {
    #expect(TerminalText.truncate("广州市天河区", toWidth: 6) == "广州…")
    #expect(TerminalText.truncate("abc", toWidth: 3) == "abc")
    #expect(TerminalText.truncate("abcd", toWidth: 0) == "")
  }

  @Test func padFillsToTheGivenWidth() {
    #expect(TerminalText.pad("广", toWidth: 4) == "广  ")
    #expect(TerminalText.pad("toolong", toWidth: 3) == "toolong")
  }
}

/// The byte-level shortcut in `sanitize` may only skip text the scalar-by-scalar rule
/// would leave alone, and `width` on ASCII must count as the scalar rule does.
@Suite struct TerminalTextShortcutTests {
  /// Every scalar at or next to a boundary of `classify`, plus ordinary CJK and emoji.
  static let boundaries: [UInt32] = [
    0x00, 0x09, 0x0A, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xFF, 0x5FF, 0x600,
    0x61B, 0x61C, 0x61D, 0x63F, 0x640, 0x1FFF, 0x2000, 0x200A, 0x200B, 0x200D, 0x200F,
    0x2010, 0x2029, 0x202A, 0x202E, 0x202F, 0x205F, 0x2060, 0x206F, 0x2070, 0x207F, 0x2080,
    0x5E7F, 0xFAFF, 0xFB00, 0xFEFE, 0xFEFF, 0xFF00, 0xFF10, 0xFFF8, 0xFFF9, 0xFFFB, 0xFFFC,
    0xFFFD, 0x1F600, 0x10FFFF, 0xAC, 0xAD, 0xAE, 0x2027, 0x2028, 0xDFFFF, 0xE0000, 0xE007F,
    0xE0080,
  ]

  @Test(arguments: boundaries)
  func theShortcutAgreesWithTheScalarRule(value: UInt32) throws {
    let scalar = try #require(Unicode.Scalar(value))
    for text in ["\(scalar)", "a\(scalar)b", "广\(scalar)", "\(scalar)\(scalar)州"] {
      for keeping in [false, true] {
        #expect(
          TerminalText.sanitize(text, keepingNewlines: keeping)
            == TerminalText.sanitizeScalarwise(text, keepingNewlines: keeping),
          "U+\(String(value, radix: 16)) in \(text.debugDescription)")
      }
      if TerminalText.bytesNeedNoChange(text) {
        #expect(TerminalText.sanitizeScalarwise(text, keepingNewlines: false) == text)
      }
    }
  }

  @Test func theShortcutIsTakenForOrdinaryText() {
    #expect(TerminalText.bytesNeedNoChange("Plain ASCII text, 100% (ok) ~"))
    #expect(TerminalText.bytesNeedNoChange("广州市是广东省的省会，简称“穗”。"))
    #expect(!TerminalText.bytesNeedNoChange("tab\there"))
    #expect(!TerminalText.bytesNeedNoChange("rtl\u{202E}override"))
  }

  @Test func asciiWidthIsItsLength() {
    #expect(TerminalText.width("Guangzhou 2026") == 14)
    #expect(TerminalText.width("广州 ok") == 7)
    #expect(TerminalText.width("a\u{7}b") == 2)
  }
}

/// The shortcuts in `width(of:)` give what the general rule gives.
@Suite struct TerminalTextWidthShortcutTests {
  @Test func theCommonBlocksAreWideAndGeneralPunctuationNarrow() {
    for value: UInt32 in [
      0x4E00, 0x5E7F, 0x9FFF, 0x3000, 0x3001, 0x300A, 0x303E, 0xFF00, 0xFF0C, 0xFF60,
    ] {
      #expect(TerminalText.width(of: Unicode.Scalar(value)!) == 2, "U+\(String(value, radix: 16))")
    }
    for value: UInt32 in 0x2010...0x2027 {
      let scalar = Unicode.Scalar(value)!
      #expect(TerminalText.width(of: scalar) == 1)
      #expect(
        ![.nonspacingMark, .enclosingMark, .format].contains(scalar.properties.generalCategory))
    }
    for value: UInt32 in Array(0x2060...0x2064) + Array(0x2066...0x206F) + Array(0xFE00...0xFE0F) {
      let scalar = Unicode.Scalar(value)!
      #expect(TerminalText.width(of: scalar) == 0, "U+\(String(value, radix: 16))")
      #expect([.nonspacingMark, .format].contains(scalar.properties.generalCategory))
    }
    // Just outside them the general rule still decides.
    #expect(TerminalText.width(of: "\u{2065}") == 1)  // unassigned
    #expect(TerminalText.width(of: "\u{FE10}") == 2)
    #expect(TerminalText.width(of: "\u{303F}") == 1)
    #expect(TerminalText.width(of: "\u{FF61}") == 1)
    #expect(TerminalText.width(of: "\u{2028}") == 1)
    #expect(TerminalText.width(of: "\u{200B}") == 0)
    #expect(TerminalText.width(of: "\u{0301}") == 0)
    #expect(TerminalText.width(of: "\u{AC00}") == 2)
  }
}

@Suite struct JSONWriterShortcutTests {
  /// The byte test that lets most strings through unescaped must agree with the escape
  /// done a scalar at a time, on text mixing every kind of character either treats apart.
  @Test func theShortcutWritesWhatTheScalarwiseEscapeWrites() {
    let alphabet: [Unicode.Scalar] = [
      "a", "京", "\"", "\\", "\n", "\t", "\u{7F}", "\u{85}", "\u{AD}", "\u{61C}", "\u{200B}",
      "\u{200D}", "\u{2028}", "\u{2029}", "\u{202E}", "\u{2066}", "\u{FEFF}", "\u{FFF9}",
      "\u{E0041}", "\u{1F600}", "é", "\u{A0}", "\u{9F}",
    ]
    // Every string of up to three of them: 12,720 strings, each pair and triple in place.
    var layer = [""]
    var texts = layer
    for _ in 0..<3 {
      layer = layer.flatMap { text in alphabet.map { text + String($0) } }
      texts += layer
    }
    for text in texts {
      #expect(
        JSONWriter.string(text) == JSONWriter.escapingScalarwise(text), "\(text.debugDescription)")
    }
  }
}
