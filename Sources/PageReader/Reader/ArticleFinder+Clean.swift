import TextSupport

/// Phase 5, clean the article: Readability's `_prepArticle` (`_clean` of buttons,
/// `_cleanHeaders` for h1 and h2 with a negative weight, `_cleanConditionally` for lists,
/// tables and blocks) as leaving elements out of the article rather than removing them.
/// Departures, each a rule with a switch (`ReaderRule`): share boxes, credits, galleries,
/// teaser rails and author boxes inside the article (`furnitureBoxes`); a hover card after a
/// linked name (`hoverCard`); a picture's credit (`pictureCredit`); a short list of same-site
/// links (`linkList`); a box that is a quotation keeps its links (`quoteBox`); three plain
/// paragraphs keep a block with one "SEE MORE" link (`proseWithOneLink`).
extension ArticleFinder {
  /// Leaves out what Readability's `_prepArticle` cleans from the article: share bars,
  /// headings with negative hints, and lists, tables and divs that look like page
  /// furniture (mostly links, too little text).
  func clean(_ root: Int, stats: [Stats], flags: Flags, into skipped: inout Set<Int>) {
    var pending = children[root]
    while let index = pending.popLast() {
      if skipped.contains(index) { continue }
      let element = nodes[index]
      let mine = stats[index]
      // A span is kept for what it is (a byline, a hover card, a picture's credit), and
      // only the rules for those apply to it: a `tooltip popup` word is the article's.
      if Self.isKeptSpan(element) {
        if options.has(.hoverCard) && isHoverCard(index, stats: stats)
          || options.has(.pictureCredit) && isPictureCredit(index, stats: stats)
        {
          skipped.insert(index)
        } else {
          pending.append(contentsOf: children[index])
        }
        continue
      }
      if hints[index].share && mine.text < options.charThreshold {
        skipped.insert(index)
        continue
      }
      // Readability's `_prepArticle` drops buttons: "View comments", "Load more".
      if element.name == "button" {
        skipped.insert(index)
        continue
      }
      // An image's credit, a gallery's slides, counters and captions beside the text, a
      // rail of other stories ("Most read") set inside it, and a box about the author.
      if options.has(.furnitureBoxes)
        && (hints[index].credit && mine.text < options.shortLineLength
          || hints[index].authorBox && mine.text < options.authorBoxLength
            && mine.text * options.authorBoxShare < stats[root].text
          || (hints[index].media || hints[index].teasers)
            && mine.text * options.mediaShare < stats[root].text
          || element.name == "figcaption" && mine.text < options.shortBlockLength
            && ArticleEdges.endsWithCredit(document.textContent(of: index)))
      {
        skipped.insert(index)
        continue
      }
      switch element.kind {
      case .link where mine.text == 0:
        // An image link without alt text would be a bare `[n]` in the article.
        skipped.insert(index)
        continue
      case .list where mine.text == 0:
        // A list of icons (share buttons, their buttons gone) would be bare bullets.
        skipped.insert(index)
        continue
      case .heading(let level) where level <= options.titleHeadingLevel:
        if flags.weighClasses && hints[index].weight < 0 {
          skipped.insert(index)
          continue
        }
      case .table(layout: false), .pre:
        continue  // Data tables and code are kept whole.
      default: break
      }
      if flags.cleanConditionally,
        isJunk(index, stats: stats, flags: flags)
          || options.has(.linkList) && isLinkList(index, stats: stats, within: stats[root])
      {
        skipped.insert(index)
        continue
      }
      pending.append(contentsOf: children[index])
    }
  }

  /// Readability's `_cleanConditionally` for one `ul`, `ol`, `div`, `section` or table.
  func isJunk(_ index: Int, stats: [Stats], flags: Flags) -> Bool {
    let element = nodes[index]
    let isList: Bool
    switch element.kind {
    case .list: isList = true
    case .table(layout: true): isList = false
    case .block where ["div", "section", "header", "figure"].contains(element.name):
      isList = false
    default: return false
    }
    let mine = stats[index]
    if mine.dataTable || isEmbeddedPost(index) { return false }
    let weight = flags.weighClasses ? hints[index].weight * options.classWeight : 0
    let density = linkDensity(mine)
    let headingDensity = mine.text == 0 ? 0 : Double(mine.headingText) / Double(mine.text)
    // A box weighed down only as `media` that holds a paragraph of prose keeps it
    // (`mediaBoxProse`): a news page may set an article's opening paragraph in its video
    // box (found on CNN's pages; the rule reads the markup, not the site), and a long
    // caption is shown anyway.
    let prose =
      options.has(.mediaBoxProse) && hints[index].mediaOnly && mine.paragraphs >= 1
      && mine.text >= options.siblingParagraphLength
      && density < options.siblingLinkDensity && headingDensity < options.heavyLinkDensity
    if weight < 0 && !prose { return true }
    // A quotation's links are its own; a box weighed down by its class still goes.
    if isQuoteBox(index, stats: stats) { return false }
    guard mine.commas < options.cleanCommas else { return false }
    let wholeList =
      isList || (mine.text > 0 && Double(mine.listText) / Double(mine.text) > options.nearlyAll)
    if !wholeList && mine.items - options.listItemAllowance > mine.paragraphs { return true }
    if !wholeList && element.name != "figure" && headingDensity < options.nearlyAll
      && mine.text < options.minParagraphLength
      && density > 0
    {
      return true
    }
    // Readability's bar for links is low (a fifth), and with no class to lift a block
    // three paragraphs of plain prose went for one "See more: …" link among them. A rail
    // (headings) or a thread (a linked name over each comment) is no such block.
    if !wholeList && weight < options.classWeight && density > options.linkDensityLimit
      && (density >= options.heavyLinkDensity || mine.headingText > 0
        || !isProseWithOneLink(index, stats: stats))
    {
      return true
    }
    if weight >= options.classWeight && density > options.heavyLinkDensity { return true }
    return false
  }

  /// A box that is little but a quotation (an embedded post, whatever its class: the
  /// post's text, its links, "— Name (@name) date"): its links are the post's, not a
  /// list of links, and it is the article's as its other quotations are.
  func isQuoteBox(_ index: Int, stats: [Stats]) -> Bool {
    guard options.has(.quoteBox) else { return false }
    let mine = stats[index]
    // A quotation that is all links is a "click to tweet" button, not a post.
    guard mine.text >= options.shortText, linkDensity(mine) < options.mostlyLinks else {
      return false
    }
    var quoted = 0
    for child in children[index].prefix(options.fewItems) {
      if case .quote = nodes[child].kind {
        quoted += stats[child].text
      } else if children[child].count == 1, let only = children[child].first,
        case .quote = nodes[only].kind
      {
        quoted += stats[only].text
      }
    }
    return Double(quoted) >= Double(mine.text) * options.quoteShare
  }

  /// Whether an element's own paragraphs are prose, three at least of 80 characters with
  /// no link, and its links are all in one of its children ("SEE MORE: …").
  func isProseWithOneLink(_ index: Int, stats: [Stats]) -> Bool {
    guard options.has(.proseWithOneLink) else { return false }
    var plain = 0
    var linked = 0
    for child in children[index] {
      if stats[child].linkText > 0 {
        linked += 1
        if linked > 1 { return false }
      } else if nodes[child].name == "p" && stats[child].text >= options.siblingParagraphLength {
        plain += 1
      }
    }
    return plain >= options.articleParagraphs
  }

  /// A hover card: the box a style sheet shows over a linked name, set right after the
  /// link (`<a>Ann Lee</a><span class="rollover…">Ann Lee · her latest stories…</span>`).
  /// In the text it repeats the name and runs a list of links into the sentence. Only a
  /// span whose class says so (`HTMLReader` keeps those), that follows a link and begins
  /// with the name it links (its first word, its last soon after), and is nearly all links.
  func isHoverCard(_ index: Int, stats: [Stats]) -> Bool {
    guard Self.isKeptSpan(nodes[index]) else { return false }
    let mine = stats[index]
    guard mine.text > 0, linkDensity(mine) >= options.nearlyAll else { return false }
    // The link it follows: the item just before it, past spaces.
    var position = nodes[index].items.lowerBound - 1
    while position >= 0, position > nodes[index].items.lowerBound - options.edgeBlocks,
      case .text(let range) = document.items[position],
      document.storage[range].allSatisfy(HTMLTokenizer.isSpace)
    {
      position -= 1
    }
    guard position >= 0, case .end(let previous) = document.items[position],
      case .link = nodes[previous].kind
    else { return false }
    func words(_ element: Int, _ count: Int) -> [Substring] {
      Array(
        Self.words(document.leadingText(of: element, limit: options.shortBlockLength)).prefix(count)
      )
    }
    let name = words(previous, options.fewItems)
    guard let first = name.first, let last = name.last,
      name.joined().count > options.hoverNameCharacters
    else {
      return false
    }
    // A card names the person and lists more: two links at least (one link after a
    // name, `Climate` then `Climate change`, is a reference of the text's).
    var links = 0
    for item in document.items[nodes[index].items].prefix(options.scanLimit) {
      if case .start(let element) = item, case .link = nodes[element].kind { links += 1 }
    }
    guard links >= options.hoverCardLinks else { return false }
    // The card may give the name in full: `Kristi Noem`, then `Kristi Lynn Noem …`.
    let card = words(index, name.count + options.hoverCardExtraWords)
    return card.first == first && (name.count == 1 || card.dropFirst().contains(last))
  }

  /// A span classed as a credit under a picture (inside a figure, a caption or a block
  /// classed as one), or one that reads as a credit.
  func isPictureCredit(_ index: Int, stats: [Stats]) -> Bool {
    guard hints[index].credit, stats[index].text < options.shortLineLength else { return false }
    // A credit that says so ("© Amazon", "Photo: …") is one wherever it stands.
    if ArticleEdges.isFurnitureAnywhere(
      document.leadingText(of: index, limit: options.shortLineLength))
    {
      return true
    }
    var current = nodes[index].parent
    var steps = 0
    while let ancestor = current, steps < options.captionDepth {
      let element = nodes[ancestor]
      if element.name == "figure" || element.name == "figcaption" { return true }
      if case .caption = element.kind { return true }
      if element.className?.lowercased().contains("caption") == true { return true }
      current = element.parent
      steps += 1
    }
    return false
  }

  /// A short list of links to other stories of the same site between the article's
  /// paragraphs ("More:", "Read also"): nearly all of it linked, a small part of the
  /// article. In-page links (a table of contents) weigh too little to count, and links to
  /// other sites (a shop's "Get it on Amazon", sources) are the article's own.
  func isLinkList(_ index: Int, stats: [Stats], within root: Stats) -> Bool {
    guard case .list = nodes[index].kind else { return false }
    let mine = stats[index]
    // A few headlines: a long or deep list is something else, and is not read through
    // (nested lists would each be read to their end).
    guard mine.text > 0, mine.items <= options.linkListItems,
      nodes[index].items.count <= options.scanLimit * options.linkListScans,
      linkDensity(mine) >= options.nearlyAll,
      mine.text * options.smallShare < root.text,
      mine.text <= options.headlineLength * max(1, mine.items)
    else { return false }
    var links = 0
    for item in document.items[nodes[index].items] {
      guard case .start(let element) = item, case .link(let link) = nodes[element].kind else {
        continue
      }
      guard let host = Self.host(document.links[link].url), siteHosts.contains(host) else {
        return false
      }
      links += 1
    }
    return links > 0
  }

  /// A URL's host without `www.`: `www.site.test` and `site.test` are one site.
  static func host(_ url: String) -> String? {
    guard let host = URLText.host(url), !host.isEmpty else { return nil }
    return host.hasPrefix("www.") ? String(host.dropFirst("www.".count)) : host
  }
}
