import TextSupport

/// The article's title: Readability's `_getArticleTitle` (a `<title>`'s separators and its
/// word counts) and `_headerDuplicatesTitle` (`_textSimilarity > 0.75`).
/// Departures: `og:title` and JSON-LD first; an `h1` that repeats the title's first part
/// names the article; the Chinese sites' bare `_` separator counts only so confirmed.
extension ArticleFinder {
  /// The article's headline: `og:title` or JSON-LD, else the `<title>` without the
  /// site's name.
  func headline() -> String? {
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
    let headings = nodes.indices.lazy.filter { nodes[$0].name == "h1" }.prefix(options.fewItems).map
    {
      Self.normalized(document.textContent(of: $0))
    }
    if !first.isEmpty, headings.contains(Self.normalized(first)) { return first }
    guard document.metadata.headline == nil, separator != "_" else { return title }
    // Readability's rule for a bare <title>: drop the part after the last separator,
    // unless that leaves too few words to be a headline.
    func words(_ text: String) -> Int { text.split(separator: " ").count }
    guard let last = title.range(of: separator, options: .backwards) else { return title }
    var headline = String(title[..<last.lowerBound])
    if words(headline) < options.titleMinWords, let firstSeparator = title.range(of: separator) {
      headline = String(title[firstSeparator.upperBound...])
    }
    let hierarchical = [" / ", " \\ ", " > ", " » "].contains(separator)
    if words(headline) <= options.titleShortWords
      && (!hierarchical || words(headline) != words(title) - options.titlePrefixWords)
    {
      return title
    }
    return headline
  }

  /// The first `h1` or `h2` of the article when it only repeats the title shown above.
  func titleHeading(in roots: [Int], title: String?, skipping: Set<Int>) -> Int? {
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
        guard case .heading(let level) = nodes[element].kind, level <= options.titleHeadingLevel
        else { continue }
        let heading = Self.normalized(document.textContent(of: element))
        guard !heading.isEmpty else { continue }
        let similar =
          heading == title
          || (title.contains(heading) || heading.contains(title))
            && Double(min(heading.count, title.count)) / Double(max(heading.count, title.count))
              > options.titleSimilarity
          || atTop
            && Self.similarity(of: document.textContent(of: element), to: rawTitle)
              > options.titleSimilarity
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

  static func normalized(_ text: String) -> String {
    String(
      text.lowercased().unicodeScalars.filter {
        $0.properties.isAlphabetic || ("0"..."9").contains($0)
      }
      .map(Character.init))
  }
}
