import TestFixtures
import Testing

@testable import PageReader
@testable import TextSupport

/// The invisible marks laid-out text carries: their bytes, and taking them out again.
@Suite struct LinkMarksTests {
  /// The mark as its definition reads: the lead, U+FE00 + each hex digit, the end.
  private func reference(_ lead: Unicode.Scalar, _ number: Int) -> [UInt8] {
    var scalars = String.UnicodeScalarView()
    scalars.append(lead)
    for digit in String(number, radix: 16).utf8 {
      let value = digit <= 0x39 ? UInt32(digit - 0x30) : UInt32(digit - 0x61 + 10)
      scalars.append(Unicode.Scalar(0xFE00 + value)!)
    }
    scalars.append(LinkMarks.numberEnd)
    return Array(String(scalars).utf8)
  }

  @Test func marksAreTheLeadTheHexDigitsAsVariationSelectorsAndTheEnd() {
    for number in Array(0...300) + [4095, 4096, 65_535, 1_000_000, Int.max] {
      for lead in [LinkMarks.linkStart, LinkMarks.markStart, LinkMarks.anchor] {
        #expect(LinkMarks.encoded(lead, number) == reference(lead, number), "\(number)")
        var appended: [UInt8] = [0x41]
        LinkMarks.append(lead, number, to: &appended)
        #expect(appended == [0x41] + reference(lead, number), "\(number)")
      }
    }
  }

  /// `balance` as it was first written, every line decoded scalar by scalar.
  private func referenceBalance(_ lines: [String]) -> [String] {
    guard lines.count > 1 else { return lines }
    var out: [String] = []
    var open: Int?
    for line in lines {
      var text = line
      if let number = open {
        text =
          String(decoding: LinkMarks.encoded(LinkMarks.linkStart, number), as: UTF8.self) + text
      }
      var scalars = Array(text.unicodeScalars)[...]
      func number() -> Int {
        var value = 0
        while let scalar = scalars.popFirst(), scalar != LinkMarks.numberEnd {
          if (0xFE00...0xFE0F).contains(scalar.value) {
            value = value * 16 + Int(scalar.value - 0xFE00)
          }
        }
        return value
      }
      while let scalar = scalars.popFirst() {
        switch scalar {
        case LinkMarks.linkStart: open = number()
        case LinkMarks.markStart, LinkMarks.linkPause:
          if scalar == LinkMarks.markStart { _ = number() }
          open = nil
        case LinkMarks.anchor: _ = number()
        default: break
        }
      }
      if open != nil { text.unicodeScalars.append(LinkMarks.linkPause) }
      out.append(text)
    }
    return out
  }

  @Test func balancingSkipsLinesWithoutMarksAndAgreesWithTheScalarRule() {
    func mark(_ lead: Unicode.Scalar, _ number: Int) -> String {
      String(decoding: LinkMarks.encoded(lead, number), as: UTF8.self)
    }
    let pieces = [
      "word ", "广州 ", "— ", "“quoted” ", mark(LinkMarks.linkStart, 3),
      mark(LinkMarks.markStart, 3) + "[3]",
      mark(LinkMarks.anchor, 12), mark(LinkMarks.linkStart, 300),
    ]
    var random = SeededGenerator(seed: 42, algorithm: .xorshift64)
    for _ in 0..<500 {
      let lines = (0..<Int.random(in: 1...8, using: &random)).map { _ in
        (0..<Int.random(in: 0..<16, using: &random)).map { _ in
          pieces.randomElement(using: &random)!
        }.joined()
      }
      #expect(LinkMarks.balance(lines) == referenceBalance(lines), "\(lines)")
    }
  }

  @Test func decimalDigitsAreStringsOwn() {
    for number in Array(-12...1_200) + [9_999, 10_000, 99_999_999, Int.max, Int.min] {
      var bytes: [UInt8] = []
      LinkMarks.appendDecimal(number, to: &bytes)
      #expect(bytes == Array(String(number).utf8), "\(number)")
    }
  }

  @Test func extractingGivesTheCleanLineAndWhereTheLinkAndItsNumberLanded() {
    let start = String(decoding: LinkMarks.encoded(LinkMarks.linkStart, 12), as: UTF8.self)
    let mark = String(decoding: LinkMarks.encoded(LinkMarks.markStart, 12), as: UTF8.self)
    let anchor = String(decoding: LinkMarks.encoded(LinkMarks.anchor, 3), as: UTF8.self)
    let line = "去 \(start) 广州市\(mark)[12] 吧\(anchor)  "
    let (lines, placements, anchors) = LinkMarks.extract([line, "plain"])
    #expect(lines == ["去  广州市[12] 吧", "plain"])
    #expect(placements.count == 1)
    #expect(placements.first?.number == 12)
    // "去 " is 3 cells, then the space after the start mark: the text starts at 4.
    #expect(placements.first?.text == [LineSpan(line: 0, columns: 4..<10)])
    #expect(placements.first?.mark == LineSpan(line: 0, columns: 10..<14))
    #expect(anchors == [3: 0])
  }
}
