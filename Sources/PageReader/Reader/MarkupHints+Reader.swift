import TextSupport

/// The general reader's questions of the markup (see `MarkupHints`), from Readability's
/// words for classes and ids (`ClassHints`).
extension MarkupHints {
  /// A hover card's box (`rollover`, `popover`, `tooltip`) or an image's credit span, left
  /// out by the reader only where it repeats a linked name or reads as a credit (text that
  /// just shares its class stays). Buttons ("View comments", "Load more"), which
  /// Readability's `_prepArticle` drops, are controls (`MarkupHints.standard`).
  static func readerKeepsSpan(_ tag: HTMLTokenizer) -> Bool {
    let className = tag.attribute("class")
    let id = tag.attribute("id")
    guard className != nil || id != nil else { return false }
    let hints = Array(((className ?? "") + " " + (id ?? "")).lowercased().utf8)
    return ["rollover", "hovercard", "hover-card", "popover", "tooltip"].contains {
      ByteSearch.contains(hints, $0)
    } || ClassHints.creditWords.contains { ClassHints.hasWord(hints, $0) }
  }

  /// Readability's unlikely candidates: a class or id of page furniture (`comment`,
  /// `sidebar`, `related`…) that no word such as `article` or `content` redeems, or a
  /// navigation role. Only containers are asked: a comment section is one, and asking
  /// every `span` and `a` cost a twentieth of reading a page.
  static func readerFurniture(_ name: String, _ tag: HTMLTokenizer) -> Bool {
    guard containers.contains(name) else { return false }
    if let role = tag.attribute("role")?.lowercased(), ClassHints.unlikelyRoles.contains(role) {
      return true
    }
    let className = tag.attribute("class")
    let id = tag.attribute("id")
    guard className != nil || id != nil else { return false }
    return ClassHints.isUnlikely(Array(((className ?? "") + " " + (id ?? "")).lowercased().utf8))
  }

  private static let containers: Set<String> = [
    "div", "section", "aside", "header", "footer", "nav", "ul", "ol", "dl", "li", "form",
    "article", "main",
  ]

  /// `rel=author`, `itemprop=author`, or a class or id such as `byline`, as Readability
  /// finds the author's name in the text.
  static func readerByline(_ tag: HTMLTokenizer) -> Bool {
    if tag.attribute("rel")?.lowercased() == "author" { return true }
    if tag.attribute("itemprop")?.lowercased().contains("author") == true { return true }
    let className = tag.attribute("class")
    let id = tag.attribute("id")
    guard className != nil || id != nil else { return false }
    let hints = Array(((className ?? "") + " " + (id ?? "")).lowercased().utf8)
    return ["byline", "author", "dateline", "writtenby"].contains {
      ByteSearch.contains(hints, $0)
    }
  }

  /// The author's name inside a byline box, by a class that says so (`author__name`,
  /// `byline-name`, not `sourcename`); `itemprop=name` (Readability's) is the HTML
  /// reader's own.
  static func readerBylineName(_ tag: HTMLTokenizer) -> Bool {
    guard let className = tag.attribute("class") else { return false }
    let hints = Array(className.lowercased().utf8)
    return ByteSearch.contains(hints, "name")
      && (ByteSearch.contains(hints, "author") || ByteSearch.contains(hints, "byline"))
  }
}
