import TextSupport

/// Lays a `PageDocument` out as lines for one width: replays its items into
/// `HTMLLayout`, all of them (the full page) or the parts a reader view chose.
struct DocumentLayout {
  /// What an open element changed, to undo at its end.
  private struct Open {
    var element: Int
    var saved: HTMLLayout.Context?
    /// A table part that reads as blocks, because its table only arranges the page.
    var linear: Bool
  }

  private let document: PageDocument
  private var layout: HTMLLayout
  private var stack: [Open] = []
  /// For each open table, whether it is laid out as blocks.
  private var tables: [Bool] = []
  /// The open list-like elements, innermost last; the open links; the open tables laid
  /// out in columns (`track`).
  private var openLists: [Int] = []
  private var openLinks = 0
  private var columnTables = 0
  /// The link numbers given, by URL (a window of the page numbers its links alike).
  private(set) var numbers: [String: Int] = [:]
  private var links: [PageLink] = []
  private var anchorNames: [String] = []

  init(document: PageDocument, width: Int) {
    self.document = document
    layout = HTMLLayout(width: width)
    // Room for every link at once: growing one at a time rehashed them all a dozen times.
    numbers.reserveCapacity(document.links.count)
    links.reserveCapacity(document.links.count)
  }

  /// A layout that numbers links as `earlier` did: the lines of a window of the page
  /// (`lay(_:skipping:from:lines:)`) carry the numbers the whole page gives them.
  init(document: PageDocument, width: Int, numbering earlier: RenderedPage) {
    self.document = document
    layout = HTMLLayout(width: width)
    numbers = earlier.numbers
    links = earlier.links
  }

  /// How many lines a whole layout gathers before it settles those that can no longer
  /// change (`HTMLLayout.settleIfDue`).
  static let settleLines = 512
  /// How many lines this layout gathers before it settles (`settleLines`; tests settle
  /// often, so that blocks and links cross from one batch to the next).
  var settleEvery = DocumentLayout.settleLines
  /// The text settled lines are references into where they repeat it: the document's
  /// storage, or the page's own where this document is a plan made from it (the wiki
  /// reader's copy, which its lines would otherwise keep alive).
  var textSource: [UInt8]?

  /// Hands finished lines over as the layout goes (`HTMLLayout.spill`), for a page that is
  /// written once and never scrolled: the lines `lay` returns are then only the last.
  mutating func spilling(to spill: @escaping (TextLines) -> Void, every lines: Int) {
    layout.spill = spill
    layout.settleLines = lines
  }

  /// Lays out the items of `ranges` in order, leaving out the elements in `skipping`.
  mutating func lay(_ ranges: [Range<Int>], skipping: Set<Int> = []) -> Laid {
    // Settled lines are held compactly as the layout goes, not as a string each, and
    // where they repeat the document's text, as references to it.
    if layout.spill == nil {
      layout.settleLines = settleEvery
      layout.referencing(textSource ?? document.storage)
    }
    for range in ranges {
      _ = replay(range, skipping: skipping, until: nil)
      while !stack.isEmpty { close() }
    }
    return finish()
  }

  /// Lays out, of the items of `ranges`, those from `item` (a `RestartPoint`'s) on until
  /// `lines` lines are made and a block ends: the part of the page a window shows, in
  /// time that grows with the window, not the page. The elements `item` is inside are
  /// opened first, as the whole layout had them open there.
  mutating func lay(
    _ ranges: [Range<Int>], skipping: Set<Int> = [], from item: Int, lines wanted: Int
  ) -> Laid {
    guard let first = ranges.firstIndex(where: { $0.contains(item) }) else { return finish() }
    layout.restart(at: item)
    if case .start(let element) = document.items[item] {
      var chain: [Int] = []
      var parent = document.elements[element].parent
      while let ancestor = parent,
        document.elements[ancestor].items.lowerBound >= ranges[first].lowerBound
      {
        chain.append(ancestor)
        parent = document.elements[ancestor].parent
      }
      for ancestor in chain.reversed() {
        open(ancestor, at: document.elements[ancestor].items.lowerBound)
      }
    }
    var from = item
    for range in ranges[first...] {
      let done = replay(
        max(from, range.lowerBound)..<range.upperBound, skipping: skipping, until: wanted)
      while !stack.isEmpty { close() }
      if done { break }
      from = range.upperBound
    }
    return finish()
  }

  /// What a layout made: the lines, the links numbered, where they are, and where the
  /// anchors and restart points landed.
  typealias Laid = (
    lines: TextLines, links: [PageLink], placements: [LinkPlacement], anchors: [String: Int],
    restarts: [RestartPoint]
  )

  /// Replays the items of `range`, leaving out the elements in `skipping`; with `wanted`,
  /// stops once that many lines are made (true when it stopped).
  private mutating func replay(_ range: Range<Int>, skipping: Set<Int>, until wanted: Int?) -> Bool
  {
    var index = range.lowerBound
    while index < range.upperBound {
      // Two lines more than asked, the last with text: a block cut short where the
      // window stops, or blank lines trimmed at its ends, cost none of the lines asked.
      if let wanted, layout.lines.count >= wanted + 2, layout.lines.last?.isEmpty == false {
        return true
      }
      let item = document.items[index]
      if case .start(let element) = item, skipping.contains(element) {
        index = max(index + 1, document.elements[element].items.upperBound)
        continue
      }
      replay(item, at: index)
      layout.settleIfDue()
      index += 1
    }
    return false
  }

  private mutating func finish() -> Laid {
    let lines = layout.finish()
    // A name given twice is the first in the page's order, as a browser takes it (the
    // anchors' own order is the dictionary's, which differs between two layouts).
    var first: [String: (index: Int, line: Int)] = [:]
    for (index, line) in layout.anchorLines where index < anchorNames.count {
      let name = anchorNames[index]
      if let kept = first[name], kept.index < index { continue }
      first[name] = (index, line)
    }
    let anchors = first.mapValues(\.line)
    return (lines, links, layout.placements, anchors, layout.restarts)
  }

  private mutating func replay(_ item: PageItem, at index: Int) {
    switch item {
    case .start(let element): open(element, at: index)
    case .end(let element):
      if let last = stack.last, last.element == element { close() }
    case .text(let range):
      layout.text(document.storage, in: range, decodes: false)
    case .altText(let range):
      layout.text(document.storage, in: range, decodes: false, alt: true)
    case .lineBreak: layout.lineBreak()
    case .paragraphBreak: layout.blockBoundary(blank: true)
    case .rule: layout.horizontalRule()
    case .image: break
    case .anchor(let name):
      anchorNames.append(name)
      layout.anchor(anchorNames.count - 1)
    }
    switch item {
    case .lineBreak, .paragraphBreak, .rule:
      // A new line of plain text, or of a page with no elements around it.
      if stack.isEmpty && layout.canRestart { layout.restart(at: index + 1) }
    default: break
    }
  }

  /// Whether element `index` may begin a layout afresh (`RestartPoint`): a block, heading,
  /// table, quote or list outside any list and link, or an item of a bulleted list
  /// outside any other (a numbered item's number depends on the items before it).
  private func isRestart(_ index: Int) -> Bool {
    // A link around blocks has its `[n]` after its first: opened again, a second.
    guard layout.canRestart, columnTables == 0, openLinks == 0 else { return false }
    switch document.elements[index].kind {
    case .block, .heading, .list, .quote, .pre, .table, .definitionList:
      return openLists.isEmpty
    case .listItem:
      guard openLists.count == 1, case .list(let style) = document.elements[openLists[0]].kind
      else { return false }
      return !style.isOrdered
    default: return false
    }
  }

  private var inLinearTable: Bool { tables.last == true }

  private mutating func open(_ index: Int, at item: Int) {
    if isRestart(index) { layout.restart(at: item) }
    let element = document.elements[index]
    var entry = Open(element: index, saved: nil, linear: false)
    switch element.kind {
    case .block(let blank): layout.blockBoundary(blank: blank)
    case .heading(let level): layout.beginHeading(level)
    case .list(let style):
      entry.saved = layout.context
      layout.beginList(style)
    case .listItem(let value): entry.saved = layout.beginItem(value: value)
    case .definitionList: layout.blockBoundary(blank: layout.context.listDepth == 0)
    case .definition:
      entry.saved = layout.context
      layout.beginIndented(by: 4, blank: false)
    case .quote:
      entry.saved = layout.context
      layout.beginIndented(by: 4, blank: true)
    case .pre: layout.beginPre()
    case .table(let linear):
      tables.append(linear)
      entry.linear = linear
      if linear { layout.blockBoundary(blank: true) } else { layout.beginTable() }
    case .caption, .row, .cell, .tableSection:
      if inLinearTable {
        entry.linear = true
        layout.blockBoundary(blank: false)
      } else if case .caption = element.kind {
        layout.beginCaption()
      } else if case .row = element.kind {
        layout.endRow()
      } else if case .cell(let header) = element.kind {
        layout.beginCell(header: header)
      }
    case .link(let link):
      layout.beginLink(number(for: link), bare: document.links[link].isCitation)
    case .inline: break
    }
    stack.append(entry)
    track(index, opening: true)
  }

  /// Keeps count of the open lists, links and column tables, which `isRestart` asks
  /// about on every element: counted as they open and close, not by walking the stack.
  private mutating func track(_ index: Int, opening: Bool) {
    switch document.elements[index].kind {
    case .list, .listItem, .definitionList, .definition:
      if opening { openLists.append(index) } else { openLists.removeLast() }
    case .link: openLinks += opening ? 1 : -1
    case .table(let linear) where !linear: columnTables += opening ? 1 : -1
    default: break
    }
  }

  private mutating func close() {
    guard let entry = stack.popLast() else { return }
    track(entry.element, opening: false)
    let element = document.elements[entry.element]
    switch element.kind {
    case .block(let blank): layout.blockBoundary(blank: blank)
    case .heading: layout.endHeading()
    case .list: layout.endList(wasNested: (entry.saved?.listDepth ?? 0) > 0)
    case .listItem: layout.endItem()
    case .definitionList: layout.blockBoundary(blank: layout.context.listDepth == 0)
    case .definition: layout.blockBoundary(blank: false)
    case .quote: layout.blockBoundary(blank: true)
    case .pre: layout.endPre()
    case .table:
      tables.removeLast()
      if entry.linear { layout.blockBoundary(blank: true) } else { layout.endTable() }
    case .caption, .row, .cell, .tableSection:
      if entry.linear {
        layout.blockBoundary(blank: false)
      } else if case .caption = element.kind {
        layout.endCaption()
      } else if case .cell = element.kind {
        layout.endCell()
      } else {
        layout.endRow()
      }
    case .link: layout.endLink()
    case .inline: break
    }
    if let saved = entry.saved { layout.context = saved }
  }

  /// The reference number of a link, the same for every link to one URL, in order of
  /// first appearance in what is laid out.
  private mutating func number(for link: Int) -> Int {
    let target = document.links[link]
    if let number = numbers[target.url] { return number }
    links.append(target)
    numbers[target.url] = links.count
    return links.count
  }

  /// Adds a link that is not in the text (a refresh target) and returns its number.
  mutating func addLink(_ link: PageLink) -> Int {
    if let number = numbers[link.url] { return number }
    links.append(link)
    numbers[link.url] = links.count
    return links.count
  }

  /// A line of text of our own (not from the page), with a link's mark after it.
  mutating func note(_ text: String, link: Int?) {
    layout.blockBoundary(blank: true)
    layout.text(text)
    if let link {
      layout.beginLink(link)
      layout.endLink()
    }
    layout.blockBoundary(blank: true)
  }
}
