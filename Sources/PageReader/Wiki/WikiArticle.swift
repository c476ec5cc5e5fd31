/// The reader view of a MediaWiki article (Vector 2022, any language edition), laid out as
/// Wikipedia's mobile site orders it: a hatnote as one line, the lead paragraphs, the
/// infobox as a compact facts block (`label: value`), then the sections and, last, the
/// references. Edit links, navboxes, maintenance and notice boxes, the skin's menus and
/// the duplicate coordinates are left out.
struct WikiArticle {
  let document: PageDocument

  /// The containers whose children are the article's blocks, in order: MediaWiki's article
  /// body (`mw-parser-output`, the desktop page) or the sections of the page content
  /// service's HTML (`section#content-block-0` and its siblings, the mobile page); empty
  /// for a page that is neither.
  func bodies() -> [Int] {
    let elements = document.elements
    // The article's, not the small one of a page-status indicator (`mw-indicators`).
    if let root = elements.indices.filter({
      Self.classes(elements[$0]).contains("mw-parser-output")
    }).max(by: { elements[$0].items.count < elements[$1].items.count }) {
      return [root]
    }
    // `content-block-0` in the service's first versions, `pcs-section-id-0` in later ones.
    guard
      let lead = elements.indices.first(where: {
        elements[$0].name == "section"
          && (elements[$0].id == "content-block-0" || elements[$0].id == "pcs-section-id-0")
      })
    else { return [] }
    let parent = elements[lead].parent
    return elements.indices.filter {
      $0 >= lead && elements[$0].name == "section" && elements[$0].parent == parent
    }
  }

  /// The reading of a page that has MediaWiki's article body (see `bodies`); nil for any
  /// other page.
  func plan() -> SitePlan.Reading? {
    let elements = document.elements
    let bodies = bodies()
    guard let firstBody = bodies.first, let lastBody = bodies.last else { return nil }
    var skipped: Set<Int> = []
    var children: [[Int]] = Array(repeating: [], count: elements.count)
    let span = elements[firstBody].items.lowerBound..<elements[lastBody].items.upperBound
    for index in elements.indices where span.contains(elements[index].items.lowerBound) {
      if let parent = elements[index].parent { children[parent].append(index) }
      if Self.isJunk(elements[index]) { skipped.insert(index) }
      if case .link(let link) = elements[index].kind,
        document.links[link].isInPage,
        document.links[link].fragment?.hasPrefix("cite_ref") == true
      {
        // The `^` back to where a reference is cited: a control, not the reference.
        skipped.insert(index)
      }
      if case .link = elements[index].kind, !hasText(index) {
        // A link that is only a picture (a thumbnail, its magnifier, a flag): a bare
        // `[n]` line in a terminal, the caption beside it says what it shows.
        skipped.insert(index)
      }
    }
    for index in elements.indices
    where span.contains(elements[index].items.lowerBound) && isDrawnBar(index, children: children) {
      skipped.insert(index)
    }
    // The document with the plan's own blocks appended: tables read as outlines, facts.
    var copy = document
    var hatnotes: [Range<Int>] = []
    var lead: [Range<Int>] = []
    var rest: [Range<Int>] = []
    // Every infobox of the lead (a person's, then one of the name's pronunciations) is
    // facts, in the page's order, after the lead's paragraphs.
    var infoboxes: [Int] = []
    var inLead = true
    for body in bodies {
      let span = elements[body].items
      var cursor = span.lowerBound + 1
      // The body's own items in order: its child elements and any text loose in it.
      while cursor < span.upperBound - 1 {
        if case .start(let child) = document.items[cursor] {
          let range = elements[child].items
          cursor = max(cursor + 1, range.upperBound)
          let element = elements[child]
          if skipped.contains(child) { continue }
          // The title's own block inside the lead section (the later mobile pages'
          // `<header>`: the title, the description): the reader view's header says it.
          if element.name == "header",
            document.items[range].contains(where: {
              if case .start(let inner) = $0, case .heading(1) = elements[inner].kind {
                return true
              }
              return false
            })
          {
            continue
          }
          if Self.isHeading(element)
            || children[child].contains(where: { Self.isHeading(elements[$0]) })
          {
            inLead = false
          }
          if inLead, let boxes = infoboxesOf(child, children: children, skipped: skipped) {
            infoboxes += boxes
          } else if inLead, Self.isHatnote(element) {
            hatnotes.append(range)
          } else if let table = outlineTable(child, children: children, skipped: skipped) {
            var block = FactsBlock(document: copy, skipped: skipped)
            let outline = block.outline(of: table, children: children) ?? range
            copy = block.document
            if inLead { lead.append(outline) } else { rest.append(outline) }
          } else if inLead {
            lead.append(range)
          } else {
            rest.append(range)
          }
        } else {
          (inLead ? { lead.append(cursor..<cursor + 1) } : { rest.append(cursor..<cursor + 1) })()
          cursor += 1
        }
      }
    }
    var facts: [Range<Int>] = []
    let title = title()
    for infobox in infoboxes {
      skipped.insert(infobox)
      var block = FactsBlock(document: copy, skipped: skipped)
      if let range = block.facts(of: infobox, children: children, title: title) {
        facts.append(range)
      }
      copy = block.document
    }
    let ranges = hatnotes + lead + facts + rest
    guard !ranges.isEmpty else { return nil }
    return SitePlan.Reading(document: copy, ranges: ranges, skipped: skipped, title: title)
  }

  /// The article's title: the page's first heading, else the one its configuration names,
  /// else the `<title>` without the site's name.
  func title() -> String? {
    if let heading = document.elements.indices.first(where: {
      document.elements[$0].id == "firstHeading"
    }) {
      let text = document.textContent(of: heading)
      if !text.isEmpty { return text }
    }
    if let title = document.metadata.wiki?.title { return title }
    guard let title = document.metadata.title else { return nil }
    // "广州市 - 维基百科，自由的百科全书", "Mercury - Wikipedia".
    if let cut = title.range(of: " - ", options: .backwards) {
      return String(title[..<cut.lowerBound])
    }
    return title
  }

  /// The infoboxes a child of the article's body is: itself, or those of a box that holds
  /// nothing else shown (the mobile page's `pcs-collapse-table-container`, its "Quick
  /// facts" summary left out); nil for anything else.
  private func infoboxesOf(_ child: Int, children: [[Int]], skipped: Set<Int>) -> [Int]? {
    if Self.isInfobox(document.elements[child]) { return [child] }
    guard case .block = document.elements[child].kind else { return nil }
    let shown = children[child].filter { !skipped.contains($0) }
    guard !shown.isEmpty, shown.allSatisfy({ Self.isInfobox(document.elements[$0]) }) else {
      return nil
    }
    return shown
  }

  /// The table a child of the article's body is, or holds as its only shown content (the
  /// mobile page's collapsible box), when its cells span rows: read as an outline
  /// (`FactsBlock.outline`) when its shape is one. Infoboxes are facts, not outlines.
  private func outlineTable(_ child: Int, children: [[Int]], skipped: Set<Int>) -> Int? {
    var current = child
    for _ in 0..<3 {
      let element = document.elements[current]
      if case .table = element.kind {
        guard !Self.isInfobox(element) else { return nil }
        // Elements are in the document's order: the table's are those after it that
        // start inside it.
        var inside = current + 1
        while inside < document.elements.count,
          element.items.contains(document.elements[inside].items.lowerBound)
        {
          if document.elements[inside].rowSpan > 1 { return current }
          inside += 1
        }
        return nil
      }
      guard case .block = element.kind else { return nil }
      let shown = children[current].filter { !skipped.contains($0) }
      guard shown.count == 1, let only = shown.first else { return nil }
      current = only
    }
    return nil
  }

  /// Whether the element holds text of its own (not only pictures or their alt text).
  private func hasText(_ element: Int) -> Bool {
    document.items[document.elements[element].items].contains {
      guard case .text(let range) = $0 else { return false }
      return !document.storage[range].allSatisfy(HTMLTokenizer.isSpace)
    }
  }

  /// The fewest blocks a drawn bar has, and the most characters each may hold.
  static let barBlocks = 5
  static let barLabelLength = 4

  /// A bar drawn with blocks: a geological timeline beside a fossil range (`PreЄ Є O S D C
  /// P T J K Pg N`, each a positioned `div` of a period's symbol), a scale. Its blocks are
  /// each a short label and nothing else is in it; laid out they are a symbol a line.
  private func isDrawnBar(_ index: Int, children: [[Int]]) -> Bool {
    guard case .block = document.elements[index].kind else { return false }
    let blocks = children[index]
    guard blocks.count >= Self.barBlocks else { return false }
    var labelled = 0
    var inBlocks = 0
    for block in blocks {
      guard case .block = document.elements[block].kind,
        let length = shortTextLength(of: block, atMost: Self.barLabelLength)
      else { return false }
      if length > 0 { labelled += 1 }
      inBlocks += length
    }
    // Nothing outside the blocks: a sentence that ends in a row of boxes is not a bar.
    return labelled >= Self.barBlocks
      && shortTextLength(of: index, atMost: inBlocks) == inBlocks
  }

  /// The scalars, spaces aside, of the element's text when there are at most `limit`;
  /// nil past it, read no further (a bar's test is asked of every block of the article,
  /// so it counts UTF-8 lead bytes and builds no string).
  private func shortTextLength(of element: Int, atMost limit: Int) -> Int? {
    var count = 0
    for item in document.items[document.elements[element].items] {
      guard case .text(let range) = item else { continue }
      for byte in document.storage[range]
      where byte & 0xC0 != 0x80 && !HTMLTokenizer.isSpace(byte) {
        count += 1
        if count > limit { return nil }
      }
    }
    return count
  }

  // MARK: - What an element is

  static func classes(_ element: PageElement) -> [Substring] {
    guard let name = element.className?.lowercased() else { return [] }
    return name.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
  }

  static func isInfobox(_ element: PageElement) -> Bool {
    guard case .table = element.kind else { return false }
    return classes(element).contains { $0 == "infobox" || $0.hasPrefix("infobox_") }
  }

  static func isHatnote(_ element: PageElement) -> Bool {
    classes(element).contains { $0 == "hatnote" || $0 == "dablink" || $0 == "rellink" }
  }

  static func isHeading(_ element: PageElement) -> Bool {
    if case .heading = element.kind { return true }
    return classes(element).contains("mw-heading")
  }

  /// Boxes and controls that are not the article: navigation boxes, maintenance and
  /// notice boxes (`本页使用了标题或全文手工转换`), the table of contents, edit links,
  /// the coordinates repeated at the top, and the disambiguation box's own notice.
  static func isJunk(_ element: PageElement) -> Bool {
    if let id = element.id?.lowercased(), junkIDs.contains(id) { return true }
    if isHatnote(element) { return false }
    return classes(element).contains { junkClasses.contains(String($0)) }
  }

  static let junkIDs: Set<String> = ["toc", "coordinates", "catlinks", "disambigbox", "notice"]
  static let junkClasses: Set<String> = [
    "navbox", "navbox-styles", "vertical-navbox", "navbox-inner", "sidebar", "ambox", "ombox",
    "tmbox", "cmbox", "fmbox", "imbox", "mbox-small", "metadata", "noteta", "noteta-group",
    "toc", "mw-empty-elt", "sistersitebox", "portal", "portalbox", "authority-control",
    "mw-editsection", "navbar", "dmbox", "disambigbox", "noprint", "geo-nondefault",
    "mw-indicators",
    "shortdescription", "navigation-only", "printfooter", "catlinks", "mw-cite-backlink",
    // The page content service's controls: an infobox's "Quick facts" summary, edit links.
    "pcs-collapse-table-collapsed_container", "pcs-collapse-table-collapsed_bottom",
    "pcs_edit_section_link_container",
  ]
}

extension SitePlan {
  /// MediaWiki's article pages (Wikipedia's desktop skin and its page content service):
  /// the lead first, every infobox as facts, hatnotes as one line, navboxes and notices
  /// left out (`WikiArticle`). A page is one when it has MediaWiki's article body.
  static let mediaWiki = SitePlan(
    name: "MediaWiki",
    recognises: { !WikiArticle(document: $0).bodies().isEmpty },
    read: { WikiArticle(document: $0).plan() })
}
