import TextSupport

/// Invisible marks that travel inside laid-out text through wrapping and table layout,
/// then are taken out to say where each link's text, its `[n]` and each anchor landed.
/// They are format characters the sanitiser removes from page text (so a page cannot
/// forge them) and that take no cells (so they never change where lines wrap); each
/// carries a number in variation selectors, which take no cells either.
enum LinkMarks {
  /// Link `n`'s text begins.
  static let linkStart: Unicode.Scalar = "\u{2061}"
  /// The open link's text pauses at the end of a line (it goes on at the next line).
  static let linkPause: Unicode.Scalar = "\u{2062}"
  /// Ends the number of a mark.
  static let numberEnd: Unicode.Scalar = "\u{2063}"
  /// Link `n`'s text ends and its `[n]` follows.
  static let markStart: Unicode.Scalar = "\u{2064}"
  /// Anchor number `n` lands here.
  static let anchor: Unicode.Scalar = "\u{206A}"

  /// The UTF-8 of a mark carrying `number`.
  static func encoded(_ lead: Unicode.Scalar, _ number: Int) -> [UInt8] {
    var scalars = String.UnicodeScalarView()
    scalars.append(lead)
    for digit in String(number, radix: 16).unicodeScalars {
      let value =
        digit.properties.numericType != nil
        ? digit.value - 0x30 : digit.value - 0x61 + 10
      scalars.append(Unicode.Scalar(0xFE00 + value) ?? "\u{FE00}")
    }
    scalars.append(numberEnd)
    return Array(String(scalars).utf8)
  }

  /// Makes every line stand alone: a link open at the end of a line pauses there and
  /// starts again on the next, so table columns may interleave lines freely.
  static func balance(_ lines: [String]) -> [String] {
    guard lines.count > 1 else { return lines }
    var out: [String] = []
    out.reserveCapacity(lines.count)
    var open: Int?
    for line in lines {
      var text = line
      if let number = open {
        text = String(decoding: encoded(linkStart, number), as: UTF8.self) + text
      }
      var scalars = Array(text.unicodeScalars)[...]
      while let scalar = scalars.popFirst() {
        switch scalar {
        case linkStart:
          open = readNumber(&scalars)
        case markStart:
          _ = readNumber(&scalars)
          open = nil
        case anchor:
          _ = readNumber(&scalars)
        case linkPause:
          open = nil
        default: break
        }
      }
      if open != nil { text.unicodeScalars.append(linkPause) }
      out.append(text)
    }
    return out
  }

  private static func readNumber(_ scalars: inout ArraySlice<Unicode.Scalar>) -> Int {
    var value = 0
    while let scalar = scalars.popFirst(), scalar != numberEnd {
      if scalar.value >= 0xFE00 && scalar.value <= 0xFE0F {
        value = value &* 16 &+ Int(scalar.value - 0xFE00)
      }
    }
    return value
  }

  /// The lines without their marks, where each link occurrence and anchor landed.
  static func extract(_ lines: [String]) -> (
    lines: [String], placements: [LinkPlacement], anchors: [Int: Int]
  ) {
    var out: [String] = []
    out.reserveCapacity(lines.count)
    var placements: [LinkPlacement] = []
    var unmarked: [Int: Int] = [:]
    var anchors: [Int: Int] = [:]
    for (lineIndex, line) in lines.enumerated() {
      guard line.unicodeScalars.contains(where: isMark) else {
        out.append(line)
        continue
      }
      var clean = String.UnicodeScalarView()
      var column = 0
      var waiting: Int?
      var open: (number: Int, start: Int)?
      var scalars = Array(line.unicodeScalars)[...]

      func occurrence(_ number: Int) -> Int {
        if let index = unmarked[number] { return index }
        placements.append(LinkPlacement(number: number))
        unmarked[number] = placements.count - 1
        return placements.count - 1
      }
      func close() {
        if let (number, start) = open, column > start {
          placements[occurrence(number)].text.append(
            LineSpan(line: lineIndex, columns: start..<column))
        }
        open = nil
        waiting = nil
      }

      while let scalar = scalars.popFirst() {
        switch scalar {
        case linkStart:
          waiting = readNumber(&scalars)
        case linkPause:
          close()
        case markStart:
          let number = readNumber(&scalars)
          close()
          let index = occurrence(number)
          let width = String(number).count + 2
          placements[index].mark = LineSpan(line: lineIndex, columns: column..<column + width)
          unmarked[number] = nil
        case anchor:
          anchors[readNumber(&scalars)] = lineIndex
        default:
          if let number = waiting, scalar != " " {
            open = (number, column)
            waiting = nil
          }
          clean.append(scalar)
          column += TerminalText.width(of: scalar)
        }
      }
      close()
      var text = String(clean)
      while text.last == " " { text.removeLast() }
      out.append(text)
    }
    return (out, placements, anchors)
  }

  /// `text` without its marks or `[n]`s, whitespace collapsed: what a reader sees of it.
  static func plainText(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      switch scalar {
      case linkStart, anchor: _ = readNumber(&scalars)
      case markStart:
        _ = readNumber(&scalars)
        while let next = scalars.popFirst(), next != "]" {}
      case linkPause: continue
      default: out.append(scalar)
      }
    }
    return String(out).split(separator: " ").joined(separator: " ")
  }

  private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case linkStart, linkPause, markStart, anchor: return true
    default: return false
    }
  }
}
