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
  struct Flags {
    var stripUnlikely: Bool
    var weighClasses: Bool
    var cleanConditionally: Bool
  }

  /// Totals of one element's text, its descendants' included.
  struct Stats {
    var text = 0
    var linkText = 0.0
    var commas = 0
    var listText = 0
    var headingText = 0
    var paragraphs = 0
    var items = 0
    var dataTable = false
  }

  let document: PageDocument
  /// Readability's numbers under its names, and the switches of the rules added to it.
  let options: ReaderOptions
  /// The document's elements and, last, a root standing for `body`, which is not an
  /// element of the document (its tags are too often misplaced to trust) but is where
  /// Readability scores paragraphs that sit loose in the page.
  let nodes: [PageElement]
  let root: Int
  let children: [[Int]]
  let hints: [ClassHints.Verdict]
  /// The hosts of the page's own site, without `www.`.
  let siteHosts: Set<String>

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
            || document.metadata.declaresArticle && best.length >= options.siblingParagraphLength
              && !Self.isConsentNotice(text(of: best)))
    else { return nil }
    return best
  }

  /// One pass of Readability's `_grabArticle`, its phases in its order, each in a file of
  /// its own (`ArticleFinder+Phase.swift`) to be read beside Readability.js:
  /// 1. prepare (`+Prepare`): what is never the article is removed, as `_grabArticle`'s
  ///    first walk strips unlikely candidates, and every element's text is counted once;
  /// 2. score candidates (`+Score`): each paragraph scores its ancestors;
  /// 3. pick the top (`+PickTop`): the best candidate by score and link density, then up
  ///    to the ancestor the article is;
  /// 4. join siblings (`+Siblings`): the top's siblings that score or read as its text;
  /// 5. clean the article (`+Clean`, as `_prepArticle`; then `+Title` and `+Edges`, which
  ///    Readability does not have, leave out the headline repeated and the furniture at the
  ///    article's ends).
  /// Whether a page has an article at all (`isProbablyReaderable`) is `+Readerable`.
  func attempt(_ flags: Flags, junk: [Int]) -> Article? {
    // 1. Prepare.
    let removed = flags.stripUnlikely ? unlikely(junk) : Set(junk)
    let stats = statistics(skipping: removed)
    // 2. Score candidates.
    var scores = scoreCandidates(skipping: removed, stats: stats, flags: flags)
    // 3. Pick the top.
    guard let top = pickTop(&scores, stats: stats) else { return nil }
    // 4. Join siblings.
    let roots = siblings(of: top, scores: scores, stats: stats)
    // 5. Clean the article.
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
}
