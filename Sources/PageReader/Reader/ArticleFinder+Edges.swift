import TextSupport

/// After cleaning, beyond Readability (`edges`): the short lines at the article's start and
/// end that read as furniture (share bars, dates, "Related", a closing section under a
/// heading of its own), found by what they say (`ArticleEdges`, `ChinesePhrases`).
extension ArticleFinder {
  /// Leaves out the furniture at the article's start and end (see `ArticleEdges`), and
  /// the short furniture lines inside it: the innermost blocks that hold text, in order,
  /// dropped from each end while they read as furniture. A block is dropped only when it
  /// holds no other block's text, so that no article text goes with it. The rows of the
  /// table (`EdgeRule`), each with its switch, are applied in this order.
  func trimEdges(of roots: [Int], title: String?, skipping skipped: inout Set<Int>) {
    let blocks = textBlocks(of: roots, skipping: skipped)
    guard blocks.count > options.edgeMinimumBlocks else { return }
    var edges = EdgeScan(finder: self, roots: roots, blocks: blocks, title: title)
    edges.trimStart(&skipped)  // startFurniture, repeatedHeadline
    edges.trimEnd(&skipped)  // endFurniture
    edges.cutClosingSection(&skipped)  // closingSection
    edges.dropInside(&skipped)  // afterPromoLabel, furnitureAnywhere, labelledDateNearEdge,
    // creditedCaption, oneLinkParagraph
  }

  /// The innermost blocks that hold text under `roots`, in order.
  fileprivate func textBlocks(of roots: [Int], skipping skipped: Set<Int>) -> [TextBlock] {
    // A block's text is kept as the document's ranges it is made of, and put together only
    // where a rule reads it: copied, every block's text was the article's again (and its
    // normalized strings once more), twice a 200 MB page's text at the peak.
    var blocks: [TextBlock] = []
    for root in roots {
      var open: [Int] = []
      var links = 0
      var index = nodes[root].items.lowerBound
      let end = min(nodes[root].items.upperBound, document.items.count)
      while index < end {
        switch document.items[index] {
        case .start(let element):
          if skipped.contains(element) {
            index = max(index + 1, nodes[element].items.upperBound)
            continue
          }
          switch nodes[element].kind {
          case .link: links += 1
          case .inline: break
          default: open.append(element)
          }
        case .end(let element):
          if open.last == element { open.removeLast() }
          if case .link = nodes[element].kind { links = max(0, links - 1) }
        case .text(let range), .altText(let range):
          // Spaces between blocks belong to no line.
          if document.storage[range].allSatisfy(HTMLTokenizer.isSpace) { break }
          let owner = open.last ?? root
          let linked = links > 0 ? range.count : 0
          if blocks.last?.element == owner {
            blocks[blocks.count - 1].append(range, of: document.storage)
            blocks[blocks.count - 1].linked += linked
          } else {
            var block = TextBlock(element: owner, linked: linked)
            block.append(range, of: document.storage)
            blocks.append(block)
          }
        default: break
        }
        index += 1
      }
      if blocks.count > options.blockLimit { break }
    }
    return blocks
  }
}

/// One article's blocks as `trimEdges` reads them, and how far in from each end it has
/// dropped: each row of `EdgeRule` a method.
private struct EdgeScan {
  let finder: ArticleFinder
  let roots: [Int]
  let blocks: [TextBlock]
  /// The elements that own more than one run of blocks (text, then a child's, then
  /// text again) hold other text: never dropped.
  let owners: [Int: Int]
  /// Only short blocks can be furniture: longer ones are never turned into strings.
  let long: [Bool]
  let headline: String
  /// The blocks under each root, when the article has several.
  let blocksIn: [Int: Int]
  /// The first and last blocks not dropped.
  var first = 0
  var last: Int

  init(finder: ArticleFinder, roots: [Int], blocks: [TextBlock], title: String?) {
    self.finder = finder
    self.roots = roots
    self.blocks = blocks
    var owners: [Int: Int] = [:]
    for block in blocks { owners[block.element, default: 0] += 1 }
    self.owners = owners
    long = blocks.map { $0.count > finder.options.longBlockLength }
    headline = title.map(ArticleEdges.normalized) ?? ""
    // A root of the article is dropped only when it is a sibling holding nothing else but
    // a date, the headline again or plain furniture: a title's box, its headline gone, left
    // with "Updated 11:21 pm …". A loose paragraph that joined as a sibling ("Share prices
    // fell …") is not read by the rules for lines that merely start like furniture.
    var blocksIn: [Int: Int] = [:]
    if roots.count > 1 {
      let nodes = finder.nodes
      for block in blocks {
        if let root = roots.first(where: {
          nodes[$0].items.contains(nodes[block.element].items.lowerBound)
        }) {
          blocksIn[root, default: 0] += 1
        }
      }
    }
    self.blocksIn = blocksIn
    last = blocks.count - 1
  }

  private var options: ReaderOptions { finder.options }

  /// The block's text, normalized (`ArticleEdges.normalized`); empty for a long block.
  private func normalizedText(_ position: Int) -> String {
    let block = blocks[position]
    return block.count <= options.longBlockLength
      ? ArticleEdges.normalized(
        String(decoding: block.text(in: finder.document.storage), as: UTF8.self)) : ""
  }

  /// `repeatedHeadline`: a bar above the text that repeats the headline (`Economy | As
  /// Debt Rises, …`): the header shows the title already. With `headlineExtraWords` more at
  /// most: a first sentence that starts with the headline's words goes on to say more.
  private func repeatsTitle(_ line: String) -> Bool {
    guard options.has(.repeatedHeadline), headline.count >= options.shortestHeadline,
      line.count <= headline.count + options.shortText,
      let range = line.range(of: headline)
    else { return false }
    return ArticleFinder.words(line[..<range.lowerBound] + " " + line[range.upperBound...]).count
      <= options.headlineExtraWords
  }

  /// Whether the block may be dropped: it holds no other block's text, and a root of the
  /// article only when it holds nothing but a date, the headline again or plain furniture.
  private func droppable(_ position: Int) -> Bool {
    let element = blocks[position].element
    guard owners[element] == 1 else { return false }
    if roots.contains(element) {
      let line = normalizedText(position)
      return blocksIn[element] == 1
        && (line.count <= options.siblingParagraphLength && ArticleEdges.isDateLine(line)
          || ArticleEdges.isLabelledDate(line: line) || repeatsTitle(line)
          || ArticleEdges.isPlainlyFurniture(line: line))
    }
    // Nor a block with another block of text inside it.
    let range = finder.nodes[element].items
    for other in [position - 1, position + 1] where blocks.indices.contains(other) {
      if range.contains(finder.nodes[blocks[other].element].items.lowerBound) { return false }
    }
    return true
  }

  /// `startFurniture` and `repeatedHeadline`: the furniture lines above the text.
  mutating func trimStart(_ skipped: inout Set<Int>) {
    while first < blocks.count - 1, !long[first], droppable(first),
      options.has(.startFurniture)
        && ArticleEdges.isFurniture(line: normalizedText(first), atStart: true)
        || repeatsTitle(normalizedText(first))
    {
      skipped.insert(blocks[first].element)
      first += 1
    }
  }

  /// `endFurniture`: the furniture lines below the text.
  mutating func trimEnd(_ skipped: inout Set<Int>) {
    while options.has(.endFurniture), last > first, !long[last], droppable(last),
      ArticleEdges.isFurniture(line: normalizedText(last), atStart: false)
    {
      skipped.insert(blocks[last].element)
      last -= 1
    }
  }

  /// `closingSection`: a closing section the site adds under a heading of its own ("About
  /// the author", "You may also like", "Comments"), dropped with all after it when that is
  /// little (`smallShare`, within `closingBlocks`); then the furniture above it.
  mutating func cutClosingSection(_ skipped: inout Set<Int>) {
    let total = blocks[first...last].reduce(0) { $0 + $1.count }
    var after = 0
    var position = last
    while options.has(.closingSection), position > first, last - position < options.closingBlocks {
      after += blocks[position].count
      if after * options.smallShare > total { break }
      if ArticleEdges.opensClosingSection(line: normalizedText(position)),
        (position...last).allSatisfy(droppable)
      {
        for cut in position...last { skipped.insert(blocks[cut].element) }
        last = position - 1
        trimEnd(&skipped)
        break
      }
      position -= 1
    }
  }

  /// The short blocks between the ends: `afterPromoLabel`, `furnitureAnywhere`,
  /// `labelledDateNearEdge`, `creditedCaption` and `oneLinkParagraph`.
  func dropInside(_ skipped: inout Set<Int>) {
    // After a promo's label ("DON'T MISS", "Related"), the links it introduces, though
    // their tags ("[VIDEO]") are not linked.
    var afterLabel = false
    for position in first...last
    where blocks[position].count <= options.shortBlockLength
      && droppable(position)
    {
      let block = blocks[position]
      let text = normalizedText(position)
      defer {
        afterLabel = skipped.contains(block.element) && ArticleEdges.isPromoLabel(text)
      }
      if options.has(.afterPromoLabel) && afterLabel
        && Double(block.linked) >= Double(block.count) * options.mostlyLinks
      {
        skipped.insert(block.element)
        continue
      }
      // A date line under a label, near either end (further in, a live blog's entries).
      let nearEdge = position - first < options.edgeBlocks || last - position < options.edgeBlocks
      if options.has(.furnitureAnywhere) && block.count <= options.furnitureLength
        && ArticleEdges.isFurnitureAnywhere(line: text)
        || options.has(.labelledDateNearEdge) && nearEdge && ArticleEdges.isLabelledDate(line: text)
        || options.has(.creditedCaption) && block.count <= options.creditLineLength
          && ArticleEdges.endsWithCredit(line: text, within: options.shortText)
      {
        skipped.insert(block.element)
        continue
      }
      // A paragraph or heading that is one short link: a "read this too" promo.
      let element = finder.nodes[block.element]
      let shortLink =
        options.has(.oneLinkParagraph) && element.name == "p"
        && block.count <= options.shortLineLength
        && Double(block.linked) >= Double(block.count) * options.nearlyAll
        && block.text(in: finder.document.storage).split(whereSeparator: HTMLTokenizer.isSpace)
          .count > options.promoLinkWords
      if shortLink { skipped.insert(block.element) }
    }
  }
}

/// A block of text `ArticleFinder.trimEdges` reads: the element that owns it and the runs of
/// the document's storage it is made of, put together as they are shown only when read.
private struct TextBlock {
  var element: Int
  var linked: Int
  private var runs: [Range<Int>] = []
  /// The text's length in bytes, the spaces put between runs included.
  private(set) var count = 0
  private var last: UInt8?

  init(element: Int, linked: Int) {
    self.element = element
    self.linked = linked
  }

  /// Bytes that close up to the text before them (`:` `,` `.` `;` `!` `?` `)` `]`).
  private static let closingPunctuation: Set<UInt8> = Set(":,.;!?)]".utf8)

  /// Whether a space goes between text ending in `before` and a run starting with `after`:
  /// runs of one block meet as they are shown (`<b>SEE MORE</b>: <a>…` is "SEE MORE: …",
  /// not "SEE MORE : …"), a space only where neither run has one.
  private static func spaced(_ before: UInt8?, _ after: UInt8) -> Bool {
    let before = before ?? 0x20
    return !HTMLTokenizer.isSpace(before) && !HTMLTokenizer.isSpace(after)
      && !closingPunctuation.contains(after)
  }

  /// Adds the run `range` of `storage` (not empty).
  mutating func append(_ range: Range<Int>, of storage: [UInt8]) {
    guard !range.isEmpty else { return }
    if !runs.isEmpty, Self.spaced(last, storage[range.lowerBound]) { count += 1 }
    runs.append(range)
    count += range.count
    last = storage[range.upperBound - 1]
  }

  /// The text, its runs joined as `append` counted them.
  func text(in storage: [UInt8]) -> [UInt8] {
    var text: [UInt8] = []
    text.reserveCapacity(count)
    for range in runs {
      if !text.isEmpty, Self.spaced(text.last, storage[range.lowerBound]) { text.append(0x20) }
      text.append(contentsOf: storage[range])
    }
    return text
  }
}
