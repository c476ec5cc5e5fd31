import TextSupport

/// Whether the page has an article at all: Readability's `isProbablyReaderable`
/// (`minContentLength`, `minScore`), asked when no attempt reached `charThreshold`.
/// Departure (`markedArticle`): a page that marks its short article (`itemprop=articleBody`,
/// the JSON-LD `articleBody`) or declares itself an article has it shown, not the whole page.
extension ArticleFinder {
  /// Whether the page says a short article is its article (at least a paragraph of prose,
  /// `siblingParagraphLength`, though short of `charThreshold`: a news brief): it is, or is inside, an
  /// `itemprop=articleBody`, or it opens with the JSON-LD `articleBody` (or description).
  func isMarkedArticle(_ article: Article) -> Bool {
    guard article.length >= options.siblingParagraphLength else { return false }
    let roots = Set(
      article.ranges.compactMap { range in
        nodes.indices.first { nodes[$0].items == range }
      })
    for root in roots {
      var current: Int? = root
      var steps = 0
      while let index = current, steps < options.depthLimit {
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
    let opening = Self.normalized(String(body.prefix(options.openingLength)))
    guard opening.count >= options.shortText else { return false }
    return Self.normalized(text(of: article)).contains(String(opening.prefix(options.shortText)))
  }

  /// The text of an article's ranges, its runs joined by spaces.
  func text(of article: Article) -> String {
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

  /// Characters of text in `ranges`, as `measure` counts them (a CJK character three).
  func textLength(_ ranges: [Range<Int>], skipping: Set<Int>) -> Int {
    var length = 0
    for range in ranges {
      var index = range.lowerBound
      while index < range.upperBound {
        switch document.items[index] {
        case .start(let element) where skipping.contains(element):
          index = max(index + 1, nodes[element].items.upperBound)
          continue
        case .text(let text), .altText(let text):
          length += Self.measure(document.storage[text], wideLength: wideLength).0
        default: break
        }
        index += 1
      }
    }
    return length
  }

  /// Readability's `isProbablyReaderable`: paragraphs long enough to add up to an article.
  func isReaderable() -> Bool {
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
