import TextSupport

/// Phase 4, join siblings: `_grabArticle`'s loop over the top candidate's parent's children,
/// with its threshold `max(10, topScore * 0.2)`, its bonus for the same class, and its rule
/// for a `p` (long with few links, or short with none and a sentence's end).
/// Departure: a sibling of the top's kind (its first class name, no name the top lacks) has
/// the bonus, and joins when it is long prose of the top's tag (`siblingOfKind`): an article
/// cut into parts by figures.
extension ArticleFinder {
  /// The top candidate and those of its siblings that score or read as article text.
  func siblings(of top: Int, scores: [Int: Double], stats: [Stats]) -> [Int] {
    guard let parent = nodes[top].parent else { return [top] }
    let topScore = scores[top] ?? 0
    let threshold = max(options.siblingMinScore, topScore * options.siblingScoreRatio)
    let topClasses = classes(nodes[top].className)
    return children[parent].filter { sibling in
      if sibling == top { return true }
      let element = nodes[sibling]
      var bonus = 0.0
      // Readability's bonus is for the same class attribute, not empty.
      let sameKind =
        options.has(.siblingOfKind)
        ? Self.isSameKind(classes(element.className), as: topClasses)
        : element.className != nil && element.className == nodes[top].className
      if sameKind {
        bonus += topScore * options.siblingScoreRatio
      }
      if let score = scores[sibling], score + bonus >= threshold { return true }
      let density = linkDensity(stats[sibling])
      let length = stats[sibling].text
      // A part of the article cut off by a figure may sit deeper than the five levels that
      // paragraphs score: the top candidate's tag, a class of its kind, and text, not links.
      if options.has(.siblingOfKind), bonus > 0, element.name == nodes[top].name,
        length >= options.minContentLength,
        density < options.siblingLinkDensity
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

  /// An element's class names, in order (the first `classLimit`).
  func classes(_ names: String?) -> [Substring] {
    guard let names else { return [] }
    return Array(
      names.split(
        maxSplits: options.classLimit, whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }
      )
      .prefix(options.classLimit))
  }

  /// Whether a sibling's classes make it a block of the top candidate's kind: the same
  /// names, or the same first name (the component's) and no name the top lacks (the top
  /// has a modifier more: `body-text first` beside `body-text`). Readability asks for the
  /// same class attribute; a page cut into parts by figures marks its first part so. A
  /// block with a name of its own (`mx-auto max-w-2xl mt-8`, a newsletter box beside
  /// the article's `mx-auto max-w-2xl`) is another kind, and a state a script adds
  /// (`articlecontent loaded` beside `loaded`) is no component.
  static func isSameKind(_ sibling: [Substring], as top: [Substring]) -> Bool {
    guard let first = sibling.first, first == top.first else { return false }
    return Set(sibling).isSubset(of: top)
  }
}
