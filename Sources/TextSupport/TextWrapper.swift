/// Word wrapping measured in terminal cells: CJK counts two cells and may break between
/// any two characters, Latin words break only at spaces (or are hard-split when longer
/// than a line), and closing punctuation never starts a line.
public enum TextWrapper {
  /// Wraps `text` to lines of at most `width` cells. Line feeds start a new line; other
  /// whitespace runs are one breakable space. The text should already be sanitised.
  public static func wrap(_ text: String, width: Int) -> [String] {
    wrap(text, width: width, firstLinePrefix: "", prefix: "")
  }

  /// Paragraphs longer than this are wrapped a piece at a time: the work arrays cost
  /// about 13 bytes a character, which a hostile 5 MB word would make 65 MB.
  static let pieceBytes = 1 << 16

  /// As `wrap(_:width:)`, with `firstLinePrefix` before the first line (a list marker)
  /// and `prefix` before the others (an indent); `width` includes the prefixes.
  public static func wrap(
    _ text: String, width: Int, firstLinePrefix: String, prefix: String
  ) -> [String] {
    guard text.utf8.count > pieceBytes else {
      return wrapWhole(text, width: width, firstLinePrefix: firstLinePrefix, prefix: prefix)
    }
    var lines: [String] = []
    var pieces = Pieces(width: width, firstLinePrefix: firstLinePrefix, prefix: prefix)
    var rest = Substring(text)
    while !rest.isEmpty {
      let piece = nextPiece(of: &rest)
      lines +=
        rest.isEmpty
        ? pieces.finish(piece.text)
        : pieces.add(piece.text, endsWord: piece.endsWord, endsLine: piece.endsLine)
    }
    return lines
  }

  /// A paragraph wrapped a piece at a time, as it arrives (a page's text of megabytes
  /// with nowhere to break a block: its lines are made and written as it is read, never
  /// held at once). The lines are those `wrap` makes of the pieces joined.
  public struct Pieces: Sendable {
    private let width: Int
    private let prefix: String
    /// The unfinished last line of the piece before, without its prefix: it is wrapped
    /// again at the head of the next piece, so the pieces join as if never cut.
    private var carry = ""
    private var carryPrefix: String

    /// A paragraph as `wrap(_:width:firstLinePrefix:prefix:)` takes it.
    public init(width: Int, firstLinePrefix: String, prefix: String) {
      self.width = width
      self.prefix = prefix
      carryPrefix = firstLinePrefix
    }

    /// Takes the next piece, which was cut just before a space (`endsWord`), a line feed
    /// (`endsLine`) or neither (inside a word); the lines finished by it.
    public mutating func add(_ piece: String, endsWord: Bool, endsLine: Bool) -> [String] {
      var wrapped = TextWrapper.wrapWhole(
        carry + piece, width: width, firstLinePrefix: carryPrefix, prefix: prefix)
      carry = ""
      if !endsLine, let last = wrapped.popLast() {
        let linePrefix = wrapped.isEmpty ? carryPrefix : prefix
        carry = String(last.dropFirst(linePrefix.count)) + (endsWord ? " " : "")
        carryPrefix = linePrefix
      } else {
        carryPrefix = prefix
      }
      return wrapped
    }

    /// Takes the last piece; the paragraph's remaining lines.
    public mutating func finish(_ piece: String) -> [String] {
      let wrapped = TextWrapper.wrapWhole(
        carry + piece, width: width, firstLinePrefix: carryPrefix, prefix: prefix)
      carry = ""
      carryPrefix = prefix
      return wrapped
    }
  }

  /// Where to cut the next piece of `bytes` (UTF-8) from `start`: about `pieceBytes` on,
  /// just before a space or line feed when one is near, else at a character's start. The
  /// piece ends at `end`; the text goes on at `next` (past the space or line feed cut at).
  public static func pieceCut(in bytes: [UInt8], from start: Int) -> (
    end: Int, next: Int, endsWord: Bool, endsLine: Bool
  ) {
    guard bytes.count - start > pieceBytes else { return (bytes.count, bytes.count, false, false) }
    var cut = start + pieceBytes
    while cut > start && bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
    let limit = min(bytes.count, cut + 4096)
    for probe in cut..<limit where bytes[probe] == 0x20 || bytes[probe] == 0x0A {
      return (probe, probe + 1, bytes[probe] == 0x20, bytes[probe] == 0x0A)
    }
    return (cut, cut, false, false)
  }

  /// The next piece of about `pieceBytes`, cut after a space or line feed where one is near,
  /// else between two characters; `endsWord`: a space was cut, `endsLine`: a line feed was.
  private static func nextPiece(of rest: inout Substring) -> (
    text: String, endsWord: Bool, endsLine: Bool
  ) {
    let utf8 = rest.utf8
    guard utf8.count > pieceBytes else {
      defer { rest = rest[rest.endIndex...] }
      return (String(rest), false, false)
    }
    var cut = utf8.index(utf8.startIndex, offsetBy: pieceBytes)
    // Back to a scalar boundary (off UTF-8 continuation bytes), then on to the next
    // space within a little way.
    while cut > utf8.startIndex && utf8[cut] & 0xC0 == 0x80 {
      cut = utf8.index(before: cut)
    }
    var probe = cut
    let limit = utf8.index(cut, offsetBy: 4096, limitedBy: utf8.endIndex) ?? utf8.endIndex
    while probe < limit {
      let byte = utf8[probe]
      if byte == 0x20 || byte == 0x0A {
        let text = String(rest[..<probe])
        rest = rest[utf8.index(after: probe)...]
        return (text, byte == 0x20, byte == 0x0A)
      }
      probe = utf8.index(after: probe)
    }
    let text = String(rest[..<cut])
    rest = rest[cut...]
    return (text, false, false)
  }

  /// The unpieced wrap (internal: the tests hold the pieced one to it).
  static func wrapWhole(
    _ text: String, width: Int, firstLinePrefix: String, prefix: String
  ) -> [String] {
    var bytes = text
    if let lines = bytes.withUTF8({
      wrapNarrow($0, width: width, firstLinePrefix: firstLinePrefix, prefix: prefix)
    }) {
      return lines
    }
    return wrapScalars(text, width: width, firstLinePrefix: firstLinePrefix, prefix: prefix)
  }

  /// The lines being built, shared by both wraps: the line so far as UTF-8, the cells it
  /// uses, its limit, and whether a space is owed before the next unit.
  private struct Lines {
    var lines: [String] = []
    var line: [UInt8]
    var used = 0
    var limit: Int
    var pendingSpace = false
    let prefix: [UInt8]
    let restLimit: Int

    init(width: Int, firstLinePrefix: String, prefix: String) {
      line = Array(firstLinePrefix.utf8)
      limit = max(1, width - TerminalText.width(firstLinePrefix))
      self.prefix = Array(prefix.utf8)
      restLimit = max(1, width - TerminalText.width(prefix))
    }

    mutating func startLine() {
      lines.append(TextWrapper.finished(line))
      line.removeAll(keepingCapacity: true)
      line.append(contentsOf: prefix)
      used = 0
      limit = restLimit
      pendingSpace = false
    }

    /// Makes room for a unit `unitWidth` cells wide: the owed space on this line when
    /// the unit fits there, else a new line. False when the unit is wider than any line
    /// and must be split a character at a time (`fit` before each).
    mutating func room(for unitWidth: Int) -> Bool {
      let gap = pendingSpace ? 1 : 0
      pendingSpace = false
      if used + gap + unitWidth <= limit {
        if gap == 1 {
          line.append(0x20)
          used += 1
        }
        return true
      }
      if used > 0 { startLine() }
      return unitWidth <= restLimit
    }

    /// Before one character of a split unit: a new line when it would not fit.
    mutating func fit(_ cells: Int) {
      if used > 0, used + cells > limit { startLine() }
    }

    mutating func finish() -> [String] {
      if used > 0 { lines.append(TextWrapper.finished(line)) }
      return lines
    }
  }

  /// `wrapScalars` for text with nowhere to break inside a word: printable ASCII,
  /// separators, and any other character one cell wide or none (é, ’, “, —, a combining
  /// accent, the layout's invisible link marks), but no wide character, no-break or
  /// zero-width space. That is most text in Latin, Cyrillic or Greek script. There a unit
  /// is a run between separators, as wide as its characters' cells, so the text is
  /// wrapped as bytes, without the scalar, offset and cell arrays. Nil for other text.
  private static func wrapNarrow(
    _ bytes: UnsafeBufferPointer<UInt8>, width: Int, firstLinePrefix: String, prefix: String
  ) -> [String]? {
    func isSeparator(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    let count = bytes.count
    /// The character at `k`: its UTF-8 length and its cells, or nil when it is one this
    /// wrap does not take.
    func character(at k: Int) -> (length: Int, cells: Int)? {
      let byte = bytes[k]
      if byte < 0x80 {
        return (0x20..<0x7F).contains(byte) || isSeparator(byte) ? (1, 1) : nil
      }
      let length = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
      guard k + length <= count else { return nil }
      var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
      for next in 1..<length { value = value << 6 | UInt32(bytes[k + next] & 0x3F) }
      guard value != 0xA0, value != 0x202F, value != 0x200B, let scalar = Unicode.Scalar(value)
      else { return nil }
      let cells = TerminalText.width(of: scalar)
      return cells < 2 ? (length, cells) : nil
    }
    var k = 0
    while k < count {
      guard let found = character(at: k) else { return nil }
      k += found.length
    }
    var out = Lines(width: width, firstLinePrefix: firstLinePrefix, prefix: prefix)
    var i = 0
    while i < count {
      let byte = bytes[i]
      if byte == 0x0A {
        out.startLine()
        i += 1
        continue
      }
      if isSeparator(byte) {
        out.pendingSpace = out.used > 0
        i += 1
        continue
      }
      var end = i
      var unitWidth = 0
      while end < count, !isSeparator(bytes[end]) {
        if bytes[end] < 0x80 {
          end += 1
          unitWidth += 1
        } else {
          let found = character(at: end) ?? (1, 1)  // never nil: every character was looked at
          end += found.length
          unitWidth += found.cells
        }
      }
      if out.room(for: unitWidth) {
        out.line.append(contentsOf: bytes[i..<end])
        out.used += unitWidth
      } else {
        var k = i
        while k < end {
          let found = character(at: k) ?? (1, 1)
          out.fit(found.cells)
          out.line.append(contentsOf: bytes[k..<k + found.length])
          out.used += found.cells
          k += found.length
        }
      }
      i = end
    }
    return out.finish()
  }

  /// The scalar-by-scalar wrap (internal: the tests hold the narrow-text one to it).
  static func wrapScalars(
    _ text: String, width: Int, firstLinePrefix: String, prefix: String
  ) -> [String] {
    // Lines are built from UTF-8 slices of the text: appending scalars one by one to a
    // String is several times slower, and wrapping is most of the work of a page.
    let utf8 = Array(text.utf8)
    var scalars: [Unicode.Scalar] = []
    var offsets: [Int] = []
    scalars.reserveCapacity(utf8.count)
    offsets.reserveCapacity(utf8.count + 1)
    var offset = 0
    for scalar in text.unicodeScalars {
      scalars.append(scalar)
      offsets.append(offset)
      offset += UTF8.width(scalar)
    }
    offsets.append(offset)
    let cells = scalars.map { scalar -> UInt8 in
      // Printable ASCII without the call: most of a page's text.
      (0x20..<0x7F).contains(scalar.value) ? 1 : UInt8(TerminalText.width(of: scalar))
    }
    var out = Lines(width: width, firstLinePrefix: firstLinePrefix, prefix: prefix)

    func append(_ range: Range<Int>, width unitWidth: Int) {
      out.used += unitWidth
      guard range.contains(where: { isNoBreakSpace(scalars[$0]) }) else {
        out.line.append(contentsOf: utf8[offsets[range.lowerBound]..<offsets[range.upperBound]])
        return
      }
      // A no-break space did its work by joining the unit; on screen it is a space.
      for k in range {
        if isNoBreakSpace(scalars[k]) {
          out.line.append(0x20)
        } else {
          out.line.append(contentsOf: utf8[offsets[k]..<offsets[k + 1]])
        }
      }
    }

    var i = 0
    let count = scalars.count
    while i < count {
      let scalar = scalars[i]
      if scalar == "\n" {
        out.startLine()
        i += 1
        continue
      }
      if isBreakingSpace(scalar) {
        out.pendingSpace = out.used > 0
        i += 1
        continue
      }
      if scalar.value == 0x200B {
        out.pendingSpace = false
        i += 1
        continue
      }
      // An unbreakable unit: a Latin word, one CJK character, or either glued to
      // punctuation that must not start or end a line.
      var end = i + 1
      var unitWidth = Int(cells[i])
      while end < count, !isSeparator(scalars[end]),
        !canBreak(scalars[end - 1], scalars[end], cells[end - 1], cells[end])
      {
        unitWidth += Int(cells[end])
        end += 1
      }
      if out.room(for: unitWidth) {
        append(i..<end, width: unitWidth)
      } else {
        for k in i..<end {
          out.fit(Int(cells[k]))
          append(k..<k + 1, width: Int(cells[k]))
        }
      }
      i = end
    }
    return out.finish()
  }

  fileprivate static func finished(_ line: [UInt8]) -> String {
    var end = line.count
    while end > 0 && line[end - 1] == 0x20 { end -= 1 }
    return String(decoding: line[..<end], as: UTF8.self)
  }

  @inline(__always)
  private static func isNoBreakSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value == 0xA0 || scalar.value == 0x202F
  }

  @inline(__always)
  private static func isBreakingSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20, 0x09, 0x0B, 0x0C, 0x0D, 0x3000: return true
    default: return false
    }
  }

  @inline(__always)
  private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\n" || scalar.value == 0x200B || isBreakingSpace(scalar)
  }

  /// Whether a line may break between `before` and `after` (which are not spaces).
  static func canBreak(
    _ before: Unicode.Scalar, _ after: Unicode.Scalar, _ beforeCells: UInt8, _ afterCells: UInt8
  ) -> Bool {
    // Only a wide character next to another one makes a break; between two narrow ones
    // (inside a Latin word) there is none, whatever the punctuation rules say.
    guard afterCells != 0, beforeCells == 2 || afterCells == 2 else { return false }
    switch before.value {
    case 0x2060, 0xA0, 0x202F: return false
    default: break
    }
    switch after.value {
    case 0x2060, 0xA0, 0x202F: return false
    default: break
    }
    if isClosing(after) || isOpening(before) { return false }
    return beforeCells == 2 || afterCells == 2
  }

  /// Punctuation that must not begin a line (kinsoku): the character before it is
  /// carried down with it instead.
  static func isClosing(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    // `[` too, so that a link number such as `广州[12]` stays with its text.
    case 0x21, 0x25, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5B, 0x5D, 0x7D,  // ! % ) , . : ; ? [ ] }
      0xB7, 0x2019, 0x201D, 0x2025, 0x2026,  // · ’ ” ‥ …
      0x3001, 0x3002, 0x3005, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017,
      0x3019, 0x301B, 0x301E, 0x301F, 0x309D, 0x309E, 0x30FB, 0x30FC, 0x30FD, 0x30FE,
      0xFE50, 0xFE51, 0xFE52, 0xFE54, 0xFE55, 0xFE56, 0xFE57, 0xFE5A, 0xFE5C, 0xFE5E,
      0xFF01, 0xFF05, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D,
      0xFF60, 0xFF63:
      return true
    default:
      return false
    }
  }

  /// Punctuation that must not end a line: the character after it is kept with it.
  static func isOpening(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x28, 0x5B, 0x7B, 0x2018, 0x201C,  // ( [ { ‘ “
      0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D,
      0xFE59, 0xFE5B, 0xFE5D, 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62:
      return true
    default:
      return false
    }
  }
}
