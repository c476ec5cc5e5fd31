import TextSupport

/// The text side of laying out a document: collects inline text with whitespace
/// collapsed, and lays blocks out as lines (wrapping, indents, list markers, `pre`,
/// tables). Text arrives sanitised from the document; the link and anchor marks it adds
/// (`LinkMarks`) are taken out again by `finish()`.
struct HTMLLayout {
  /// What blocks nest: saved by the reader when an element changes it, restored at its end.
  struct Context {
    var indent = 0
    var listDepth = 0
    var markerColumn = 0
    var style = PageListStyle(numbering: .bullet)
    var nextNumber = 1
    var step = 1
    var labelWidth = 3
    var ordered: Bool { style.isOrdered }
  }

  let width: Int
  var context = Context()
  /// The lines laid out and not yet settled: those a block to come may still change.
  private(set) var lines: [String] = []
  /// The lines that can no longer change, marks taken out, held compactly
  /// (`settleIfDue`): a long page is never held as a string a line.
  private var settled = TextLines()
  /// The line of the whole layout `lines` begins with (the lines settled; a spilled
  /// layout counts from its last batch, which is what it returns).
  private var base = 0
  /// Lines were settled or spilled: there is text above `lines` (never a blank line last).
  private var linesAbove = false
  /// Takes the marks out of settled lines, where links and anchors land.
  private var marks = LinkMarks.Extractor()
  /// Where in the document's text the inline text began, and the first line of each
  /// block whose text began there (global line numbers, in order): a settled line that
  /// repeats the document's bytes is held as a reference to them (`TextLines(source:)`).
  private var inlineSource: Int?
  private var pendingHint: Int?
  private var sourceHints: [(line: Int, offset: Int)] = []
  /// How many lines gather before the settled ones leave `lines` (a window, which
  /// counts its lines as it goes, never settles).
  var settleLines = Int.max
  /// Takes the finished lines, marks removed, instead of `settled` (`settleIfDue`): a
  /// page written once (`--fetch`) is never held whole as lines. The line numbers of
  /// anchors, restart points and placements then mean nothing; such a layout is not
  /// scrolled.
  var spill: ((TextLines) -> Void)?
  /// Lines were handed to `spill`: the blank lines at the top were trimmed then.
  private var spilled = false
  /// Inline text of the current block (or table cell), as UTF-8.
  private var inline: [UInt8] = []
  private var pendingSpace = false
  /// The pending space came from a line feed in the source (and maybe other spaces).
  private var lineFeedOnly = false
  /// The pending space separates elements (table cells), so it is never dropped.
  private var structuralSpace = false
  private var pendingBlank = false
  /// A list item's marker, waiting for the item's first line.
  private var marker: String?
  /// The number of the link being read, until its `[n]` has been placed.
  private var openLink: Int?
  /// The open link is a citation mark, laid out without a `[n]`.
  private var bareLink = false
  /// A link whose text-start mark waits for the link's first visible character.
  private var pendingLinkStart: Int?
  /// Anchors met where no text was waiting: they land on the next line emitted.
  private var pendingAnchors: [Int] = []
  private(set) var anchorLines: [Int: Int] = [:]
  /// Restart points met where no text was waiting: they land on the next line emitted.
  private var pendingRestarts: [Int] = []
  /// Where the layout may start again (`RestartPoint`): an item and the line it begins.
  private(set) var restarts: [RestartPoint] = []
  private(set) var placements: [LinkPlacement] = []
  private var headingLevel = 0
  private var preDepth = 0
  private var preStart = false
  private var tableDepth = 0
  private var table = HTMLTableLayout()
  private var cellOpen = false
  /// What the inline text holds: alt text, page text.
  private var inlineAlt = false
  private var inlinePage = false
  /// The last block emitted, to drop an image's alt text that only repeats the heading
  /// beside it (a teaser's picture and its headline, linked alike).
  private var lastBlock: (text: String, lines: Range<Int>, altOnly: Bool, heading: Bool)?
  private var cellIsHeader = false
  private var scratch: [UInt8] = []
  /// A block whose inline text passed `longInline` is being laid out a piece at a time
  /// (`layOutLongInline`): its wrap so far, and the link open at the end of its lines.
  private var longWrap: TextWrapper.Pieces?
  private var openAcrossPieces: Int?
  /// A `pre` block is being laid out a piece at a time (`layOutLongPreserved`).
  private var preservedInPieces = false

  /// Inline text longer than this is laid out as it comes, all but its last piece, rather
  /// than gathered whole: a page of one long word, or one long `pre` line, was held as its
  /// text, a copy and a string a line at once (6× the page, where paragraphs cost 1.5×).
  static let longInline = 1 << 18

  init(width: Int) {
    self.width = max(1, width)
    inline.reserveCapacity(4096)
  }

  /// Settled lines that repeat `text` (the document's, which `text(_:in:)` is given)
  /// are held as references to it rather than as copies: on a page of paragraphs, most.
  mutating func referencing(_ text: [UInt8]) {
    settled = TextLines(source: text)
  }

  private var preserving: Bool { preDepth > 0 && tableDepth == 0 }

  /// Deep nesting indents no further than half the width, so text always has room.
  private var indentString: String {
    String(repeating: " ", count: min(context.indent, width / 2))
  }

  // MARK: - Inline text

  /// Text at `range` of `bytes`; `alt` when it is an image's alt text standing in for it.
  mutating func text(_ bytes: [UInt8], in range: Range<Int>, decodes: Bool, alt: Bool = false) {
    if inline.isEmpty { inlineSource = alt || decodes ? nil : range.lowerBound }
    if alt {
      inlineAlt = true
    } else if !inlinePage, bytes[range].contains(where: { !HTMLTokenizer.isSpace($0) }) {
      inlinePage = true
    }
    if preserving {
      appendPreserved(bytes, in: range, decodes: decodes)
      return
    }
    var i = range.lowerBound
    let end = range.upperBound
    while i < end {
      let byte = bytes[i]
      if byte == UInt8(ascii: "&"), decodes {
        scratch.removeAll(keepingCapacity: true)
        if let next = CharacterReferences.match(
          bytes, at: i, end: end, inAttribute: false, into: &scratch)
        {
          for decoded in scratch { appendCollapsing(decoded) }
          i = next
          continue
        }
      }
      appendCollapsing(byte)
      i += 1
    }
  }

  /// Text that is not in the markup as such (an image's alt text), already decoded.
  mutating func text(_ string: String) {
    if preserving {
      startPendingLink()
      inline.append(contentsOf: string.utf8)
    } else {
      for byte in string.utf8 { appendCollapsing(byte) }
    }
  }

  @inline(__always)
  private mutating func appendCollapsing(_ byte: UInt8) {
    if HTMLTokenizer.isSpace(byte) {
      if !pendingSpace { lineFeedOnly = false }
      pendingSpace = true
      if byte == 0x0A || byte == 0x0D { lineFeedOnly = !structuralSpace }
      return
    }
    if pendingSpace {
      // A line break in the source between two Chinese or Japanese characters is no
      // space at all, as CSS Text and Firefox treat it: those scripts do not use spaces.
      if !inline.isEmpty && !(lineFeedOnly && Self.isWideLead(byte) && endsWide()) {
        inline.append(0x20)
      }
      pendingSpace = false
      lineFeedOnly = false
      structuralSpace = false
    }
    if pendingLinkStart != nil { startPendingLink() }
    inline.append(byte)
    if inline.count >= Self.longInline, tableDepth == 0 { layOutLongInline() }
  }

  private mutating func startPendingLink() {
    guard let number = pendingLinkStart else { return }
    pendingLinkStart = nil
    LinkMarks.append(LinkMarks.linkStart, number, to: &inline)
  }

  /// Lead bytes of U+3000–U+9FFF (CJK punctuation, kana, ideographs; not Hangul).
  @inline(__always)
  private static func isWideLead(_ byte: UInt8) -> Bool {
    byte >= 0xE3 && byte <= 0xE9
  }

  private func endsWide() -> Bool {
    inline.count >= 3 && Self.isWideLead(inline[inline.count - 3])
  }

  private mutating func appendPreserved(_ bytes: [UInt8], in range: Range<Int>, decodes: Bool) {
    scratch.removeAll(keepingCapacity: true)
    var i = range.lowerBound
    while i < range.upperBound {
      if bytes[i] == UInt8(ascii: "&"), decodes,
        let next = CharacterReferences.match(
          bytes, at: i, end: range.upperBound, inAttribute: false, into: &scratch)
      {
        i = next
        continue
      }
      scratch.append(bytes[i])
      i += 1
      // A long text is taken a piece at a time, never copied whole; a CR waits for the LF
      // that may follow it.
      if scratch.count >= Self.longInline / 4, scratch.last != 0x0D { takePreserved() }
    }
    takePreserved()
  }

  /// Moves the decoded `pre` text in `scratch` to `inline`, line ends made line feeds.
  private mutating func takePreserved() {
    var k = 0
    // A newline straight after <pre> is not content.
    if preStart, !scratch.isEmpty {
      if scratch[0] == 0x0A {
        k = 1
      } else if scratch[0] == 0x0D {
        k = scratch.count > 1 && scratch[1] == 0x0A ? 2 : 1
      }
      preStart = false
    }
    if k < scratch.count { startPendingLink() }
    while k < scratch.count {
      let byte = scratch[k]
      if byte == 0x0D {
        inline.append(0x0A)
        if k + 1 < scratch.count, scratch[k + 1] == 0x0A { k += 1 }
      } else {
        inline.append(byte)
      }
      k += 1
    }
    scratch.removeAll(keepingCapacity: true)
    if inline.count >= Self.longInline, tableDepth == 0 { layOutLongPreserved() }
  }

  /// Lays out all but the last piece of a long block's inline text (`longInline`), which
  /// stays, so that the text is never empty while the block goes on; the lines go out as
  /// the layout's other lines do (`settleIfDue`). The block's first line, marker and
  /// prefixes are decided here as `flushInline` decides them.
  private mutating func layOutLongInline() {
    if longWrap == nil {
      let (first, rest) = blockPrefixes()
      longWrap = TextWrapper.Pieces(width: width, firstLinePrefix: first, prefix: rest)
      openAcrossPieces = nil
      pendingHint = inlineSource
      inlineSource = nil
    }
    var lines: [String] = []
    var start = 0
    while inline.count - start > Self.longInline / 2 {
      let cut = TextWrapper.pieceCut(in: inline, from: start)
      guard cut.next < inline.count else { break }
      let piece = String(decoding: inline[start..<cut.end], as: UTF8.self)
      lines += longWrap?.add(piece, endsWord: cut.endsWord, endsLine: cut.endsLine) ?? []
      start = cut.next
    }
    inline.removeSubrange(..<start)
    for line in LinkMarks.balance(lines, open: &openAcrossPieces) { emit(line) }
    pendingHint = nil
    settleIfDue(always: true)
  }

  /// `pre` text past `longInline`: its whole lines are laid out now; a line longer than
  /// that is broken where a piece ends (before an ASCII byte, so never inside a link mark,
  /// else at a character's start), as no terminal shows such a line anyway.
  private mutating func layOutLongPreserved() {
    let keep = Self.longInline / 4
    var take = inline.count - keep
    if let newline = inline[..<take].lastIndex(of: 0x0A) {
      take = newline + 1
    } else {
      while take > 0 {
        let byte = inline[take]
        if byte < 0x80 { break }
        // A character's first byte, not a mark's (U+2061–U+206A, U+FE00–U+FE0F: E2 81,
        // EF B8), whose scalars are never cut apart.
        let mark =
          (byte == 0xE2 && inline[take + 1] == 0x81) || (byte == 0xEF && inline[take + 1] == 0xB8)
        if byte & 0xC0 != 0x80 && !mark { break }
        take -= 1
      }
    }
    guard take > 0 else { return }
    let piece = Array(inline[..<take])
    inline.removeSubrange(..<take)
    preservedInPieces = true
    layOutPreserved(piece)
    settleIfDue(always: true)
  }

  /// Opens a numbered link: its `[n]` follows its text, at the end of the link or of
  /// the first block inside it that has text, whichever comes first.
  /// A `bare` link (a citation mark) is its own mark: its text is the link, no `[n]`.
  mutating func beginLink(_ number: Int, bare: Bool = false) {
    endLink()
    openLink = number
    pendingLinkStart = number
    bareLink = bare
  }

  mutating func endLink() {
    guard let number = openLink else { return }
    pendingLinkStart = nil
    if !preserving, pendingSpace, inline.isEmpty { clearSpace() }
    appendLinkNumber(number)
  }

  /// Puts the open link's number after the text about to be flushed, so that a link
  /// wrapping blocks (`<a><div>Title</div>…</a>`) is numbered right after its title.
  private mutating func placeLinkNumber() {
    guard let number = openLink, !inline.isEmpty else { return }
    appendLinkNumber(number)
  }

  private mutating func appendLinkNumber(_ number: Int) {
    openLink = nil
    pendingLinkStart = nil
    if bareLink {
      bareLink = false
      // U+2062 (linkPause): the link's text ends here, and no mark follows.
      inline.append(contentsOf: [0xE2, 0x81, 0xA2])
      return
    }
    LinkMarks.append(LinkMarks.markStart, number, to: &inline)
    inline.append(UInt8(ascii: "["))
    LinkMarks.appendDecimal(number, to: &inline)
    inline.append(UInt8(ascii: "]"))
  }

  private mutating func clearSpace() {
    pendingSpace = false
    lineFeedOnly = false
    structuralSpace = false
  }

  /// A word boundary that is not in the text: a block inside a table cell, say.
  mutating func separate() {
    pendingSpace = true
    lineFeedOnly = false
    structuralSpace = true
  }

  // MARK: - Blocks

  /// Ends the current block; `blank` asks for an empty line before what follows.
  mutating func blockBoundary(blank: Bool) {
    flushInline()
    if blank && tableDepth == 0 { pendingBlank = true }
  }

  /// An element id or `<a name>`: the line it lands on is recorded as `anchor`.
  mutating func anchor(_ index: Int) {
    if inline.isEmpty || tableDepth > 0 {
      pendingAnchors.append(index)
    } else {
      LinkMarks.append(LinkMarks.anchor, index, to: &inline)
    }
  }

  /// Whether a layout begun afresh at this point would lay out what follows as this one
  /// does: no text waiting, and no table, `pre`, heading or list marker open.
  var canRestart: Bool {
    tableDepth == 0 && preDepth == 0 && headingLevel == 0 && marker == nil && inline.isEmpty
      && openLink == nil
  }

  /// Records that a layout may begin again at item `item`, on the next line emitted.
  mutating func restart(at item: Int) {
    pendingRestarts.append(item)
  }

  mutating func lineBreak() {
    if tableDepth > 0 {
      cellLineBreak()
    } else if preserving {
      inline.append(0x0A)
    } else if !inline.isEmpty || marker != nil {
      flushInline()
    } else if !lines.isEmpty || linesAbove {
      if pendingBlank {
        pendingBlank = false
        if lastLineHasText { lines.append("") }
      } else if lines.count < 2
        || !(lines[lines.count - 1].isEmpty && lines[lines.count - 2].isEmpty)
      {
        lines.append("")
      }
    }
  }

  mutating func horizontalRule() {
    blockBoundary(blank: false)
    guard tableDepth == 0 else { return }
    let indent = indentString
    emit(indent + String(repeating: "-", count: max(1, width - indent.count)))
  }

  mutating func beginHeading(_ level: Int) {
    blockBoundary(blank: true)
    headingLevel = level
  }

  mutating func endHeading() {
    flushInline()
    headingLevel = 0
    blockBoundary(blank: true)
  }

  mutating func beginList(_ style: PageListStyle) {
    flushMarkerAlone()
    blockBoundary(blank: context.listDepth == 0)
    context.listDepth += 1
    context.markerColumn = context.indent + 2
    context.style = style
    context.step = style.reversed ? -1 : 1
    context.nextNumber = style.start ?? (style.reversed ? style.itemCount : 1)
    // Labels are right-aligned to the widest one the list will need (`III.` is wider
    // than `I.`), three cells at least, as lynx aligns `10.` under ` 9.`.
    let last = context.nextNumber &+ context.step &* max(0, style.itemCount - 1)
    context.labelWidth = max(
      3, style.label(context.nextNumber).count, style.label(last).count,
      style.isOrdered && style.itemCount > 0
        ? (0..<min(style.itemCount, 64)).map {
          style.label(context.nextNumber &+ context.step &* $0).count
        }.max() ?? 0 : 0)
  }

  mutating func endList(wasNested: Bool) {
    flushMarkerAlone()
    blockBoundary(blank: !wasNested)
  }

  /// Starts a list item; returns the context to restore at its end, which keeps the
  /// list's counter moving on.
  mutating func beginItem(value: Int?) -> Context {
    flushMarkerAlone()
    blockBoundary(blank: false)
    let number = value ?? context.nextNumber
    context.nextNumber = number &+ context.step
    let saved = context
    guard tableDepth == 0 else { return saved }
    if context.listDepth == 0 {
      // An `li` outside any list still reads as a bullet.
      context.markerColumn = context.indent + 2
    }
    let text: String
    var textIndent = 2
    if context.ordered && context.listDepth > 0 {
      let label = context.style.label(number)
      text = String(repeating: " ", count: max(0, context.labelWidth - label.count)) + label + " "
      textIndent = max(context.labelWidth, label.count) + 1
    } else {
      text = ["* ", "- ", "+ "][max(0, context.listDepth - 1) % 3]
    }
    let column = min(context.markerColumn, width / 2)
    marker = String(repeating: " ", count: column) + text
    context.indent = context.markerColumn + textIndent
    return saved
  }

  mutating func endItem() {
    flushInline()
    flushMarkerAlone()
  }

  mutating func beginIndented(by cells: Int, blank: Bool) {
    blockBoundary(blank: blank)
    context.indent += cells
  }

  mutating func beginPre() {
    blockBoundary(blank: true)
    preDepth += 1
    preStart = true
  }

  mutating func endPre() {
    flushInline()
    preDepth = max(0, preDepth - 1)
    blockBoundary(blank: true)
  }

  // MARK: - Tables

  mutating func beginTable() {
    if tableDepth == 0 {
      flushMarkerAlone()
      blockBoundary(blank: true)
      table = HTMLTableLayout()
      cellOpen = false
    } else {
      separate()
    }
    tableDepth += 1
  }

  mutating func endTable() {
    guard tableDepth > 0 else { return }
    if tableDepth > 1 {
      tableDepth -= 1
      separate()
      return
    }
    endCell()
    table.endRow()
    takeStrayText()
    tableDepth = 0
    for line in table.lines(width: width, indent: indentString) { emit(line) }
    table = HTMLTableLayout()
    blockBoundary(blank: true)
  }

  mutating func beginCell(header: Bool) {
    guard tableDepth == 1 else {
      separate()
      return
    }
    endCell()
    takeStrayText()
    cellOpen = true
    cellIsHeader = header
    clearSpace()
  }

  mutating func endCell() {
    guard tableDepth == 1 else {
      separate()
      return
    }
    guard cellOpen else { return }
    table.addCell(takeInline(), header: cellIsHeader)
    cellOpen = false
  }

  /// A line break inside a data table's cell (`br`, or a block ending): the cell's text
  /// goes on at a new line of the cell.
  private mutating func cellLineBreak() {
    placeLinkNumber()
    clearSpace()
    guard !inline.isEmpty, inline.last != 0x0A else { return }
    inline.append(0x0A)
  }

  mutating func endRow() {
    guard tableDepth == 1 else {
      separate()
      return
    }
    endCell()
    table.endRow()
  }

  mutating func beginCaption() {
    guard tableDepth == 1 else { return }
    endCell()
    takeStrayText()
  }

  mutating func endCaption() {
    guard tableDepth == 1 else { return }
    table.caption.append(takeInline())
  }

  /// Text in a table but outside its cells shows before the table, as browsers show it.
  private mutating func takeStrayText() {
    guard !cellOpen, !inline.isEmpty else { return }
    table.caption.append(takeInline())
  }

  private mutating func takeInline() -> String {
    placeLinkNumber()
    while inline.last == 0x0A { inline.removeLast() }
    let text = String(decoding: inline, as: UTF8.self)
    inline.removeAll(keepingCapacity: true)
    clearSpace()
    return text
  }

  // MARK: - Output

  /// Moves the lines that can no longer change out of `lines`, once there are many: all
  /// but the last block's (a heading may yet take them back) and the blank lines before
  /// it, and never the last two (the blank lines to come are decided by them). They go
  /// to `spill` when there is one, else to `settled`.
  /// `always`: however few the lines (a long block's, which may be long lines), unless
  /// this layout never settles.
  mutating func settleIfDue(always: Bool = false) {
    let due = lines.count >= settleLines || (always && settleLines != .max)
    guard due, tableDepth == 0 else { return }
    // The last block holds its lines back only while they are the last (only then can a
    // heading take them back); after a `pre` or a table, it holds nothing.
    let live = lastBlock.flatMap { $0.lines.upperBound == lines.count ? $0.lines.lowerBound : nil }
    var keep = min(lines.count - 2, live ?? lines.count)
    while keep > 0, lines[keep - 1].isEmpty { keep -= 1 }
    guard keep > 0 else { return }
    if let spill {
      var done = LinkMarks.extract(Array(lines[..<keep])).lines
      if !spilled {
        let firstText = done.firstIndex { !$0.isEmpty } ?? done.count
        done.removeFirst(firstText)
      }
      if !done.isEmpty {
        spilled = true
        spill(done)
      }
    } else {
      marks.take(lines[..<keep], from: base, into: &settled, hints: sourceHints)
      let used = sourceHints.prefix { $0.line < base + keep }.count
      sourceHints.removeFirst(used)
    }
    lines.removeSubrange(..<keep)
    if spill == nil { base += keep }
    linesAbove = true
    if let last = lastBlock {
      lastBlock =
        last.lines.lowerBound >= keep
        ? (
          last.text, (last.lines.lowerBound - keep)..<(last.lines.upperBound - keep),
          last.altOnly, last.heading
        )
        : nil
    }
  }

  /// The laid-out lines, without blank lines at either end or marks; `placements`
  /// and `anchorLines` then say where links and anchors landed.
  mutating func finish() -> TextLines {
    while tableDepth > 0 { endTable() }
    flushInline()
    flushMarkerAlone()
    marks.take(lines, from: base, into: &settled, hints: sourceHints)
    sourceHints.removeAll()
    base += lines.count
    lines.removeAll()
    var result = settled
    settled = TextLines()
    while result.last?.isEmpty == true { result.removeLast() }
    let firstText = spilled ? 0 : result.firstIndex { !$0.isEmpty } ?? result.count
    result.removeFirst(firstText)
    let last = max(0, result.count - 1)
    func moved(_ line: Int) -> Int { min(last, max(0, line - firstText)) }
    for (anchor, line) in marks.anchors { anchorLines[anchor] = moved(line) }
    for (anchor, line) in anchorLines where marks.anchors[anchor] == nil {
      anchorLines[anchor] = moved(line)
    }
    for anchor in pendingAnchors { anchorLines[anchor] = last }
    pendingAnchors.removeAll()
    pendingRestarts.removeAll()
    restarts = restarts.compactMap { point in
      let line = point.line - firstText
      return result.indices.contains(line) ? RestartPoint(item: point.item, line: line) : nil
    }
    placements = marks.placements.compactMap { placement in
      var moved = placement
      moved.text = placement.text.compactMap { span in
        let line = span.line - firstText
        return result.indices.contains(line) ? LineSpan(line: line, columns: span.columns) : nil
      }
      if let mark = placement.mark {
        let line = mark.line - firstText
        moved.mark =
          result.indices.contains(line) ? LineSpan(line: line, columns: mark.columns) : nil
      }
      return moved.text.isEmpty && moved.mark == nil ? nil : moved
    }
    return result
  }

  /// Whether the last line laid out has text: the last of `lines` or, with none left
  /// there, the last settled, which always has (blank lines are never settled last).
  private var lastLineHasText: Bool {
    if let last = lines.last { return !last.isEmpty }
    return linesAbove
  }

  private mutating func emit(_ line: String) {
    if pendingBlank {
      if lastLineHasText { lines.append("") }
      pendingBlank = false
    }
    for anchor in pendingAnchors { anchorLines[anchor] = base + lines.count }
    pendingAnchors.removeAll(keepingCapacity: true)
    // An empty line is trimmed from the top of a window: restart points wait for text.
    if !pendingRestarts.isEmpty && !line.isEmpty {
      // Of restart points with no line between them, the last one: it lays out least.
      if let item = pendingRestarts.last {
        restarts.append(RestartPoint(item: item, line: base + lines.count))
      }
      pendingRestarts.removeAll(keepingCapacity: true)
    }
    if let hint = pendingHint, !line.isEmpty {
      sourceHints.append((base + lines.count, hint))
      pendingHint = nil
    }
    lines.append(line)
  }

  /// A list item with no text of its own (say, only a nested list) still shows its marker.
  private mutating func flushMarkerAlone() {
    guard tableDepth == 0, let pending = marker else { return }
    flushInline()
    guard marker != nil else { return }
    marker = nil
    var line = pending
    while line.last == " " { line.removeLast() }
    emit(line)
  }

  private mutating func flushInline() {
    guard tableDepth == 0 else {
      cellLineBreak()
      return
    }
    placeLinkNumber()
    if preDepth > 0 {
      flushPreserved()
      return
    }
    clearSpace()
    let altOnly = inlineAlt && !inlinePage
    inlineAlt = false
    inlinePage = false
    if var pieces = longWrap {
      // The rest of a block laid out a piece at a time: its last lines. Not one to compare
      // with a heading (`lastBlock`): its first lines are gone.
      longWrap = nil
      let text = String(decoding: inline, as: UTF8.self)
      inline.removeAll(keepingCapacity: true)
      for line in LinkMarks.balance(pieces.finish(text), open: &openAcrossPieces) { emit(line) }
      openAcrossPieces = nil
      lastBlock = nil
      return
    }
    guard !inline.isEmpty else { return }
    let text = String(decoding: inline, as: UTF8.self)
    inline.removeAll(keepingCapacity: true)
    if let last = lastBlock, last.lines.upperBound == lines.count, marker == nil,
      (headingLevel > 0 && last.altOnly) || (altOnly && last.heading),
      Self.sameText(last.text, text)
    {
      if last.altOnly {
        lines.removeSubrange(last.lines)
        // Restart points on the lines taken out begin with what comes in their place.
        while let point = restarts.last, point.line >= base + last.lines.lowerBound {
          restarts.removeLast()
          pendingRestarts.insert(point.item, at: 0)
        }
      } else {
        return
      }
    }
    let before = lines.count
    defer {
      let start = before < lines.count && lines[before].isEmpty ? before + 1 : before
      lastBlock = (text, start..<lines.count, altOnly, headingLevel > 0)
    }
    let (first, rest) = blockPrefixes()
    let wrapped = TextWrapper.wrap(text, width: width, firstLinePrefix: first, prefix: rest)
    pendingHint = inlineSource
    inlineSource = nil
    for line in LinkMarks.balance(wrapped) { emit(line) }
    pendingHint = nil
  }

  /// The prefixes of a block's first line and of the others (indent, list marker,
  /// heading marks); the marker is used up.
  private mutating func blockPrefixes() -> (first: String, rest: String) {
    let indent = indentString
    var first = marker ?? indent
    var rest = indent
    if headingLevel > 0 {
      first += String(repeating: "#", count: headingLevel) + " "
      rest += String(repeating: " ", count: headingLevel + 1)
    }
    marker = nil
    return (first, rest)
  }

  private static func sameText(_ one: String, _ other: String) -> Bool {
    LinkMarks.plainText(one).lowercased() == LinkMarks.plainText(other).lowercased()
  }

  /// `pre` text: kept line for line, tabs expanded to stops every 8 cells.
  private mutating func flushPreserved() {
    defer {
      openAcrossPieces = nil
      preservedInPieces = false
    }
    guard !inline.isEmpty else { return }
    let bytes = inline
    inline.removeAll(keepingCapacity: true)
    layOutPreserved(bytes)
  }

  /// `pre` lines of `bytes`, the whole of a block's or (`layOutLongPreserved`) a part.
  private mutating func layOutPreserved(_ bytes: [UInt8]) {
    // A final line feed ends the last line rather than starting an empty one.
    let end = bytes.last == 0x0A ? bytes.count - 1 : bytes.count
    let indent = indentString
    var lineStart = 0
    var expanded: [UInt8] = []
    var block: [String] = []
    while lineStart <= end {
      var lineEnd = lineStart
      while lineEnd < end && bytes[lineEnd] != 0x0A { lineEnd += 1 }
      expanded.removeAll(keepingCapacity: true)
      Self.expandTabs(bytes[lineStart..<lineEnd], into: &expanded)
      while expanded.last == 0x20 { expanded.removeLast() }
      let text = String(decoding: expanded, as: UTF8.self)
      var prefix = marker ?? indent
      marker = nil
      if text.isEmpty {
        while prefix.last == " " { prefix.removeLast() }
      }
      block.append(prefix + text)
      lineStart = lineEnd + 1
    }
    let balanced =
      preservedInPieces
      ? LinkMarks.balance(block, open: &openAcrossPieces) : LinkMarks.balance(block)
    for line in balanced { emit(line) }
  }

  /// Copies a `pre` line, tabs expanded to stops every 8 cells.
  private static func expandTabs(_ line: ArraySlice<UInt8>, into out: inout [UInt8]) {
    guard line.contains(0x09) else {
      out.append(contentsOf: line)
      return
    }
    var column = 0
    for scalar in String(decoding: line, as: UTF8.self).unicodeScalars {
      if scalar == "\t" {
        let stop = (column / 8 + 1) * 8
        out.append(contentsOf: repeatElement(0x20, count: stop - column))
        column = stop
      } else {
        out.append(contentsOf: scalar.utf8)
        column += TerminalText.width(of: scalar)
      }
    }
  }
}
