import TerminalUI
import TestFixtures
import Testing

@Suite struct KeyDecoderTests {
  typealias D = KeyDecoding

  static let sequences: [(String, Key)] = [
    // Arrows: CSI (normal mode) and SS3 (application mode).
    ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
    // Home and End: xterm, VT220/tmux, rxvt, application mode.
    ("\u{1B}[H", .home), ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}OH", .home),
    ("\u{1B}[F", .end), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end), ("\u{1B}OF", .end),
    ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
    ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete),
    // Function keys: SS3, VT220 numbering, the Linux console.
    ("\u{1B}OP", .function(1)), ("\u{1B}OQ", .function(2)), ("\u{1B}OR", .function(3)),
    ("\u{1B}OS", .function(4)), ("\u{1B}[11~", .function(1)), ("\u{1B}[12~", .function(2)),
    ("\u{1B}[13~", .function(3)), ("\u{1B}[14~", .function(4)), ("\u{1B}[15~", .function(5)),
    ("\u{1B}[17~", .function(6)), ("\u{1B}[18~", .function(7)), ("\u{1B}[19~", .function(8)),
    ("\u{1B}[20~", .function(9)), ("\u{1B}[21~", .function(10)),
    ("\u{1B}[23~", .function(11)), ("\u{1B}[24~", .function(12)),
    ("\u{1B}[[A", .function(1)), ("\u{1B}[[E", .function(5)),
    ("\u{1B}[Z", .backTab), ("\u{1B}OM", .enter),
    // Modifiers, xterm style.
    ("\u{1B}[1;5A", .special(.up, .control)), ("\u{1B}[1;2B", .special(.down, .shift)),
    ("\u{1B}[1;3C", .special(.right, .alt)), ("\u{1B}[1;6D", .special(.left, [.control, .shift])),
    ("\u{1B}[1;5H", .special(.home, .control)), ("\u{1B}[3;5~", .special(.delete, .control)),
    ("\u{1B}[1;2P", .special(.function(1), .shift)),
    ("\u{1B}[15;5~", .special(.function(5), .control)), ("\u{1B}O5A", .special(.up, .control)),
    // Modifiers, rxvt style.
    ("\u{1B}[a", .special(.up, .shift)), ("\u{1B}[d", .special(.left, .shift)),
    ("\u{1B}Oa", .special(.up, .control)), ("\u{1B}Oc", .special(.right, .control)),
    ("\u{1B}[5^", .special(.pageUp, .control)), ("\u{1B}[2$", .special(.insert, .shift)),
    ("\u{1B}[3@", .special(.delete, [.control, .shift])),
  ]

  @Test(arguments: sequences)
  func eachTerminalsSequenceDecodesToItsKey(sequence: String, key: Key) {
    #expect(D.decode(sequence) == [key], "\(Array(sequence.utf8))")
  }

  @Test(arguments: sequences)
  func aKeySequenceSplitAtAnyByteGivesTheSameKey(sequence: String, key: Key) {
    let bytes = D.bytes(sequence)
    for cut in 1..<bytes.count {
      let keys = D.decode(pieces: [Array(bytes[..<cut]), Array(bytes[cut...])])
      #expect(keys == [key], "cut at \(cut) of \(bytes)")
    }
  }

  @Test func plainTextBecomesOneCharacterKeyPerGrapheme() {
    #expect(D.decode("ab 1") == D.characters("ab 1"))
  }

  @Test func chineseTypedThroughAnInputMethodArrivesAsItsCharacters() {
    #expect(D.decode("广州") == [.character("广"), .character("州")])
    #expect(D.decode("广州市, 深圳") == D.characters("广州市, 深圳"))
  }

  @Test func chineseSplitInTheMiddleOfACharacterIsKeptUntilTheRestArrives() {
    let bytes = D.bytes("广州")
    #expect(bytes.count == 6)
    for cut in 1..<bytes.count {
      var decoder = KeyDecoder()
      let first = decoder.feed(Array(bytes[..<cut]), now: .zero)
      #expect(first == (cut >= 3 ? [.character("广")] : []), "cut \(cut)")
      #expect(decoder.pendingByteCount == cut % 3)
      let second = decoder.feed(Array(bytes[cut...]), now: D.ms(1))
      #expect(first + second == [.character("广"), .character("州")], "cut \(cut)")
    }
  }

  @Test func enterIsCarriageReturnAndALineFeedAloneIsControlJ() {
    #expect(D.decode([0x0D]) == [.enter])
    #expect(D.decode([0x0A]) == [.control("j")])
    // A terminal in newline mode sends CR LF for one Enter.
    #expect(D.decode([0x0D, 0x0A, 0x0A]) == [.enter, .control("j")])
  }

  @Test func backspaceIsBothDeleteAndControlH() {
    #expect(D.decode([0x7F, 0x08]) == [.backspace, .backspace])
  }

  @Test func tabAndShiftTabAreTheirOwnKeys() {
    #expect(D.decode("\t\u{1B}[Z") == [.tab, .backTab])
  }

  @Test func controlLettersAreLowerCaseLetters() {
    let bytes: [UInt8] = [0x03, 0x04, 0x10, 0x0E, 0x1A, 0x0C, 0x15, 0x17, 0x01, 0x00, 0x1F]
    let names: [Character] = ["c", "d", "p", "n", "z", "l", "u", "w", "a", "@", "_"]
    #expect(D.decode(bytes) == names.map { .control($0) })
  }

  @Test func escapeFollowedByAPrintableCharacterIsAlt() {
    #expect(D.decode("\u{1B}x\u{1B}B\u{1B}1") == [.alt("x"), .alt("B"), .alt("1")])
    #expect(D.decode("\u{1B}广") == [.alt("广")])
  }

  @Test func escapeBeforeAControlIsEscapeThenTheControl() {
    #expect(D.decode([0x1B, 0x03]) == [.escape, .control("c")])
    #expect(D.decode([0x1B, 0x7F]) == [.escape, .backspace])
    #expect(D.decode([0x1B, 0x1B]) == [.escape, .escape])
    #expect(D.decode("\u{1B}\u{1B}[A") == [.escape, .up])
  }

  @Test func staticKeysMatchInASwitch() {
    func name(_ key: Key) -> String {
      switch key {
      case .up: return "up"
      case .special(.down, []): return "down"
      case .control("c"): return "interrupt"
      default: return "other"
      }
    }
    #expect(
      D.decode("\u{1B}[A\u{1B}[B\u{03}\u{1B}[1;5A").map(name) == [
        "up", "down", "interrupt", "other",
      ])
  }

  // MARK: - Esc and its timeout

  @Test func aLoneEscapeWaitsForTheTimeoutThenIsEscape() {
    var decoder = KeyDecoder(escapeTimeout: D.ms(40))
    #expect(decoder.pendingDeadline == nil)
    #expect(decoder.feed([0x1B], now: D.ms(1000)) == [])
    #expect(decoder.pendingDeadline == D.ms(1040))
    #expect(decoder.flush(now: D.ms(1039)) == [])
    #expect(decoder.flush(now: D.ms(1040)) == [.escape])
    #expect(decoder.pendingDeadline == nil)
    #expect(decoder.flush(now: D.ms(2000)) == [])
  }

  @Test func escapeFollowedQuicklyByTheRestOfASequenceIsThatKey() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B], now: D.ms(0)) == [])
    #expect(decoder.feed(D.bytes("[A"), now: D.ms(10)) == [.up])
    #expect(decoder.pendingDeadline == nil)
  }

  @Test func bytesArrivingAfterTheTimeoutFollowAnEscape() {
    // The caller missed the deadline: the next feed still sees Esc, then `[`, `A`.
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B], now: D.ms(0)) == [])
    #expect(
      decoder.feed(D.bytes("[A"), now: D.ms(500)) == [.escape, .character("["), .character("A")])
  }

  @Test func escapeAndABracketAloneAreAltBracketAfterTheTimeout() {
    #expect(D.decode("\u{1B}[") == [.alt("[")])
    #expect(D.decode("\u{1B}O") == [.alt("O")])
  }

  @Test func anUnfinishedSequenceIsDroppedAfterTheTimeout() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(D.bytes("\u{1B}[1;5"), now: .zero) == [])
    #expect(decoder.flush(now: .seconds(1)) == [])
    #expect(decoder.feed(D.bytes("x"), now: .seconds(2)) == [.character("x")])
  }

  @Test func theDeadlineMovesWithEachPieceOfASlowSequence() {
    var decoder = KeyDecoder(escapeTimeout: D.ms(40))
    _ = decoder.feed(D.bytes("\u{1B}[1"), now: D.ms(0))
    _ = decoder.feed(D.bytes(";5"), now: D.ms(30))
    #expect(decoder.pendingDeadline == D.ms(70))
    #expect(decoder.feed(D.bytes("A"), now: D.ms(60)) == [.special(.up, .control)])
  }

  // MARK: - Paste

  @Test func aBracketedPasteIsOneKeyWithLineBreaksAsSpaces() {
    let keys = D.decode("\u{1B}[200~广州\r\nShenzhen\tx\u{1B}[201~q")
    #expect(keys == [.paste("广州 Shenzhen x"), .character("q")])
  }

  @Test func escapeInsideAPasteIsRemovedNotObeyed() {
    let keys = D.decode("\u{1B}[200~a\u{1B}[31mb\u{1B}[2Jc\u{07}\u{1B}[201~")
    #expect(keys == [.paste("a[31mb[2Jc")])
  }

  @Test func aPartialEndMarkerInsideAPasteIsText() {
    #expect(D.decode("\u{1B}[200~x\u{1B}[20y\u{1B}[201~") == [.paste("x[20y")])
    #expect(D.decode("\u{1B}[200~\u{1B}\u{1B}[201~") == [.paste("")])
  }

  @Test func aPasteSplitAtAnyByteGivesTheSamePaste() {
    let bytes = D.bytes("a\u{1B}[200~粘贴 text\u{1B}[201~b")
    let expected: [Key] = [.character("a"), .paste("粘贴 text"), .character("b")]
    #expect(D.decode(bytes) == expected)
    for cut in 1..<bytes.count {
      #expect(D.decode(pieces: [Array(bytes[..<cut]), Array(bytes[cut...])]) == expected)
    }
  }

  @Test func aHugePasteIsCappedAndItsEndStillFound() {
    var decoder = KeyDecoder(maximumPasteBytes: 100)
    var keys = decoder.feed(D.bytes("\u{1B}[200~"), now: .zero)
    for _ in 0..<1000 { keys += decoder.feed(Array(repeating: 0x61, count: 1000), now: .zero) }
    #expect(decoder.pendingByteCount <= 100)
    keys += decoder.feed(D.bytes("\u{1B}[201~z"), now: .zero)
    #expect(keys == [.paste(String(repeating: "a", count: 100)), .character("z")])
  }

  @Test func aPasteWhoseEndNeverComesEndsAfterThePasteTimeout() {
    var decoder = KeyDecoder(pasteTimeout: .seconds(1))
    #expect(decoder.feed(D.bytes("\u{1B}[200~abc\u{1B}[2"), now: .zero) == [])
    #expect(decoder.flush(now: D.ms(999)) == [])
    #expect(decoder.flush(now: .seconds(1)) == [.paste("abc[2")])
    #expect(decoder.feed(D.bytes("x"), now: .seconds(2)) == [.character("x")])
  }

  // MARK: - Mouse

  @Test func sgrMouseReportsBecomeMouseEventsWithOneBasedPositions() {
    let keys = D.decode(
      "\u{1B}[<0;10;5M\u{1B}[<0;10;5m\u{1B}[<64;3;4M\u{1B}[<65;3;4M\u{1B}[<2;100;30M"
        + "\u{1B}[<32;11;5M\u{1B}[<35;12;6M\u{1B}[<16;1;1M")
    #expect(
      keys == [
        .mouse(MouseEvent(.press(.left), column: 10, row: 5)),
        .mouse(MouseEvent(.release(.left), column: 10, row: 5)),
        .mouse(MouseEvent(.wheelUp, column: 3, row: 4)),
        .mouse(MouseEvent(.wheelDown, column: 3, row: 4)),
        .mouse(MouseEvent(.press(.right), column: 100, row: 30)),
        .mouse(MouseEvent(.drag(.left), column: 11, row: 5)),
        .mouse(MouseEvent(.move, column: 12, row: 6)),
        .mouse(MouseEvent(.press(.left), column: 1, row: 1, modifiers: .control)),
      ])
  }

  @Test func malformedMouseReportsAreDropped() {
    #expect(
      D.decode("\u{1B}[<0;0;5M\u{1B}[<0;5Mx\u{1B}[<0;1;1;1M\u{1B}[<128;1;1M") == [.character("x")])
  }

  @Test func legacyMouseReportsAreDroppedWithTheirThreeBytes() {
    #expect(D.decode("\u{1B}[M !!x") == [.character("x")])
  }

  // MARK: - Things that are not keys

  @Test func focusReportsAreIgnored() {
    #expect(D.decode("a\u{1B}[Ib\u{1B}[Oc") == D.characters("abc"))
  }

  @Test func unknownSequencesAreConsumedWholeAndDropped() {
    let input =
      "a\u{1B}[99xb\u{1B}[?1;2cc\u{1B}[12;40Rd\u{1B}[>0;276;0ce\u{1B}[1;2;3;4;5;6~f"
      + "\u{1B}[99~g\u{1B}[[zh\u{1B}O9zi\u{1B}[200;5~j"
    #expect(D.decode(input) == D.characters("abcdefghij"))
  }

  @Test func terminalStringRepliesAreDropped() {
    let input =
      "a\u{1B}]11;rgb:0000/0000/0000\u{1B}\\b\u{1B}]0;title\u{07}c\u{1B}P1$r0m\u{1B}\\d"
      + "\u{1B}_apc\u{1B}\\e"
    #expect(D.decode(input) == D.characters("abcde"))
  }

  @Test func anEscapeInsideASequenceStartsANewOne() {
    #expect(D.decode("\u{1B}[1;\u{1B}[B") == [.down])
    #expect(D.decode("\u{1B}[1;\u{18}x") == [.character("x")])
  }

  @Test func anEndlessSequenceIsDroppedWithoutGrowingTheBuffer() {
    var decoder = KeyDecoder()
    var keys = decoder.feed(D.bytes("\u{1B}["), now: .zero)
    for _ in 0..<1000 {
      keys += decoder.feed(Array(repeating: UInt8(ascii: "1"), count: 1000), now: .zero)
      #expect(decoder.pendingByteCount <= 64)
    }
    keys += decoder.feed(D.bytes("~x"), now: .zero)
    #expect(keys == [.character("x")])
  }

  @Test func anEndlessStringIsDroppedWithoutGrowingTheBuffer() {
    var decoder = KeyDecoder()
    var keys = decoder.feed(D.bytes("\u{1B}]"), now: .zero)
    for _ in 0..<100 {
      keys += decoder.feed(Array(repeating: UInt8(ascii: "a"), count: 1000), now: .zero)
    }
    #expect(decoder.pendingByteCount == 0)
    keys += decoder.feed([0x07] + D.bytes("x"), now: .zero)
    #expect(keys == [.character("x")])
  }

  @Test func c1ControlsEncodedInUTF8AreNotText() {
    #expect(D.decode("a\u{9B}31mb\u{85}") == D.characters("a31mb"))
  }

  // MARK: - Invalid UTF-8

  @Test func invalidUTF8BecomesReplacementCharacters() {
    #expect(D.decode([0xFF, 0x41]) == D.characters("\u{FFFD}A"))
    #expect(D.decode([0xC0, 0x80]) == D.characters("\u{FFFD}\u{FFFD}"))  // overlong
    #expect(D.decode([0xED, 0xA0, 0x80]) == D.characters("\u{FFFD}\u{FFFD}\u{FFFD}"))  // surrogate
    #expect(D.decode([0xE4, 0xB8, 0x41]) == D.characters("\u{FFFD}A"))  // cut short
    #expect(D.decode([0xF4, 0x90, 0x80, 0x80]).count == 4)  // above U+10FFFF
  }

  @Test func aPartialCharacterLeftOverBecomesOneReplacementAfterTheTimeout() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x41, 0xE5, 0xB9], now: .zero) == [.character("A")])
    #expect(decoder.flush(now: .seconds(1)) == [.character("\u{FFFD}")])
  }

  @Test func randomBytesNeverYieldControlCharactersInText() {
    var random = SeededGenerator(seed: 13)
    var decoder = KeyDecoder()
    var keys: [Key] = []
    var now = Duration.zero
    for _ in 0..<2000 {
      let count = Int.random(in: 0...12, using: &random)
      let bytes = (0..<count).map { _ in
        // Lean towards ESC, `[` and digits so sequences are common.
        let pick = Int.random(in: 0..<4, using: &random)
        return pick == 0
          ? [0x1B, 0x5B, 0x3B, 0x31, 0x7E, 0x3C][Int.random(in: 0..<6, using: &random)]
          : UInt8.random(in: 0...255, using: &random)
      }
      now += .milliseconds(Int.random(in: 0...60, using: &random))
      keys += decoder.feed(bytes, now: now)
      #expect(decoder.pendingByteCount <= 64)
    }
    keys += decoder.flush(now: now + .seconds(5))
    for key in keys {
      let text: String
      switch key {
      case .character(let character), .alt(let character): text = String(character)
      case .paste(let pasted): text = pasted
      default: continue
      }
      #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
    }
    #expect(keys.count > 1000)
  }

  @Test func aMixedStreamSplitAtAnyByteOrFedByteByByteGivesTheSameKeys() {
    let input =
      "a广\u{1B}[A\u{1B}[1;5C\u{1B}OP\u{1B}[200~粘贴\u{1B}[201~\u{1B}[<0;3;4M\u{1B}[15~é"
      + "\u{1B}x\u{1B}[I\u{1B}]0;t\u{07}\u{1B}[99x\r\u{7F}\u{03}😀"
    let bytes = D.bytes(input)
    let expected: [Key] = [
      .character("a"), .character("广"), .up, .special(.right, .control), .function(1),
      .paste("粘贴"), .mouse(MouseEvent(.press(.left), column: 3, row: 4)), .function(5),
      .character("é"), .alt("x"), .enter, .backspace, .control("c"), .character("😀"),
    ]
    #expect(D.decode(bytes) == expected)
    for cut in 1..<bytes.count {
      #expect(
        D.decode(pieces: [Array(bytes[..<cut]), Array(bytes[cut...])]) == expected, "cut \(cut)")
    }
    #expect(D.decode(pieces: bytes.map { [$0] }) == expected)
  }
}
