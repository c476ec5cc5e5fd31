import TextSupport

/// What an element's `class` and `id` say about it, as Mozilla Readability reads them:
/// words that mark the article, words that mark page furniture.
enum ClassHints {
  /// Words of page furniture that is not worth scoring at all (unless a word of
  /// `maybeWords` says it may be the content after all).
  static let unlikelyWords =
    [
      "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap",
      "disqus", "extra", "footer", "gdpr", "header", "legends", "menu", "related", "remark",
      "replies", "respond", "rss", "shoutbox", "sidebar", "skyscraper", "social", "sponsor",
      "supplemental",
      "ad-break", "agegate", "pagination", "pager", "popup", "yom-remote",
    ] + pinyinFurniture
  static let maybeWords = [
    "and", "article", "body", "column", "content", "main", "mathjax", "shadow",
  ]
  static let positiveWords = [
    "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination",
    "post", "text", "blog", "story",
  ]
  static let negativeWords =
    [
      "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr",
      "masthead", "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox",
      "sidebar", "skyscraper", "sponsor", "shopping", "tags", "widget",
    ] + pinyinFurniture + ["bianji", "banquan", "mianze"]
  /// Chinese sites name their furniture in pinyin, not English: navigation (导航), comments
  /// (评论), share bars (分享), related stories (相关新闻, 相关), recommendations (推荐),
  /// rankings (排行), further reading (延伸); then an editor's line (编辑), the copyright
  /// (版权) and disclaimer (免责) are weighed down.
  static let pinyinFurniture = [
    "daohang", "pinglun", "fenxiang", "xgxw", "xiangguan", "tuijian", "paihang", "yanshen",
  ]
  /// Roles of elements that are never the article.
  static let unlikelyRoles: Set<String> = [
    "menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog",
  ]

  /// What one element's hints say, worked out once.
  struct Verdict {
    var unlikely = false
    /// In units of `ReaderOptions.classWeight` (see `weight(_:)`).
    var weight = 0
    var share = false
    /// An image's credit or attribution (`credit`, `copyright`, `attribution`).
    var credit = false
    /// A media widget around the text: a gallery, slideshow, carousel or lightbox.
    var media = false
    /// A comment section or a part of one: `comments`, `disqus`, `respond`, `replies`,
    /// unless a word such as `article` or `content` says it holds more.
    var comments = false
    /// Teasers for other stories: `trending`, `most-read`, `more-stories`, `outbrain`.
    var teasers = false
    /// A box that embeds something from elsewhere (`social-embed`, `embed-tweet`).
    var embed = false
    /// A box about the author (`author-bio`, `about-author`, `post-author`).
    var authorBox = false
    /// Weighed down only for the word `media`: a box for a picture or a video, which may
    /// hold a paragraph of the text too (`el__leafmedia--sourced-paragraph`).
    var mediaOnly = false
  }

  /// Words of an image's credit, each a whole word of a span's class or id (a span
  /// classed `tax-credit` is a phrase of the text).
  static let creditWords = ["credit", "credits", "copyright", "attribution"]

  /// Words of a box about the article's author, a part of the class or id.
  static let authorBoxWords = [
    "author-bio", "authorbio", "author-box", "authorbox", "about-author", "about-the-author",
    "author-info", "authorinfo", "post-author", "author-card", "author-details",
    "author-profile", "bio-box", "biobox",
  ]

  /// Words of a rail or box of links to other stories, a part of the class or id.
  static let teaserWords = [
    "trending", "most-read", "mostread", "most-popular", "mostpopular", "more-stories",
    "top-stories", "recommended", "recirc", "outbrain", "taboola", "related", "read-next",
    "up-next", "more-on", "tuijian", "xgxw", "xiangguan", "paihang", "yanshen",
  ]

  /// The verdicts on every element; elements that share a class share the work.
  static func verdicts(_ elements: [PageElement]) -> [Verdict] {
    var known: [String: Verdict] = [:]
    return elements.map { element in
      guard element.className != nil || element.id != nil else { return Verdict() }
      let key = (element.className ?? "") + "\u{0}" + (element.id ?? "")
      if let verdict = known[key] { return verdict }
      let hints = Array(((element.className ?? "") + " " + (element.id ?? "")).lowercased().utf8)
      let verdict = Verdict(
        unlikely: isUnlikely(hints), weight: weight(element),
        share: hasWord(hints, "share") || hasWord(hints, "sharedaddy")
          || hasWord(hints, "sharing"),
        credit: ["credit", "copyright", "attribution"].contains { ByteSearch.contains(hints, $0) },
        media: ["gallery", "slideshow", "carousel", "lightbox"].contains {
          ByteSearch.contains(hints, $0)
        },
        comments: isComments(hints),
        teasers: teaserWords.contains { ByteSearch.contains(hints, $0) },
        embed: ByteSearch.contains(hints, "embed"),
        authorBox: authorBoxWords.contains { ByteSearch.contains(hints, $0) },
        mediaOnly: ByteSearch.contains(hints, "media")
          && !negativeWords.contains { $0 != "media" && ByteSearch.contains(hints, $0) }
          && !hasWord(hints, "hid"))
      if known.count < 4096 { known[key] = verdict }
      return verdict
    }
  }

  /// Words of a comment section, each a whole word of the class or id (`commentary` is
  /// an article's kind, not a thread).
  static let commentWords = [
    "comment", "comments", "commentlist", "comment-list", "comments-area", "disqus",
    "disqus_thread", "respond", "replies", "reply", "discussion", "pinglun",
  ]

  static func isComments(_ hints: [UInt8]) -> Bool {
    commentWords.contains { hasWord(hints, $0) } || ByteSearch.contains(hints, "disqus")
      ? !["article", "content", "main", "body", "post", "entry", "story"].contains {
        ByteSearch.contains(hints, $0)
      } : false
  }

  static func isUnlikely(_ hints: [UInt8]) -> Bool {
    unlikelyWords.contains { ByteSearch.contains(hints, $0) }
      && !maybeWords.contains { ByteSearch.contains(hints, $0) }
  }

  /// +1 for a positive word, −1 for a negative one, in the class and in the id: in units of
  /// Readability's class weight (`ReaderOptions.classWeight`, 25).
  static func weight(_ element: PageElement) -> Int {
    /// In units of `ReaderOptions.classWeight` (see `weight(_:)`).
    var weight = 0
    for text in [element.className, element.id] {
      guard let text = text?.lowercased(), !text.isEmpty else { continue }
      let bytes = Array(text.utf8)
      if negativeWords.contains(where: { ByteSearch.contains(bytes, $0) }) || hasWord(bytes, "hid")
      {
        weight -= 1
      }
      if positiveWords.contains(where: { ByteSearch.contains(bytes, $0) }) { weight += 1 }
    }
    return weight
  }

  /// Whether `word` is in `text` bounded by start, end, space, `-` or `_`.
  static func hasWord(_ text: [UInt8], _ word: String) -> Bool {
    let length = word.utf8.count
    return positions(of: word, in: text).contains { start in
      let before = start == 0 ? 0x20 : text[start - 1]
      let after = start + length >= text.count ? 0x20 : text[start + length]
      return isBound(before) && isBound(after)
    }
  }

  private static func isBound(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == 0x09
  }

  private static func positions(of word: String, in text: [UInt8]) -> [Int] {
    let pattern = Array(word.utf8)
    guard let first = pattern.first, text.count >= pattern.count else { return [] }
    var found: [Int] = []
    var start = 0
    while start + pattern.count <= text.count {
      if text[start] == first {
        var offset = 1
        while offset < pattern.count && text[start + offset] == pattern[offset] { offset += 1 }
        if offset == pattern.count { found.append(start) }
      }
      start += 1
    }
    return found
  }
}
