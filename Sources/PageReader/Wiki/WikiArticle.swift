/// The reader view of a MediaWiki article (Vector 2022, any language edition), laid out as
/// Wikipedia's mobile site orders it: a hatnote as one line, the lead paragraphs, the
/// infobox as a compact facts block (`label: value`), then the sections and, last, the
/// references. Edit links, navboxes, maintenance and notice boxes, the skin's menus and
/// the duplicate coordinates are left out.
struct WikiArticle {
  /// What to lay out: `document` with the facts block appended to its items, the ranges
  /// of items in reading order, the elements to leave out, and the page's title.
  struct Plan {
    var document: PageDocument
    var ranges: [Range<Int>]
    var skipped: Set<Int>
    var title: String?
  }

  let document: PageDocument

  /// The plan for a page that has MediaWiki's article body (`mw-parser-output`); nil for
  /// any other page.
  func plan() -> Plan? {
    let elements = document.elements
    // The article's, not the small one of a page-status indicator (`mw-indicators`).
    guard
      let root = elements.indices.filter({
        Self.classes(elements[$0]).contains("mw-parser-output")
      }).max(by: { elements[$0].items.count < elements[$1].items.count })
    else { return nil }
    var skipped: Set<Int> = []
    var children: [[Int]] = Array(repeating: [], count: elements.count)
    let span = elements[root].items
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
    }
    var hatnotes: [Range<Int>] = []
    var lead: [Range<Int>] = []
    var rest: [Range<Int>] = []
    var infobox: Int?
    var inLead = true
    var cursor = span.lowerBound + 1
    // The root's own items in order: its child elements and any text loose in it.
    while cursor < span.upperBound - 1 {
      if case .start(let child) = document.items[cursor] {
        let range = elements[child].items
        cursor = max(cursor + 1, range.upperBound)
        let element = elements[child]
        if skipped.contains(child) { continue }
        if Self.isHeading(element)
          || children[child].contains(where: { Self.isHeading(elements[$0]) })
        {
          inLead = false
        }
        if infobox == nil, Self.isInfobox(element) {
          infobox = child
        } else if inLead, Self.isHatnote(element) {
          hatnotes.append(range)
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
    var copy = document
    var facts: [Range<Int>] = []
    if let infobox {
      skipped.insert(infobox)
      let title = title()
      var block = FactsBlock(document: copy, skipped: skipped)
      if let range = block.facts(of: infobox, children: children, title: title) {
        facts = [range]
      }
      copy = block.document
    }
    let ranges = hatnotes + lead + facts + rest
    guard !ranges.isEmpty else { return nil }
    return Plan(document: copy, ranges: ranges, skipped: skipped, title: title())
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
    "mw-editsection", "dmbox", "disambigbox", "noprint", "geo-nondefault", "mw-indicators",
    "shortdescription", "navigation-only", "printfooter", "catlinks", "mw-cite-backlink",
  ]
}
