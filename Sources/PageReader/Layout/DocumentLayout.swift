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
  private var numbers: [String: Int] = [:]
  private var links: [PageLink] = []
  private var anchorNames: [String] = []

  init(document: PageDocument, width: Int) {
    self.document = document
    layout = HTMLLayout(width: width)
    // Room for every link at once: growing one at a time rehashed them all a dozen times.
    numbers.reserveCapacity(document.links.count)
    links.reserveCapacity(document.links.count)
  }

  /// Lays out the items of `ranges` in order, leaving out the elements in `skipping`.
  mutating func lay(_ ranges: [Range<Int>], skipping: Set<Int> = []) -> (
    lines: [String], links: [PageLink], placements: [LinkPlacement], anchors: [String: Int]
  ) {
    for range in ranges {
      var index = range.lowerBound
      while index < range.upperBound {
        let item = document.items[index]
        if case .start(let element) = item, skipping.contains(element) {
          index = max(index + 1, document.elements[element].items.upperBound)
          continue
        }
        replay(item)
        index += 1
      }
      while !stack.isEmpty { close() }
    }
    let lines = layout.finish()
    var anchors: [String: Int] = [:]
    for (index, line) in layout.anchorLines where index < anchorNames.count {
      let name = anchorNames[index]
      if anchors[name] == nil { anchors[name] = line }
    }
    return (lines, links, layout.placements, anchors)
  }

  private mutating func replay(_ item: PageItem) {
    switch item {
    case .start(let element): open(element)
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
  }

  private var inLinearTable: Bool { tables.last == true }

  private mutating func open(_ index: Int) {
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
  }

  private mutating func close() {
    guard let entry = stack.popLast() else { return }
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
