import TextSupport

/// Finds a page's main article as Mozilla Readability (Firefox's reader view) does:
/// paragraphs score their ancestors by text length and commas, candidates are weighed
/// by class hints and link density, the best one takes well-scoring siblings along, and
/// navigation, share bars and link lists inside it are left out.
struct ArticleFinder {
  /// The article: the item ranges to lay out, in order, and the elements to leave out.
  struct Article {
    var ranges: [Range<Int>]
    var skipped: Set<Int>
    var title: String?
    /// Characters of text in the article.
    var length: Int
  }

  /// One attempt's rules; later attempts relax them, as Readability retries.
  private struct Flags {
    var stripUnlikely: Bool
    var weighClasses: Bool
    var cleanConditionally: Bool
  }

  /// Totals of one element's text, its descendants' included.
  private struct Stats {
    var text = 0
    var linkText = 0.0
    var commas = 0
    var listText = 0
    var headingText = 0
    var paragraphs = 0
    var items = 0
    var dataTable = false
  }

  /// The shortest text (characters, not counting spaces) taken for the article of a page
  /// that marks or declares it, though it is short of `charThreshold`: a news brief.
  private static let shortestMarked = 80

  let document: PageDocument
  /// Readability's numbers under its names, and the switches of the rules added to it.
  let options: ReaderOptions
  /// The document's elements and, last, a root standing for `body`, which is not an
  /// element of the document (its tags are too often misplaced to trust) but is where
  /// Readability scores paragraphs that sit loose in the page.
  private let nodes: [PageElement]
  private let root: Int
  private let children: [[Int]]
  private let hints: [ClassHints.Verdict]
  /// The hosts of the page's own site, without `www.`.
  private let siteHosts: Set<String>

  init(document: PageDocument, options: ReaderOptions = .standard) {
    self.document = document
    self.options = options
    root = document.elements.count
    var nodes = document.elements
    for index in nodes.indices where nodes[index].parent == nil { nodes[index].parent = root }
    nodes.append(
      PageElement(
        name: "body", kind: .block(blank: false), parent: nil, items: 0..<document.items.count))
    self.nodes = nodes
    var children = [[Int]](repeating: [], count: nodes.count)
    for (index, element) in nodes.enumerated() {
      if let parent = element.parent { children[parent].append(index) }
    }
    self.children = children
    hints = ClassHints.verdicts(nodes)
    siteHosts = Set(
      [document.metadata.documentURL, document.metadata.canonicalURL].compactMap { $0 }
        .compactMap(Self.host))
  }

  /// The article, or nil when the page has none that can be trusted (a list, a form, a
  /// home page): then the whole page is the better view.
  func find() -> Article? {
    guard nodes.count > 1 else { return nil }
    let attempts = [
      Flags(stripUnlikely: true, weighClasses: true, cleanConditionally: true),
      Flags(stripUnlikely: false, weighClasses: true, cleanConditionally: true),
      Flags(stripUnlikely: false, weighClasses: false, cleanConditionally: true),
      Flags(stripUnlikely: false, weighClasses: false, cleanConditionally: false),
    ]
    var best: Article?
    // What is never the article is the same for every attempt: worked out once.
    let junk = structuralJunk()
    for flags in attempts {
      guard let article = attempt(flags, junk: junk) else { continue }
      if article.length >= options.charThreshold { return article }
      if article.length > best?.length ?? 0 { best = article }
    }
    guard let best,
      isReaderable()
        || options.has(.markedArticle)
          && (isMarkedArticle(best)
            || document.metadata.declaresArticle && best.length >= Self.shortestMarked
              && !Self.isConsentNotice(text(of: best)))
    else { return nil }
    return best
  }

  /// Whether the page says a short article is its article: it is, or is inside, an
  /// `itemprop=articleBody`, or it opens with the JSON-LD `articleBody` (or description).
  private func isMarkedArticle(_ article: Article) -> Bool {
    guard article.length >= Self.shortestMarked else { return false }
    let roots = Set(
      article.ranges.compactMap { range in
        nodes.indices.first { nodes[$0].items == range }
      })
    for root in roots {
      var current: Int? = root
      var steps = 0
      while let index = current, steps < 64 {
        if Self.isArticleBody(nodes[index]) { return true }
        current = nodes[index].parent
        steps += 1
      }
    }
    for range in article.ranges {
      for item in document.items[range] {
        if case .start(let element) = item, !article.skipped.contains(element),
          Self.isArticleBody(nodes[element])
        {
          return true
        }
      }
    }
    guard let body = document.metadata.articleBody else { return false }
    let opening = Self.normalized(String(body.prefix(120)))
    guard opening.count >= 40 else { return false }
    return Self.normalized(text(of: article)).contains(String(opening.prefix(40)))
  }

  /// The text of an article's ranges, its runs joined by spaces.
  private func text(of article: Article) -> String {
    article.ranges.map { range in
      document.items[range].compactMap { item -> String? in
        switch item {
        case .text(let text): return document.text(text)
        default: return nil
        }
      }.joined(separator: " ")
    }.joined(separator: " ")
  }

  /// A notice about cookies or consent: on a page built by a script, often the only text
  /// the markup has, and never its article.
  static func isConsentNotice(_ text: String) -> Bool {
    let words = Self.words(text)
    return words.contains { $0.hasPrefix("cookie") || $0 == "consent" }
  }

  static func isArticleBody(_ element: PageElement) -> Bool {
    element.itemProp?.lowercased().split(separator: " ").contains("articlebody") == true
  }

  // MARK: - One attempt

  private func attempt(_ flags: Flags, junk: [Int]) -> Article? {
    let removed = flags.stripUnlikely ? unlikely(junk) : Set(junk)
    let stats = statistics(skipping: removed)
    var scores: [Int: Double] = [:]
    for index in nodes.indices where !removed.contains(index) {
      score(paragraph: index, stats: stats, flags: flags, into: &scores)
    }
    var top: Int?
    var topScore = -Double.infinity
    for (index, score) in scores {
      let final = score * (1 - linkDensity(stats[index]))
      scores[index] = final
      let boosted = self.boosted(index, final, stats: stats)
      if boosted > topScore || (boosted == topScore && index < (top ?? Int.max)) {
        top = index
        topScore = boosted
      }
    }
    guard var top else { return nil }
    top = preferLonger(over: top, topScore: topScore, scores: scores, stats: stats)
    top = climb(from: top, scores: scores, stats: stats)
    let roots = siblings(of: top, scores: scores, stats: stats)
    var skipped = removed
    for root in roots {
      clean(root, stats: stats, flags: flags, into: &skipped)
    }
    let title = headline()
    if let duplicate = titleHeading(in: roots, title: title, skipping: skipped) {
      skipped.insert(duplicate)
    }
    if let byline = document.metadata.bylineElement { skipped.insert(byline) }
    if options.has(.edges) { trimEdges(of: roots, title: title, skipping: &skipped) }
    let ranges = roots.map { nodes[$0].items }
    return Article(
      ranges: ranges, skipped: skipped, title: title,
      length: textLength(ranges, skipping: skipped))
  }

  /// A best candidate too short to be an article on its own, and not paragraphs (a caption
  /// heavy with commas), gives way to one that scores nearly as well and holds an article's
  /// worth of paragraphs that are not links: Readability's scores count commas, and a
  /// photo's caption can have more than the article's short paragraphs.
  private func preferLonger(
    over top: Int, topScore: Double, scores: [Int: Double], stats: [Stats]
  ) -> Int {
    func prose(_ index: Int) -> Double {
      Double(stats[index].text) * (1 - linkDensity(stats[index]))
    }
    guard options.has(.preferLonger) else { return top }
    let own = prose(top)
    // Only a block that is not paragraphs itself (a caption, a note), and only for one
    // that is: a short article of three paragraphs stays, a long comment under it or not.
    guard own < Double(options.charThreshold), topScore > 0, stats[top].paragraphs < 2 else {
      return top
    }
    var best = top
    var bestScore = -Double.infinity
    for (index, score) in scores where index != top {
      let boosted = self.boosted(index, score, stats: stats)
      guard boosted >= topScore * options.alternativeScoreRatio, stats[index].paragraphs >= 3,
        prose(index) >= Double(options.charThreshold),
        prose(index) >= 2 * own, linkDensity(stats[index]) < 0.25,
        !nodes[top].items.contains(nodes[index].items.lowerBound)
      else { continue }
      if boosted > bestScore || (boosted == bestScore && index < best) {
        best = index
        bestScore = boosted
      }
    }
    return best
  }

  /// A post quoted from a social network (a tweet's `blockquote` in a `social-media-embed`
  /// box): the article quotes it, though its box's class reads as a share bar's.
  private func isEmbeddedPost(_ index: Int) -> Bool {
    guard options.has(.embeddedPost), hints[index].embed else { return false }
    let range = nodes[index].items
    var position = range.lowerBound
    while position < min(range.upperBound, range.lowerBound + 256) {
      if case .start(let element) = document.items[position], case .quote = nodes[element].kind {
        return true
      }
      position += 1
    }
    return false
  }

  /// A box that is little but a quotation (an embedded post, whatever its class: the
  /// post's text, its links, "— Name (@name) date"): its links are the post's, not a
  /// list of links, and it is the article's as its other quotations are.
  private func isQuoteBox(_ index: Int, stats: [Stats]) -> Bool {
    guard options.has(.quoteBox) else { return false }
    let mine = stats[index]
    // A quotation that is all links is a "click to tweet" button, not a post.
    guard mine.text >= 40, linkDensity(mine) < 0.6 else { return false }
    var quoted = 0
    for child in children[index].prefix(8) {
      if case .quote = nodes[child].kind {
        quoted += stats[child].text
      } else if children[child].count == 1, let only = children[child].first,
        case .quote = nodes[only].kind
      {
        quoted += stats[only].text
      }
    }
    return quoted * 10 >= mine.text * 8
  }

  /// Whether an element's own paragraphs are prose, three at least of 80 characters with
  /// no link, and its links are all in one of its children ("SEE MORE: …").
  private func isProseWithOneLink(_ index: Int, stats: [Stats]) -> Bool {
    guard options.has(.proseWithOneLink) else { return false }
    var plain = 0
    var linked = 0
    for child in children[index] {
      if stats[child].linkText > 0 {
        linked += 1
        if linked > 1 { return false }
      } else if nodes[child].name == "p" && stats[child].text >= 80 {
        plain += 1
      }
    }
    return plain >= 3
  }

  /// Elements never worth scoring: unlikely class names, navigation roles and tags.
  private func unlikely(_ junk: [Int]) -> Set<Int> {
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

  /// `nav`, `aside`, `footer`, forms and navigation roles: never the article, in any
  /// attempt (they say what they are; class names only hint). A form that holds the
  /// page's paragraphs is not one: ASP.NET pages wrap their whole body in a `<form>`.
  private func structuralJunk() -> [Int] {
    var all: [Stats]?
    return nodes.indices.filter { index in
      let element = nodes[index]
      if element.name == "form" {
        guard options.has(.formWrapper) else { return true }
        if all == nil { all = statistics(skipping: []) }
        guard let mine = all?[index] else { return true }
        return
          !(mine.paragraphs >= 3
          && Double(mine.text) - mine.linkText >= Double(options.charThreshold))
      }
      // Comment sections are never the article, however long the thread (issue 25).
      if options.has(.commentSections) && hints[index].comments && !Self.isKeptSpan(element) {
        return true
      }
      return ["nav", "aside", "footer", "fieldset", "dialog"].contains(element.name)
        || ["navigation", "menu", "menubar", "dialog", "alertdialog"].contains(
          element.role?.lowercased() ?? "")
    }
  }

  private func inTableOrCode(_ index: Int) -> Bool {
    var current = nodes[index].parent
    var steps = 0
    while let ancestor = current, steps < 64 {
      switch nodes[ancestor].kind {
      case .table(layout: false), .pre: return true
      default: break
      }
      current = nodes[ancestor].parent
      steps += 1
    }
    return false
  }

  /// Text totals for every element, in one pass; removed elements count for nothing.
  private func statistics(skipping removed: Set<Int>) -> [Stats] {
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
          linkWeight = document.links[link].isInPage ? 0.3 : 1
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
        let (length, commas) = Self.measure(
          document.storage[range], weighingWide: options.has(.cjkWeight))
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
  /// character (U+3000–U+9FFF) counts three: it says about as much as a Latin word, and
  /// Chinese has no spaces, so that Readability's bars (25 characters for a paragraph,
  /// a point per 100, 140 for `isProbablyReaderable`, 500 for an article) mean as much
  /// text on a Chinese page as on an English one. Readability counts `length` alone.
  static func measure(_ bytes: ArraySlice<UInt8>, weighingWide: Bool = true) -> (Int, Int) {
    var length = 0
    var commas = 0
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if weighingWide && byte >= 0xE3 && byte <= 0xE9 {
        length += 3
      } else if byte & 0xC0 != 0x80 && !HTMLTokenizer.isSpace(byte) {
        length += 1
      }
      if byte == UInt8(ascii: ",") {
        commas += 1
      } else if byte == 0xEF, index + 2 < bytes.endIndex, bytes[index + 1] == 0xBC,
        bytes[index + 2] == 0x8C || bytes[index + 2] == 0x9B
      {
        // U+FF0C and U+FF1B, the full-width comma and semicolon of Chinese text.
        commas += 1
      } else if byte == 0xE3, index + 2 < bytes.endIndex, bytes[index + 1] == 0x80,
        bytes[index + 2] == 0x81
      {
        commas += 1  // U+3001, the ideographic comma.
      }
      index += 1
    }
    return (length, commas)
  }

  // MARK: - Scoring

  /// Scores a paragraph's ancestors: its parent fully, its grandparent half, further
  /// ancestors less, as Readability's `_grabArticle` does.
  private func score(
    paragraph index: Int, stats: [Stats], flags: Flags, into scores: inout [Int: Double]
  ) {
    let element = nodes[index]
    let own = ownText(index, stats: stats)
    guard own.length >= options.minParagraphLength else { return }
    var chain: [Int] = []
    switch element.name {
    case "p", "pre", "td", "h2", "h3", "h4", "h5", "h6":
      break
    case "div", "section", "article", "main", "header", "center", "font", "span":
      // Text loose in a block is a paragraph Readability would wrap in a `p` of its own.
      chain.append(index)
    default:
      return
    }
    var ancestor = element.parent
    while let next = ancestor, chain.count < options.ancestorLevels {
      chain.append(next)
      ancestor = nodes[next].parent
    }
    let content =
      1 + Double(own.commas)
      + Double(min(own.length / options.charsPerPoint, options.maxLengthPoints))
    for (level, candidate) in chain.enumerated() {
      if scores[candidate] == nil { scores[candidate] = initialScore(candidate, flags: flags) }
      let divider = level == 0 ? 1 : level == 1 ? 2 : Double(level * 3)
      scores[candidate, default: 0] += content / divider
    }
  }

  /// The text an element holds itself, outside its child elements (links and inline
  /// elements count as its own).
  private func ownText(_ index: Int, stats: [Stats]) -> (length: Int, commas: Int) {
    var length = stats[index].text
    var commas = stats[index].commas
    for child in children[index] {
      switch nodes[child].kind {
      case .link, .inline: continue
      default:
        length -= stats[child].text
        commas -= stats[child].commas
      }
    }
    return (max(0, length), max(0, commas))
  }

  private func initialScore(_ index: Int, flags: Flags) -> Double {
    let element = nodes[index]
    var score: Double
    switch element.name {
    case "div": score = 5
    case "pre", "td", "blockquote": score = 3
    case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": score = -3
    case "h1", "h2", "h3", "h4", "h5", "h6", "th": score = -5
    case "header": score = -5
    default: score = 0
    }
    if flags.weighClasses { score += Double(hints[index].weight) }
    return score
  }

  /// A candidate's score as the best candidate is chosen by. `<article>`, `<main>` and
  /// `role=main` say where the content is: a boost when choosing the best candidate, but
  /// not a score the climb to its ancestors weighs (a `<main>` around the article and its
  /// furniture would win every time).
  private func boosted(_ index: Int, _ score: Double, stats: [Stats]) -> Double {
    score + tagBoost(index) * (1 - linkDensity(stats[index]))
  }

  private func tagBoost(_ index: Int) -> Double {
    guard options.has(.tagBoost) else { return 0 }
    let element = nodes[index]
    var boost = 0.0
    if element.name == "article" || element.name == "main" { boost += 10 }
    if element.role?.lowercased() == "main" { boost += 10 }
    if Self.isArticleBody(element) { boost += 10 }
    return boost
  }

  private func linkDensity(_ stats: Stats) -> Double {
    stats.text == 0 ? 0 : min(1, stats.linkText / Double(stats.text))
  }

  /// Moves up from the best candidate while its ancestors score as well, and past
  /// wrappers with a single child, so the article is whole.
  private func climb(from start: Int, scores: [Int: Double], stats: [Stats]) -> Int {
    var top = start
    let topScore = scores[top] ?? 0
    // Several good candidates under one ancestor: the article is that ancestor.
    // Readability looks at the five best candidates only; that also bounds the work
    // on a page of thousands of nested, equally scored blocks.
    let alternatives = scores.filter {
      $0.key != top && $0.value >= topScore * options.alternativeScoreRatio
    }
    .sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
    .prefix(options.nTopCandidates - 1).map(\.key)
    if alternatives.count >= options.minimumTopCandidates {
      var ancestor = nodes[top].parent
      var steps = 0
      while let next = ancestor, next != root, steps < 256 {
        steps += 1
        let range = nodes[next].items
        let inside = alternatives.filter { range.contains(nodes[$0].items.lowerBound) }
        if inside.count >= options.minimumTopCandidates {
          top = next
          break
        }
        ancestor = nodes[next].parent
      }
    }
    var lastScore = scores[top] ?? topScore
    let threshold = lastScore / options.parentScoreDivisor
    var parent = nodes[top].parent
    while let next = parent {
      guard let parentScore = scores[next] else {
        parent = nodes[next].parent
        continue
      }
      if parentScore < threshold { break }
      // A parent that is mostly links (teasers, "more stories") around the article only
      // scores through its class name: the article does not grow into it.
      if options.has(.linkParentStop),
        linkDensity(stats[next]) > max(0.25, linkDensity(stats[top]) + 0.2)
      {
        break
      }
      if parentScore > lastScore {
        top = next
        break
      }
      lastScore = parentScore
      parent = nodes[next].parent
    }
    while let parent = nodes[top].parent, children[parent].count == 1 {
      top = parent
    }
    return top
  }

  /// The top candidate and those of its siblings that score or read as article text.
  private func siblings(of top: Int, scores: [Int: Double], stats: [Stats]) -> [Int] {
    guard let parent = nodes[top].parent else { return [top] }
    let topScore = scores[top] ?? 0
    let threshold = max(options.siblingMinScore, topScore * options.siblingScoreRatio)
    let topClasses = Self.classes(nodes[top].className)
    return children[parent].filter { sibling in
      if sibling == top { return true }
      let element = nodes[sibling]
      var bonus = 0.0
      // Readability's bonus is for the same class attribute, not empty.
      let sameKind =
        options.has(.siblingOfKind)
        ? Self.isSameKind(Self.classes(element.className), as: topClasses)
        : element.className != nil && element.className == nodes[top].className
      if sameKind {
        bonus += topScore * options.siblingScoreRatio
      }
      if let score = scores[sibling], score + bonus >= threshold { return true }
      let density = linkDensity(stats[sibling])
      let length = stats[sibling].text
      // A part of the article cut off by a figure may sit deeper than the five levels that
      // paragraphs score: the top candidate's tag, a class of its kind, and text, not links.
      if options.has(.siblingOfKind), bonus > 0, element.name == nodes[top].name, length >= 140,
        density < 0.3
      {
        return true
      }
      guard element.name == "p" else { return false }
      if length > options.siblingParagraphLength && density < options.siblingLinkDensity {
        return true
      }
      if length > 0 && length <= options.siblingParagraphLength && density == 0 {
        let text = document.textContent(of: sibling)
        return text.hasSuffix(".") || text.contains(". ")
      }
      return false
    }
  }

  /// An element's class names, in order (the first 32).
  private static func classes(_ names: String?) -> [Substring] {
    guard let names else { return [] }
    return Array(
      names.split(maxSplits: 32, whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        .prefix(32))
  }

  /// Whether a sibling's classes make it a block of the top candidate's kind: the same
  /// names, or the same first name (the component's) and no name the top lacks (the top
  /// has a modifier more: `body-text first` beside `body-text`). Readability asks for the
  /// same class attribute; a page cut into parts by figures marks its first part so. A
  /// block with a name of its own (`mx-auto max-w-2xl mt-8`, a newsletter box beside
  /// the article's `mx-auto max-w-2xl`) is another kind, and a state a script adds
  /// (`articlecontent loaded` beside `loaded`) is no component.
  private static func isSameKind(_ sibling: [Substring], as top: [Substring]) -> Bool {
    guard let first = sibling.first, first == top.first else { return false }
    return Set(sibling).isSubset(of: top)
  }

  // MARK: - Cleaning

  /// Leaves out what Readability's `_prepArticle` cleans from the article: share bars,
  /// headings with negative hints, and lists, tables and divs that look like page
  /// furniture (mostly links, too little text).
  private func clean(_ root: Int, stats: [Stats], flags: Flags, into skipped: inout Set<Int>) {
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
        && (hints[index].credit && mine.text < 200
          || hints[index].authorBox && mine.text < 1500 && mine.text * 3 < stats[root].text
          || (hints[index].media || hints[index].teasers) && mine.text * 2 < stats[root].text
          || element.name == "figcaption" && mine.text < 400
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
      case .heading(let level) where level <= 2:
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

  /// A hover card: the box a style sheet shows over a linked name, set right after the
  /// link (`<a>Ann Lee</a><span class="rollover…">Ann Lee · her latest stories…</span>`).
  /// In the text it repeats the name and runs a list of links into the sentence. Only a
  /// span whose class says so (`HTMLReader` keeps those), that follows a link and begins
  /// with the name it links (its first word, its last soon after), and is nearly all links.
  private func isHoverCard(_ index: Int, stats: [Stats]) -> Bool {
    guard Self.isKeptSpan(nodes[index]) else { return false }
    let mine = stats[index]
    guard mine.text > 0, linkDensity(mine) >= 0.9 else { return false }
    // The link it follows: the item just before it, past spaces.
    var position = nodes[index].items.lowerBound - 1
    while position >= 0, position > nodes[index].items.lowerBound - 4,
      case .text(let range) = document.items[position],
      document.storage[range].allSatisfy(HTMLTokenizer.isSpace)
    {
      position -= 1
    }
    guard position >= 0, case .end(let previous) = document.items[position],
      case .link = nodes[previous].kind
    else { return false }
    func words(_ element: Int, _ count: Int) -> [Substring] {
      Array(Self.words(document.leadingText(of: element, limit: 400)).prefix(count))
    }
    let name = words(previous, 8)
    guard let first = name.first, let last = name.last, name.joined().count >= 3 else {
      return false
    }
    // A card names the person and lists more: two links at least (one link after a
    // name, `Climate` then `Climate change`, is a reference of the text's).
    var links = 0
    for item in document.items[nodes[index].items].prefix(512) {
      if case .start(let element) = item, case .link = nodes[element].kind { links += 1 }
    }
    guard links >= 2 else { return false }
    // The card may give the name in full: `Kristi Noem`, then `Kristi Lynn Noem …`.
    let card = words(index, name.count + 2)
    return card.first == first && (name.count == 1 || card.dropFirst().contains(last))
  }

  /// Whether an element is a span `HTMLReader` kept for its class.
  private static func isKeptSpan(_ element: PageElement) -> Bool {
    guard element.name == "span", case .inline = element.kind else { return false }
    return true
  }

  /// A span classed as a credit under a picture (inside a figure, a caption or a block
  /// classed as one), or one that reads as a credit.
  private func isPictureCredit(_ index: Int, stats: [Stats]) -> Bool {
    guard hints[index].credit, stats[index].text < 200 else { return false }
    // A credit that says so ("© Amazon", "Photo: …") is one wherever it stands.
    if ArticleEdges.isFurnitureAnywhere(document.leadingText(of: index, limit: 200)) {
      return true
    }
    var current = nodes[index].parent
    var steps = 0
    while let ancestor = current, steps < 6 {
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
  private func isLinkList(_ index: Int, stats: [Stats], within root: Stats) -> Bool {
    guard case .list = nodes[index].kind else { return false }
    let mine = stats[index]
    // A few headlines: a long or deep list is something else, and is not read through
    // (nested lists would each be read to their end).
    guard mine.text > 0, mine.items <= 50, nodes[index].items.count <= 1024,
      linkDensity(mine) >= 0.9, mine.text * 4 < root.text, mine.text <= 150 * max(1, mine.items)
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
    return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
  }

  /// Readability's `_cleanConditionally` for one `ul`, `ol`, `div`, `section` or table.
  private func isJunk(_ index: Int, stats: [Stats], flags: Flags) -> Bool {
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
    let weight = flags.weighClasses ? hints[index].weight : 0
    let density = linkDensity(mine)
    let headingDensity = mine.text == 0 ? 0 : Double(mine.headingText) / Double(mine.text)
    // A box weighed down only as `media` that holds a paragraph of prose keeps it: CNN
    // sets an article's first paragraph in one, and a long caption is shown anyway.
    let prose =
      hints[index].mediaOnly && mine.paragraphs >= 1 && mine.text >= 80 && density < 0.25
      && headingDensity < 0.5
    if weight < 0 && !prose { return true }
    // A quotation's links are its own; a box weighed down by its class still goes.
    if isQuoteBox(index, stats: stats) { return false }
    guard mine.commas < options.cleanCommas else { return false }
    let wholeList = isList || (mine.text > 0 && Double(mine.listText) / Double(mine.text) > 0.9)
    if !wholeList && mine.items - 100 > mine.paragraphs { return true }
    if !wholeList && element.name != "figure" && headingDensity < 0.9 && mine.text < 25
      && density > 0
    {
      return true
    }
    // Readability's bar for links is low (a fifth), and with no class to lift a block
    // three paragraphs of plain prose went for one "See more: …" link among them. A rail
    // (headings) or a thread (a linked name over each comment) is no such block.
    if !wholeList && weight < 25 && density > 0.2
      && (density >= 0.5 || mine.headingText > 0 || !isProseWithOneLink(index, stats: stats))
    {
      return true
    }
    if weight >= 25 && density > 0.5 { return true }
    return false
  }

  // MARK: - Edges

  /// Leaves out the furniture at the article's start and end (see `ArticleEdges`), and
  /// the short furniture lines inside it: the innermost blocks that hold text, in order,
  /// dropped from each end while they read as furniture. A block is dropped only when it
  /// holds no other block's text, so that no article text goes with it.
  private func trimEdges(of roots: [Int], title: String?, skipping skipped: inout Set<Int>) {
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
      if blocks.count > 4096 { break }
    }
    guard blocks.count > 2 else { return }
    // The elements that own more than one run of blocks (text, then a child's, then
    // text again) hold other text: never dropped.
    var owners: [Int: Int] = [:]
    for block in blocks { owners[block.element, default: 0] += 1 }
    // Only short blocks can be furniture: longer ones are never turned into strings.
    // Normalized once here: each check below would otherwise lower-case the block again.
    let storage = document.storage
    func normalizedText(_ position: Int) -> String {
      let block = blocks[position]
      return block.count <= 1600
        ? ArticleEdges.normalized(String(decoding: block.text(in: storage), as: UTF8.self)) : ""
    }
    let long = blocks.map { $0.count > 1600 }
    // A bar above the text that repeats the headline (`Economy | As Debt Rises, …`): the
    // header shows the title already. With two words more at most: a first sentence that
    // starts with the headline's words goes on to say more.
    let headline = title.map(ArticleEdges.normalized) ?? ""
    func repeatsTitle(_ line: String) -> Bool {
      guard headline.count >= 15, line.count <= headline.count + 40,
        let range = line.range(of: headline)
      else { return false }
      return Self.words(line[..<range.lowerBound] + " " + line[range.upperBound...]).count <= 2
    }
    // A root of the article is dropped only when it is a sibling holding nothing else but
    // a date, the headline again or plain furniture: a title's box, its headline gone, left
    // with "Updated 11:21 pm …". A loose paragraph that joined as a sibling ("Share prices
    // fell …") is not read by the rules for lines that merely start like furniture.
    var blocksIn: [Int: Int] = [:]
    if roots.count > 1 {
      for block in blocks {
        if let root = roots.first(where: {
          nodes[$0].items.contains(nodes[block.element].items.lowerBound)
        }) {
          blocksIn[root, default: 0] += 1
        }
      }
    }
    func droppable(_ position: Int) -> Bool {
      let element = blocks[position].element
      guard owners[element] == 1 else { return false }
      if roots.contains(element) {
        let line = normalizedText(position)
        return blocksIn[element] == 1
          && (line.count <= 80 && ArticleEdges.isDateLine(line)
            || ArticleEdges.isLabelledDate(line: line) || repeatsTitle(line)
            || ArticleEdges.isPlainlyFurniture(line: line))
      }
      // Nor a block with another block of text inside it.
      let range = nodes[element].items
      for other in [position - 1, position + 1] where blocks.indices.contains(other) {
        if range.contains(nodes[blocks[other].element].items.lowerBound) { return false }
      }
      return true
    }
    var first = 0
    while first < blocks.count - 1, !long[first], droppable(first),
      ArticleEdges.isFurniture(line: normalizedText(first), atStart: true)
        || repeatsTitle(normalizedText(first))
    {
      skipped.insert(blocks[first].element)
      first += 1
    }
    var last = blocks.count - 1
    func trimEnd() {
      while last > first, !long[last], droppable(last),
        ArticleEdges.isFurniture(line: normalizedText(last), atStart: false)
      {
        skipped.insert(blocks[last].element)
        last -= 1
      }
    }
    trimEnd()
    // A closing section the site adds under a heading of its own ("About the author",
    // "You may also like", "Comments"): dropped with all after it, when that is little;
    // then the furniture above it.
    let total = blocks[first...last].reduce(0) { $0 + $1.count }
    var after = 0
    var position = last
    while position > first, last - position < 16 {
      after += blocks[position].count
      if after * 4 > total { break }
      if ArticleEdges.opensClosingSection(line: normalizedText(position)),
        (position...last).allSatisfy(droppable)
      {
        for cut in position...last { skipped.insert(blocks[cut].element) }
        last = position - 1
        trimEnd()
        break
      }
      position -= 1
    }
    // After a promo's label ("DON'T MISS", "Related"), the links it introduces, though
    // their tags ("[VIDEO]") are not linked.
    var afterLabel = false
    for position in first...last where blocks[position].count <= 400 && droppable(position) {
      let block = blocks[position]
      let text = normalizedText(position)
      defer {
        afterLabel = skipped.contains(block.element) && ArticleEdges.isPromoLabel(text)
      }
      if afterLabel && block.linked * 10 >= block.count * 6 {
        skipped.insert(block.element)
        continue
      }
      // A date line under a label, near either end (further in, a live blog's entries).
      let nearEdge = position - first < 4 || last - position < 4
      if block.count <= 160 && ArticleEdges.isFurnitureAnywhere(line: text)
        || nearEdge && ArticleEdges.isLabelledDate(line: text)
        || block.count <= 250 && ArticleEdges.endsWithCredit(line: text, within: 40)
      {
        skipped.insert(block.element)
        continue
      }
      // A paragraph or heading that is one short link: a "read this too" promo.
      let element = nodes[block.element]
      let shortLink =
        element.name == "p" && block.count <= 200
        && block.linked * 10 >= block.count * 9
        && block.text(in: storage).split(whereSeparator: HTMLTokenizer.isSpace).count >= 3
      if shortLink { skipped.insert(block.element) }
    }
  }

  // MARK: - Title

  /// The article's headline: `og:title` or JSON-LD, else the `<title>` without the
  /// site's name.
  private func headline() -> String? {
    guard let title = document.metadata.headline ?? document.metadata.title else { return nil }
    let separators = [" | ", " - ", " – ", " — ", " » ", " / ", " \\ ", " > "]
    // Chinese sites join the parts with a bare underscore (`广州发展报告_新闻中心_某某网`);
    // that one counts only where an h1 confirms the first part, below.
    guard
      let separator = separators.first(where: { title.contains($0) })
        ?? (title.contains("_") ? "_" : nil)
    else { return title }
    // The page's own h1 repeating the title's first part names the article, the rest
    // the site (`广州市 - 维基百科，自由的百科全书`).
    let first = title.components(separatedBy: separator)[0]
    let headings = nodes.indices.lazy.filter { nodes[$0].name == "h1" }.prefix(8).map {
      Self.normalized(document.textContent(of: $0))
    }
    if !first.isEmpty, headings.contains(Self.normalized(first)) { return first }
    guard document.metadata.headline == nil, separator != "_" else { return title }
    // Readability's rule for a bare <title>: drop the part after the last separator,
    // unless that leaves too few words to be a headline.
    func words(_ text: String) -> Int { text.split(separator: " ").count }
    guard let last = title.range(of: separator, options: .backwards) else { return title }
    var headline = String(title[..<last.lowerBound])
    if words(headline) < 3, let firstSeparator = title.range(of: separator) {
      headline = String(title[firstSeparator.upperBound...])
    }
    let hierarchical = [" / ", " \\ ", " > ", " » "].contains(separator)
    if words(headline) <= 4 && (!hierarchical || words(headline) != words(title) - 2) {
      return title
    }
    return headline
  }

  /// The first `h1` or `h2` of the article when it only repeats the title shown above.
  private func titleHeading(in roots: [Int], title: String?, skipping: Set<Int>) -> Int? {
    guard let rawTitle = title else { return nil }
    let title = Self.normalized(rawTitle)
    guard !title.isEmpty else { return nil }
    // A reworded headline is the title only where it opens the article: further down, a
    // heading of the same words names a section ("How to retire early").
    var atTop = true
    for root in roots {
      let range = nodes[root].items
      var index = range.lowerBound
      while index < min(range.upperBound, document.items.count) {
        defer { index += 1 }
        if case .text(let text) = document.items[index],
          !document.storage[text].allSatisfy(HTMLTokenizer.isSpace)
        {
          atTop = false
        }
        guard case .start(let element) = document.items[index] else { continue }
        // The first heading shown, not one inside what is left out (a menu's h1).
        if skipping.contains(element) {
          index = max(index, nodes[element].items.upperBound - 1)
          continue
        }
        guard case .heading(let level) = nodes[element].kind, level <= 2 else { continue }
        let heading = Self.normalized(document.textContent(of: element))
        guard !heading.isEmpty else { continue }
        let similar =
          heading == title
          || (title.contains(heading) || heading.contains(title))
            && Double(min(heading.count, title.count)) / Double(max(heading.count, title.count))
              > 0.75
          || atTop && Self.similarity(of: document.textContent(of: element), to: rawTitle) > 0.75
        return similar ? element : nil
      }
    }
    return nil
  }

  /// Readability's `_textSimilarity`: how much of `heading`, by the length of its words,
  /// is words of `title` (the same headline reworded: "Key moments from …" under
  /// "Impeachment hearings: Key moments from …").
  static func similarity(of heading: String, to title: String) -> Double {
    let headingWords = words(heading)
    let titleWords = Set(words(title))
    guard !headingWords.isEmpty, !titleWords.isEmpty else { return 0 }
    let unique = headingWords.filter { !titleWords.contains($0) }
    let length = { (words: [Substring]) in words.reduce(0) { $0 + $1.count } + words.count - 1 }
    return 1 - Double(max(0, length(unique))) / Double(length(headingWords))
  }

  /// A text's words, lower case: its runs of letters and digits.
  static func words(_ text: String) -> [Substring] {
    text.lowercased().split { !$0.isLetter && !$0.isNumber }
  }

  private static func normalized(_ text: String) -> String {
    String(
      text.lowercased().unicodeScalars.filter {
        $0.properties.isAlphabetic || ("0"..."9").contains($0)
      }
      .map(Character.init))
  }

  /// Characters of text in `ranges`, as `measure` counts them (a CJK character three).
  private func textLength(_ ranges: [Range<Int>], skipping: Set<Int>) -> Int {
    var length = 0
    for range in ranges {
      var index = range.lowerBound
      while index < range.upperBound {
        switch document.items[index] {
        case .start(let element) where skipping.contains(element):
          index = max(index + 1, nodes[element].items.upperBound)
          continue
        case .text(let text), .altText(let text):
          length += Self.measure(document.storage[text], weighingWide: options.has(.cjkWeight)).0
        default: break
        }
        index += 1
      }
    }
    return length
  }

  /// Readability's `isProbablyReaderable`: paragraphs long enough to add up to an article.
  private func isReaderable() -> Bool {
    var stats: [Stats]?
    var score = 0.0
    for (index, element) in nodes.enumerated()
    where ["p", "pre", "article"].contains(element.name) {
      if hints[index].unlikely { continue }
      if stats == nil { stats = statistics(skipping: []) }
      guard let all = stats else { break }
      let length = all[index].text
      guard length >= options.minContentLength else { continue }
      score += (Double(length - options.minContentLength)).squareRoot()
      if score > options.minScore { return true }
    }
    return false
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
