import TextSupport

/// Phase 1, prepare: Readability's `_grabArticle` walk that removes unlikely candidates
/// (`_isProbablyVisible`, `REGEXPS.unlikelyCandidates` without `okMaybeItsACandidate`,
/// `UNLIKELY_ROLES`), and `_getInnerText` / `_getLinkDensity` worked out for every element
/// in one pass (`statistics`) instead of again for each question.
/// Departures: `nav`, `aside`, `footer`, forms and navigation roles are removed in every
/// attempt, not only the first (they say what they are; classes only hint), except a form
/// that holds the page's paragraphs (`formWrapper`); comment sections likewise
/// (`commentSections`); a social embed quoting a post stays (`embeddedPost`); text is
/// counted with CJK characters weighed (`cjkWeight`) and full-width commas counted.
extension ArticleFinder {
  /// `nav`, `aside`, `footer`, forms and navigation roles: never the article, in any
  /// attempt (they say what they are; class names only hint). A form that holds the
  /// page's paragraphs is not one: ASP.NET pages wrap their whole body in a `<form>`.
  func structuralJunk() -> [Int] {
    var all: [Stats]?
    return nodes.indices.filter { index in
      let element = nodes[index]
      if element.name == "form" {
        guard options.has(.formWrapper) else { return true }
        if all == nil { all = statistics(skipping: []) }
        guard let mine = all?[index] else { return true }
        return
          !(mine.paragraphs >= options.articleParagraphs
          && Double(mine.text) - mine.linkText >= Double(options.charThreshold))
      }
      // Comment sections are never the article, however long the thread: a short
      // post's thread was taken for the article (commit f45b568).
      if options.has(.commentSections) && hints[index].comments && !Self.isKeptSpan(element) {
        return true
      }
      return ["nav", "aside", "footer", "fieldset", "dialog"].contains(element.name)
        || ["navigation", "menu", "menubar", "dialog", "alertdialog"].contains(
          element.role?.lowercased() ?? "")
    }
  }

  /// Elements never worth scoring: unlikely class names, navigation roles and tags.
  func unlikely(_ junk: [Int]) -> Set<Int> {
    var removed = Set(junk)
    for (index, element) in nodes.enumerated() {
      guard element.name != "a", element.name != "body", !inTableOrCode(index) else { continue }
      if case .link = element.kind { continue }
      if Self.isKeptSpan(element) { continue }
      if hints[index].unlikely && !isEmbeddedPost(index) { removed.insert(index) }
      if let role = element.role?.lowercased(), ClassHints.unlikelyRoles.contains(role) {
        removed.insert(index)
      }
    }
    return removed
  }

  /// A post quoted from a social network (a tweet's `blockquote` in a `social-media-embed`
  /// box): the article quotes it, though its box's class reads as a share bar's.
  func isEmbeddedPost(_ index: Int) -> Bool {
    guard options.has(.embeddedPost), hints[index].embed else { return false }
    let range = nodes[index].items
    var position = range.lowerBound
    while position < min(range.upperBound, range.lowerBound + options.scanLimit) {
      if case .start(let element) = document.items[position], case .quote = nodes[element].kind {
        return true
      }
      position += 1
    }
    return false
  }

  /// Whether an element is a span `HTMLReader` kept for its class.
  static func isKeptSpan(_ element: PageElement) -> Bool {
    guard element.name == "span", case .inline = element.kind else { return false }
    return true
  }

  func inTableOrCode(_ index: Int) -> Bool {
    var current = nodes[index].parent
    var steps = 0
    while let ancestor = current, steps < options.depthLimit {
      switch nodes[ancestor].kind {
      case .table(layout: false), .pre: return true
      default: break
      }
      current = nodes[ancestor].parent
      steps += 1
    }
    return false
  }

  /// What a CJK character counts for in `measure`: `wideCharacterLength` with the rule
  /// `cjkWeight` on, one (as Readability counts) with it off.
  var wideLength: Int { options.has(.cjkWeight) ? options.wideCharacterLength : 1 }

  /// Text totals for every element, in one pass; removed elements count for nothing.
  func statistics(skipping removed: Set<Int>) -> [Stats] {
    var stats = [Stats](repeating: Stats(), count: nodes.count)
    var stack: [Int] = [root]
    var linkDepth = 0
    var linkWeight = 1.0
    var index = 0
    let items = document.items
    while index < items.count {
      switch items[index] {
      case .start(let element):
        if removed.contains(element) {
          index = max(index + 1, nodes[element].items.upperBound)
          continue
        }
        stack.append(element)
        if case .link(let link) = nodes[element].kind {
          linkDepth += 1
          // Readability counts in-page links at 0.3: a table of contents is not spam.
          linkWeight = document.links[link].isInPage ? options.inPageLinkWeight : 1
        }
      case .end(let mine):
        guard stack.last == mine else { break }
        stack.removeLast()
        let element = nodes[mine]
        if case .link = element.kind { linkDepth = max(0, linkDepth - 1) }
        var own = stats[mine]
        switch element.kind {
        case .list: own.listText = own.text
        case .heading: own.headingText = own.text
        case .table(layout: false): own.dataTable = true
        case .listItem: own.items += 1
        default: break
        }
        if element.name == "p" { own.paragraphs += 1 }
        stats[mine] = own
        guard let parent = stack.last else { break }
        stats[parent].text += own.text
        stats[parent].linkText += own.linkText
        stats[parent].commas += own.commas
        stats[parent].listText += own.listText
        stats[parent].headingText += own.headingText
        stats[parent].paragraphs += own.paragraphs
        stats[parent].items += own.items
        stats[parent].dataTable = stats[parent].dataTable || own.dataTable
      case .text(let range), .altText(let range):
        guard let owner = stack.last else { break }
        let (length, commas) = Self.measure(document.storage[range], wideLength: wideLength)
        stats[owner].text += length
        stats[owner].commas += commas
        if linkDepth > 0 { stats[owner].linkText += Double(length) * linkWeight }
      default: break
      }
      index += 1
    }
    return stats
  }

  /// Characters that are not spaces, and commas (Latin, Arabic and CJK ones). A CJK
  /// character (U+3000–U+9FFF) counts `wideLength` (three): it says about as much as a
  /// Latin word, and Chinese has no spaces, so that Readability's bars (25 characters for
  /// a paragraph, a point per 100, 140 for `isProbablyReaderable`, 500 for an article)
  /// mean as much text on a Chinese page as on an English one. Readability counts
  /// `length` alone; `wideLength` 1 counts as it does.
  static func measure(
    _ bytes: ArraySlice<UInt8>, wideLength: Int = ReaderOptions.standard.wideCharacterLength
  ) -> (Int, Int) {
    var length = 0
    var commas = 0
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte >= 0xE3 && byte <= 0xE9 {
        length += wideLength
      } else if byte & 0xC0 != 0x80 && !HTMLTokenizer.isSpace(byte) {
        length += 1
      }
      if byte == UInt8(ascii: ",") {
        commas += 1
      } else if byte == 0xEF || byte == 0xE3, isWideComma(bytes[index...]) {
        commas += 1
      }
      index += 1
    }
    return (length, commas)
  }

  /// U+FF0C and U+FF1B, the full-width comma and semicolon of Chinese text, and U+3001,
  /// the ideographic comma, as UTF-8, at the start of `bytes`.
  private static func isWideComma(_ bytes: ArraySlice<UInt8>) -> Bool {
    var next = bytes.makeIterator()
    switch (next.next(), next.next(), next.next()) {
    case (0xEF, 0xBC, 0x8C), (0xEF, 0xBC, 0x9B), (0xE3, 0x80, 0x81): return true
    default: return false
    }
  }
}
