import TextSupport

/// Phase 2, score candidates: `_grabArticle`'s loop over `elementsToScore`, with
/// `_initializeNode` and `_getClassWeight`. Each paragraph (`p`, `pre`, `td`, headings, and
/// text loose in a `div`, which Readability first wraps in a `p`) gives its ancestors
/// `1 + commas + min(length / 100, 3)`, divided by 1, 2, then `level * 3`.
/// Departure: a block's loose text scores the block itself (Readability's new `p` would be
/// its child, scoring it as the parent: the same sum).
extension ArticleFinder {
  /// Every candidate's score: the sum of what the paragraphs under it give it
  /// (`_grabArticle`'s loop over `elementsToScore`), removed elements scoring nothing.
  func scoreCandidates(skipping removed: Set<Int>, stats: [Stats], flags: Flags) -> [Int: Double] {
    var scores: [Int: Double] = [:]
    for index in nodes.indices where !removed.contains(index) {
      score(paragraph: index, stats: stats, flags: flags, into: &scores)
    }
    return scores
  }

  /// Scores a paragraph's ancestors: its parent fully, its grandparent half, further
  /// ancestors less, as Readability's `_grabArticle` does.
  func score(
    paragraph index: Int, stats: [Stats], flags: Flags, into scores: inout [Int: Double]
  ) {
    let element = nodes[index]
    let own = ownText(index, stats: stats)
    guard own.length >= options.minParagraphLength else { return }
    var chain: [Int] = []
    switch element.name {
    case "td" where options.has(.layoutCells) && isTextCell(index):
      // Beyond Readability (`layoutCells`): a layout table's cell whose text is broken by
      // `<br>` is the box of paragraphs Readability's `_replaceBrs` would make of it, not a
      // paragraph: it scores itself, as a `div` with loose text does. Scored only as a
      // paragraph, it gave its row the whole score, and the row took the page's columns
      // (its menu, its "hot news") beside the article.
      chain.append(index)
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
      let divider =
        level == 0
        ? 1 : level == 1 ? options.grandparentDivider : Double(level) * options.ancestorDivider
      scores[candidate, default: 0] += content / divider
    }
  }

  /// Whether the cell `index` of a layout table holds text of its own broken by `<br>`
  /// (outside its child blocks; links and inline markup are its own).
  func isTextCell(_ index: Int) -> Bool {
    guard let table = nodes[index].parent.flatMap({ nodes[$0].parent }).map(enclosingTable),
      case .table(layout: true) = nodes[table ?? root].kind
    else { return false }
    let range = nodes[index].items
    var position = range.lowerBound + 1
    while position < range.upperBound - 1 {
      switch document.items[position] {
      case .lineBreak: return true
      case .start(let child):
        switch nodes[child].kind {
        case .link, .inline: break
        default:
          position = max(position + 1, nodes[child].items.upperBound)
          continue
        }
      default: break
      }
      position += 1
    }
    return false
  }

  /// The table a row or a table section belongs to: itself when it is one.
  private func enclosingTable(_ start: Int) -> Int? {
    var current: Int? = start
    var steps = 0
    while let index = current, steps < 3 {
      if case .table = nodes[index].kind { return index }
      current = nodes[index].parent
      steps += 1
    }
    return nil
  }

  /// The text an element holds itself, outside its child elements (links and inline
  /// elements count as its own).
  func ownText(_ index: Int, stats: [Stats]) -> (length: Int, commas: Int) {
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

  func initialScore(_ index: Int, flags: Flags) -> Double {
    let element = nodes[index]
    var score: Double
    switch element.name {
    case "div": score = options.divScore
    case "pre", "td", "blockquote": score = options.preScore
    case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": score = options.listScore
    case "h1", "h2", "h3", "h4", "h5", "h6", "th", "header": score = options.headingScore
    default: score = 0
    }
    if flags.weighClasses { score += Double(hints[index].weight * options.classWeight) }
    return score
  }

  func linkDensity(_ stats: Stats) -> Double {
    stats.text == 0 ? 0 : min(1, stats.linkText / Double(stats.text))
  }
}
