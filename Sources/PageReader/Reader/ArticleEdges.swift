import TextSupport

/// The lines at the edges of an article that are the site's, not the story's: a share
/// bar, a newsletter box, an image credit, a date line, "related" links, a comment
/// section's header. Readability leaves them to its class hints; these are found by what
/// they say, for pages whose class names say nothing.
enum ArticleEdges {
  /// The longest text (characters) an edge line may have to be taken for furniture.
  static let longest = 160

  /// Whether a block's text, found at the start or the end of the article, is furniture.
  static func isFurniture(_ text: String, atStart: Bool) -> Bool {
    isFurniture(line: normalized(text), atStart: atStart)
  }

  /// `isFurniture` of a line already `normalized`.
  static func isFurniture(line: String, atStart: Bool) -> Bool {
    guard !line.isEmpty else { return true }
    // A notice of copyright closing the article may run to a few sentences.
    if !atStart && line.count <= 400
      && (line.containsBytes("all rights reserved") || line.containsBytes("subject to copyright"))
    {
      return true
    }
    guard line.count <= longest else { return false }
    if isFurnitureAnywhere(line: line) { return true }
    if phrases.contains(where: { line.hasPrefix($0) }) { return true }
    if fragments.contains(where: { line.containsBytes($0) }) { return true }
    // A date or a byline above the text: the reader view's header already says them.
    if atStart && line.count <= 80 && isDateLine(line) { return true }
    if atStart && Chinese.isDateLine(line) { return true }
    if Chinese.isControlRow(line) { return true }
    if atStart && line.count <= 60 && line.hasPrefix("by ") && !line.hasSuffix(".") { return true }
    return false
  }

  /// Whether a short block is furniture wherever it stands in the article: a gallery's
  /// counter, an advertisement's label, an image's credit line.
  static func isFurnitureAnywhere(_ text: String) -> Bool {
    isFurnitureAnywhere(line: normalized(text))
  }

  /// `isFurnitureAnywhere` of a line already `normalized`.
  static func isFurnitureAnywhere(line: String) -> Bool {
    // Most lines open with none of the phrases' first scalars: rejected without comparing
    // them Character by Character (the reader view's largest cost on a page of short
    // Chinese paragraphs, where `hasPrefix` has no byte path).
    guard mayOpen(line, with: anywhereOpenings), line.count <= 100 else { return false }
    if labels.contains(line) { return true }
    if credits.contains(where: { line.hasPrefix($0) }) { return true }
    if promos.contains(where: { line.hasPrefix($0) }) { return true }
    // "Image 3 of 23", "1 / 12": a slideshow's counter.
    let words = line.split(separator: " ")
    if words.count <= 5, words.first == "image" || words.first == "photo",
      words.contains("of"), words.contains(where: { $0.allSatisfy(\.isNumber) })
    {
      return true
    }
    return false
  }

  /// The first scalars of the lines `isFurnitureAnywhere` accepts: its labels', credits'
  /// and promos', a counter's first word's (`image`, `photo`), and a space (before one).
  private static let anywhereOpenings: Set<Unicode.Scalar> = Set(
    (Array(labels) + credits + promos + ["image", "photo", " "]).compactMap(\.unicodeScalars.first)
  )

  /// Whether `line` may equal or start with a phrase whose first scalar is in `openings`.
  /// `false` is exact, as String's comparison of Characters is: each phrase opens with a
  /// scalar that has no canonical decomposition and is a starter (ASCII, CJK ideographs,
  /// `©`, `’`), and the only Character canonically equivalent to such a scalar is that
  /// scalar or one scalar whose decomposition is a singleton (CJK compatibility ideographs,
  /// the Kelvin sign); singletons are full composition exclusions, and are let through.
  static func mayOpen(_ line: String, with openings: Set<Unicode.Scalar>) -> Bool {
    guard let first = line.unicodeScalars.first else { return true }
    return openings.contains(first) || first.properties.isFullCompositionExclusion
      || first.properties.canonicalCombiningClass != .notReordered
  }

  /// Lines that are only a label of the page's furniture, promo labels among them.
  private static let labels: Set<String> = promoLabels.union([
    "advertisement", "advert", "ad", "sponsored", "sponsored content", "continue reading",
    "continue reading below", "story continues below", "article continues below", "caption",
    "close", "hide caption", "toggle caption", "enlarge this image", "share", "share this",
    "share this article", "share this story", "tweet", "email", "print", "comments",
    "view comments", "show comments", "load comments", "this slideshow requires javascript",
    "back to top",
  ]).union(Chinese.labels)

  /// A label that introduces links to other stories: `DON'T MISS`, `Related:`, `More`.
  static func isPromoLabel(_ line: String) -> Bool {
    line.count <= 40 && promoLabels.contains(line.trimmed(where: \.isPunctuation))
  }

  private static let promoLabels: Set<String> = Set([
    "don't miss", "don’t miss", "must read", "read also", "also read", "more",
    "more on this", "more stories", "related", "related content", "related links",
    "related articles", "related stories", "read more", "see more", "recommended", "trending",
    "most read", "most popular", "top stories", "related news", "related posts",
    "related reading", "related coverage", "related videos", "read next",
    "you may also like", "you might also like",
  ]).union(Chinese.promoLabels)

  /// Whether a caption ends with its image's credit (`… Credit: EPA`, `… (Image: Getty)`,
  /// `… (AP Photo/Jane Doe)`): the credit and the caption it closes are the picture's.
  static func endsWithCredit(_ text: String, within tail: Int = 60) -> Bool {
    endsWithCredit(line: normalized(text), within: tail)
  }

  /// `endsWithCredit` of a line already `normalized`.
  static func endsWithCredit(line: String, within tail: Int = 60) -> Bool {
    // The last `tail` Characters are a run of the line's bytes: a piece found in neither
    // is found in no part of the line, and the Characters are not counted.
    let anywhere = line.utf8.withContiguousStorageIfAvailable { text in
      creditPieces.contains { piece in
        piece.withUnsafeBufferPointer { ByteSearch.contains(text, $0) }
      }
    }
    guard anywhere ?? true else { return false }
    let end = line.suffix(tail)
    return creditPieces.contains { piece in
      end.containsBytes(String(decoding: piece, as: UTF8.self))
    }
  }

  /// Pieces of an image's credit that close a caption, as UTF-8.
  private static let creditPieces: [[UInt8]] = [
    "credit:", "(image:", "(photo:", "photo:", "(ap photo", "getty images", "(getty", "/getty",
    "(reuters", "/reuters", "©",
  ].map { Array($0.utf8) }

  /// Starts of lines that send the reader to another story.
  private static let promos =
    [
      "related:", "see more:", "read more:", "more:", "see also:", "read also:", "also read:",
      "watch:", "listen:", "recommended:", "don't miss:", "don’t miss:",
    ] + Chinese.promos

  /// Whether a short line heads a section the site closes the article with.
  static func opensClosingSection(_ text: String) -> Bool {
    opensClosingSection(line: normalized(text))
  }

  /// `opensClosingSection` of a line already `normalized`.
  static func opensClosingSection(line normalizedLine: String) -> Bool {
    let line = normalizedLine.trimmed(where: \.isPunctuation)
    guard !line.isEmpty, line.count <= 40 else { return false }
    return closingSections.contains { line.hasPrefix($0) }
  }

  private static let closingSections =
    [
      "about the author", "about ", "you may also like", "you might also like", "you may like",
      "related", "more from", "more stories", "more on", "don't miss", "don’t miss",
      "recommended", "read more", "read next", "most read", "most popular", "trending",
      "comments", "view comments", "leave a comment", "leave a reply", "join the discussion",
      "tell us what", "what do you think", "latest", "popular", "share this", "sponsored",
    ] + Chinese.closingSections

  /// Starts of lines that credit an image.
  private static let credits =
    [
      "photo:", "photo by", "photograph:", "photograph by", "image:", "image credit",
      "image by", "credit:", "credits:", "picture:", "pictures:", "illustration:",
      "photo credit", "courtesy of", "file photo", "getty images", "(getty", "©",
    ] + Chinese.credits

  /// Starts of lines of furniture at the article's edges.
  private static let phrases =
    [
      "share ", "share:", "subscribe", "sign up", "follow us", "follow ", "read more",
      "see more", "see also", "more:", "more from", "more on this", "related:", "related ",
      "you may also like", "you might also like", "you may like", "don't miss", "don’t miss",
      "recommended", "advertisement", "continue reading", "click here", "comments",
      "view comments", "view all", "leave a comment", "leave a reply", "post a comment",
      "add a comment", "tell us what", "join the conversation", "join the discussion",
      "have your say", "get the latest", "get our", "download our", "newsletter", "updated",
      "published", "posted", "last updated", "source:", "sources:", "copyright", "all rights",
      "related topics", "topics:", "tags:", "filed under", "listen to", "watch:", "watch ",
      "have a tip", "got a tip", "this slideshow", "citation:",
      "we'd love", "we’d love", "we want to hear", "what do you think", "let us know",
      "like us on", "find us on", "read next", "up next", "next:", "previous:", "next article",
      "previous article",
    ] + Chinese.phrases

  /// Pieces that mark a short edge line as furniture wherever they stand in it.
  private static let fragments =
    [
      "newsletter", "subscribe", "sign up for", "all rights reserved", "click here",
      "follow us", "in your inbox", "full coverage of",
    ] + Chinese.fragments

  private static let months = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug",
    "sep", "sept", "oct", "nov", "dec",
  ]

  /// A line that is mostly a date or a time: a month's name or a d/m/y with digits, and
  /// at most `otherWords` words that belong to no date.
  static func isDateLine(_ line: String, otherWords: Int = 2) -> Bool {
    let words = line.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    guard !words.isEmpty, words.count <= 12 else { return false }
    let digits = words.filter { $0.allSatisfy(\.isNumber) }
    let hasMonth = words.contains { months.contains($0) }
    let slashed = hasNumericDate(line)
    let clock =
      line.containsBytes(":")
      && ([" am", " pm", " a.m", " p.m"].contains { line.containsBytes($0) })
    let dated =
      (hasMonth && !digits.isEmpty || slashed || clock) && digits.count * 3 >= words.count
      || (hasMonth || slashed || clock) && digits.count >= 2 && words.count <= 8
    // And little else: "Posted on November 19, 2019 by Ann Lee" is a date line, "What's new
    // in 2.26 (September pack)?" is not.
    let others = words.count { word in
      !word.allSatisfy(\.isNumber) && !months.contains(word) && !dateWords.contains(word)
    }
    return dated && others <= otherWords
  }

  /// Words a date line has besides numbers and months: days, clocks, zones, its labels.
  private static let dateWords: Set<String> = [
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue",
    "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun", "am", "pm", "a", "p", "m", "at",
    "on", "of", "in", "the", "by", "and", "published", "updated", "posted", "modified", "last",
    "first", "date", "time", "st", "nd", "rd", "th", "est", "edt", "cst", "cdt", "mst", "mdt",
    "pst", "pdt", "gmt", "utc", "bst", "cet", "cest", "ist", "jst", "aest", "aedt",
  ]

  /// Whether a line holds furniture a loose paragraph of prose never does: "follow us",
  /// "subscribe", "all rights reserved", or a short dated line under a label ("Posted on
  /// Oktober 27, 2015 by Admin", in a language whose months are not listed).
  static func isPlainlyFurniture(line: String) -> Bool {
    guard line.count <= longest else { return false }
    if fragments.contains(where: { line.containsBytes($0) }) { return true }
    return line.count <= 60 && dateLabels.contains(where: { line.hasPrefix($0) })
      && line.contains(where: \.isNumber)
  }

  /// Whether a line only says, under a label, when the article was published or updated:
  /// `PUBLISHED: 10:48, Tue, Nov 19, 2019 | UPDATED: 11:05, Tue, Nov 19, 2019`,
  /// `Updated at 1:23 p.m.` The reader view's header gives the date already.
  static func isLabelledDate(line: String) -> Bool {
    guard line.count <= 120, dateLabels.contains(where: { line.hasPrefix($0) }) else {
      return false
    }
    return line.split(separator: "|").allSatisfy { part in
      var rest = part.trimmed(where: { $0 == " " })
      for label in dateLabels where rest.hasPrefix(label) {
        rest = rest.dropFirst(label.count).trimmed(where: { $0 == " " || $0 == ":" })
        break
      }
      if rest.hasPrefix("at ") || rest.hasPrefix("on ") { rest = String(rest.dropFirst(3)) }
      // Nothing but the date: "Updated 9 am: 3 dead, 12 injured" is news.
      return isDateLine(rest, otherWords: 0)
    }
  }

  /// Labels a date line starts with, longest first.
  private static let dateLabels = [
    "first published", "last updated", "last modified", "published", "updated", "modified",
    "posted",
  ]

  /// Whether the line holds a date written with slashes: digits, `/`, digits, `/`, digits.
  private static func hasNumericDate(_ line: String) -> Bool {
    var groups = 0
    var inDigits = false
    for character in line {
      if character.isNumber {
        if !inDigits { groups += 1 }
        inDigits = true
      } else if character == "/" && inDigits {
        inDigits = false
        if groups >= 2 { return true }
      } else {
        inDigits = false
        groups = 0
      }
    }
    return false
  }

  /// Lower case, spaces collapsed, trimmed.
  static func normalized(_ text: String) -> String {
    // On bytes: splitting on Characters was most of the reader view's time on a page of
    // thousands of short list items.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var space = true
    for byte in text.utf8 {
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
        if !space { bytes.append(0x20) }
        space = true
      } else {
        bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        space = false
      }
    }
    if bytes.last == 0x20 { bytes.removeLast() }
    let line = String(decoding: bytes, as: UTF8.self)
    // `lowercased()` builds a string per scalar: skipped where no scalar has a lower case.
    return hasNoCaseBeyondASCII(bytes) ? line : line.lowercased()
  }

  /// Whether every scalar of the valid UTF-8 `bytes` that is not ASCII is one that
  /// `lowercased()` leaves as it is, by ranges without case: U+2000–U+207F (general
  /// punctuation), U+3000–U+9FFF (CJK punctuation, kana, ideographs) and U+FF00–U+FFFF
  /// but the full-width capitals U+FF21–U+FF3A. Any other scalar answers `false`.
  static func hasNoCaseBeyondASCII(_ bytes: [UInt8]) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      guard index + 2 < count else { return false }
      let second = bytes[index + 1]
      let third = bytes[index + 2]
      switch lead {
      case 0xE3...0xE9: break
      case 0xE2 where second <= 0x81: break
      case 0xEF where second >= 0xBC && !(second == 0xBC && third >= 0xA1 && third <= 0xBA): break
      default: return false
      }
      index += 3
    }
    return true
  }
}
