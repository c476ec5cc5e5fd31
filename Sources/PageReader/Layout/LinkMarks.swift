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

  /// The UTF-8 of a mark carrying `number`: the lead scalar, a variation selector
  /// U+FE00+d (EF B8 80+d) per hex digit d, then `numberEnd`. Built as bytes: this runs
  /// once per link occurrence.
  static func encoded(_ lead: Unicode.Scalar, _ number: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(3 + 3 * 4 + 3)
    append(lead, number, to: &bytes)
    return bytes
  }

  /// `encoded`, appended to `bytes` without a buffer of its own (a page has thousands).
  static func append(_ lead: Unicode.Scalar, _ number: Int, to bytes: inout [UInt8]) {
    appendUTF8(lead, to: &bytes)
    let value = max(0, number)
    var shift = 0
    while shift + 4 < Int.bitWidth - 1, value >> (shift + 4) > 0 { shift += 4 }
    while shift >= 0 {
      bytes.append(0xEF)
      bytes.append(0xB8)
      bytes.append(0x80 + UInt8((value >> shift) & 0xF))
      shift -= 4
    }
    appendUTF8(numberEnd, to: &bytes)
  }

  /// `number` in decimal ASCII digits, appended to `bytes`.
  static func appendDecimal(_ number: Int, to bytes: inout [UInt8]) {
    guard number > 0 else {
      if number == 0 { bytes.append(0x30) } else { bytes.append(contentsOf: String(number).utf8) }
      return
    }
    var divisor = 1
    while divisor <= number / 10 { divisor *= 10 }
    while divisor > 0 {
      bytes.append(0x30 + UInt8(number / divisor % 10))
      divisor /= 10
    }
  }

  private static func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
    UTF8.encode(scalar) { bytes.append($0) }
  }

  /// Whether `line` holds one of the lead scalars, U+2061–2064 or U+206A (E2 81 A1–A4, AA).
  static func hasLeadScalar(_ line: String) -> Bool {
    var line = line
    return line.withUTF8 { bytes in
      var index = 0
      while index + 2 < bytes.count {
        if bytes[index] == 0xE2, bytes[index + 1] == 0x81,
          (0xA1...0xA4).contains(bytes[index + 2]) || bytes[index + 2] == 0xAA
        {
          return true
        }
        index += 1
      }
      return false
    }
  }

  /// Makes every line stand alone: a link open at the end of a line pauses there and
  /// starts again on the next, so table columns may interleave lines freely.
  static func balance(_ lines: [String]) -> [String] {
    guard lines.count > 1 else { return lines }
    var open: Int?
    return balance(lines, open: &open)
  }

  /// `balance` of a block's lines a batch at a time: `open` is the link left open at the
  /// end of the batch before (nil for a block's first), and after this one.
  static func balance(_ lines: [String], open: inout Int?) -> [String] {
    var out: [String] = []
    out.reserveCapacity(lines.count)
    for line in lines {
      // A line without a lead scalar, with no link open, is left as it is: most lines
      // of a page, which were decoded scalar by scalar before.
      if open == nil && !hasLeadScalar(line) {
        out.append(line)
        continue
      }
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
    lines: TextLines, placements: [LinkPlacement], anchors: [Int: Int]
  ) {
    var extractor = Extractor()
    var out = TextLines()
    extractor.take(lines, from: 0, into: &out)
    return (out, extractor.placements, extractor.anchors)
  }

  /// Takes the marks out of lines a batch at a time, as a layout settles them: a link
  /// whose text a batch ends in the middle of goes on in the next, as in one batch.
  /// Works on the UTF-8: the text between marks is copied and measured a run at a time
  /// (every mark is E2 81 xx, its digits EF B8 8x), which on a page of thousands of links
  /// is several times quicker than rebuilding each line scalar by scalar.
  struct Extractor {
    /// Each link occurrence: where its text and its `[n]` landed.
    private(set) var placements: [LinkPlacement] = []
    /// The line each anchor landed on.
    private(set) var anchors: [Int: Int] = [:]
    /// The occurrence of each link whose `[n]` has not come yet.
    private var unmarked: [Int: Int] = [:]
    /// Where in the document's text the next line's bytes may begin (`TextLines.append(utf8:findingIn:)`).
    private var cursor = 0
    /// The hints not yet used: the line where a block began, and where its text is.
    private var hint = 0

    /// How far past `cursor` a line's text is looked for: past the whitespace and markup
    /// text a layout leaves out between two lines of a block.
    static let reach = 256

    /// Takes the marks out of `lines`, the first of which is line `firstLine` of the
    /// layout, and adds them to `out`. `hints` (in order of line) say where in the
    /// document's text a block's first line came from: a line found there is held as a
    /// reference to it (when `out` has the document's text as its source).
    mutating func take(
      _ lines: some Collection<String>, from firstLine: Int, into out: inout TextLines,
      hints: [(line: Int, offset: Int)] = []
    ) {
      var clean: [UInt8] = []
      hint = 0
      for (offset, line) in lines.enumerated() {
        let lineIndex = firstLine + offset
        while hint < hints.count, hints[hint].line <= lineIndex {
          if hints[hint].line == lineIndex { cursor = hints[hint].offset }
          hint += 1
        }
        var line = line
        line.withUTF8 { bytes in
          guard let first = LinkMarks.nextMark(in: bytes, from: 0) else {
            append(bytes, to: &out)
            return
          }
          clean.removeAll(keepingCapacity: true)
          take(bytes, first: first, line: lineIndex, into: &clean)
          while clean.last == 0x20 { clean.removeLast() }
          clean.withUnsafeBufferPointer { append($0, to: &out) }
        }
      }
    }

    /// Adds a clean line, found in the document's text near `cursor` where it can be.
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout TextLines) {
      guard !bytes.isEmpty else {
        out.append(utf8: bytes)
        return
      }
      let candidates = cursor..<(cursor + Self.reach + bytes.count)
      if let end = out.append(utf8: bytes, findingIn: candidates) { cursor = end }
    }

    private mutating func occurrence(_ number: Int) -> Int {
      if let index = unmarked[number] { return index }
      placements.append(LinkPlacement(number: number))
      unmarked[number] = placements.count - 1
      return placements.count - 1
    }

    private mutating func take(
      _ bytes: UnsafeBufferPointer<UInt8>, first: Int, line lineIndex: Int,
      into clean: inout [UInt8]
    ) {
      var column = 0
      var waiting: Int?
      var open: (number: Int, start: Int)?

      func close() {
        if let (number, start) = open, column > start {
          placements[occurrence(number)].text.append(
            LineSpan(line: lineIndex, columns: start..<column))
        }
        open = nil
        waiting = nil
      }
      func text(_ run: Slice<UnsafeBufferPointer<UInt8>>) {
        guard !run.isEmpty else { return }
        if let number = waiting {
          let spaces = run.prefix { $0 == 0x20 }.count
          if spaces < run.count {
            open = (number, column + spaces)
            waiting = nil
          }
        }
        clean.append(contentsOf: run)
        column += TerminalText.width(String(decoding: run, as: UTF8.self))
      }

      var index = 0
      var markAt: Int? = first
      while let at = markAt {
        text(bytes[index..<at])
        let kind = bytes[at + 2]
        index = at + 3
        switch kind {
        case 0xA1:  // linkStart
          waiting = LinkMarks.readNumber(bytes, &index)
        case 0xA2:  // linkPause
          close()
        case 0xA4:  // markStart
          let number = LinkMarks.readNumber(bytes, &index)
          close()
          let slot = occurrence(number)
          let width = String(number).count + 2
          placements[slot].mark = LineSpan(line: lineIndex, columns: column..<column + width)
          unmarked[number] = nil
        default:  // anchor
          anchors[LinkMarks.readNumber(bytes, &index)] = lineIndex
        }
        markAt = LinkMarks.nextMark(in: bytes, from: index)
      }
      text(bytes[index...])
      close()
    }
  }

  /// Where the next mark (U+2061, U+2062, U+2064 or U+206A: E2 81 A1/A2/A4/AA) begins.
  fileprivate static func nextMark(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var index = start
    while index + 2 < bytes.count {
      if bytes[index] == 0xE2, bytes[index + 1] == 0x81 {
        switch bytes[index + 2] {
        case 0xA1, 0xA2, 0xA4, 0xAA: return index
        default: break
        }
      }
      index += 1
    }
    return nil
  }

  /// The number after a mark's lead: its digits (EF B8 80–8F) up to `numberEnd` (E2 81 A3),
  /// other bytes skipped, as `readNumber` does for scalars.
  fileprivate static func readNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Int
  {
    var value = 0
    while index < bytes.count {
      if index + 2 < bytes.count, bytes[index] == 0xE2, bytes[index + 1] == 0x81,
        bytes[index + 2] == 0xA3
      {
        index += 3
        break
      }
      if index + 2 < bytes.count, bytes[index] == 0xEF, bytes[index + 1] == 0xB8,
        (0x80...0x8F).contains(bytes[index + 2])
      {
        value = value &* 16 &+ Int(bytes[index + 2] - 0x80)
        index += 3
      } else {
        index += 1
      }
    }
    return value
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
}
