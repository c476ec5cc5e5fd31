/// What an element's `class` and `id` say about it, as Mozilla Readability reads them:
/// words that mark the article, words that mark page furniture.
enum ClassHints {
  /// Words of page furniture that is not worth scoring at all (unless a word of
  /// `maybeWords` says it may be the content after all).
  static let unlikelyWords = [
    "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap",
    "disqus", "extra", "footer", "gdpr", "header", "legends", "menu", "related", "remark",
    "replies", "rss", "shoutbox", "sidebar", "skyscraper", "social", "sponsor", "supplemental",
    "ad-break", "agegate", "pagination", "pager", "popup", "yom-remote",
  ]
  static let maybeWords = [
    "and", "article", "body", "column", "content", "main", "mathjax", "shadow",
  ]
  static let positiveWords = [
    "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination",
    "post", "text", "blog", "story",
  ]
  static let negativeWords = [
    "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr",
    "masthead", "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox",
    "sidebar", "skyscraper", "sponsor", "shopping", "tags", "widget",
  ]
  /// Roles of elements that are never the article.
  static let unlikelyRoles: Set<String> = [
    "menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog",
  ]

  /// `class` and `id` together, lower case, for matching.
  static func hints(_ element: PageElement) -> String {
    ((element.className ?? "") + " " + (element.id ?? "")).lowercased()
  }

  static func isUnlikely(_ hints: String) -> Bool {
    unlikelyWords.contains { hints.contains($0) } && !maybeWords.contains { hints.contains($0) }
  }

  /// +25 for a positive word, −25 for a negative one, in the class and in the id.
  static func weight(_ element: PageElement) -> Int {
    var weight = 0
    for text in [element.className, element.id] {
      guard let text = text?.lowercased(), !text.isEmpty else { continue }
      if negativeWords.contains(where: { text.contains($0) }) || hasWord(text, "hid") {
        weight -= 25
      }
      if positiveWords.contains(where: { text.contains($0) }) { weight += 25 }
    }
    return weight
  }

  /// Share bars and buttons: `share` or `sharedaddy` as a word of the class or id.
  static func isShare(_ hints: String) -> Bool {
    hasWord(hints, "share") || hasWord(hints, "sharedaddy") || hasWord(hints, "sharing")
  }

  /// Whether `word` is in `text` bounded by start, end, space, `-` or `_`.
  static func hasWord(_ text: String, _ word: String) -> Bool {
    var search = text[...]
    while let range = search.range(of: word) {
      let before =
        range.lowerBound == text.startIndex ? " " : text[text.index(before: range.lowerBound)]
      let after = range.upperBound == text.endIndex ? " " : text[range.upperBound]
      let bounds: Set<Character> = [" ", "-", "_"]
      if bounds.contains(before) && bounds.contains(after) { return true }
      search = text[range.upperBound...]
    }
    return false
  }
}
