import TextSupport

/// Phase 3, pick the top: `_grabArticle`'s `topCandidates` (each score times one less the
/// link density), the search for a common ancestor of the best `nbTopCandidates`, and the
/// climb while the parent scores at least a third (`lastScore / 3`) and past single-child
/// wrappers.
/// Departures: `<article>`, `<main>`, `role=main` and `itemprop=articleBody` add to a score
/// when choosing (`tagBoost`); a short best candidate that is not paragraphs gives way to a
/// longer one of paragraphs (`preferLonger`); the climb stops at a parent that is mostly
/// links (`linkParentStop`); ties go to the earlier element (Readability's order is the
/// DOM's, which a dictionary does not keep).
extension ArticleFinder {
  /// The top candidate: each score scaled by the share of its text that is not links (as
  /// Readability does before ranking), the best by `boosted` (lowest index on a tie, so
  /// that the choice does not depend on hashing), then `preferLonger` and `climb`.
  /// Readability keeps the `nbTopCandidates` best in order; only `climb` needs them.
  func pickTop(_ scores: inout [Int: Double], stats: [Stats]) -> Int? {
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
    guard let top else { return nil }
    let preferred = preferLonger(over: top, topScore: topScore, scores: scores, stats: stats)
    return climb(from: preferred, scores: scores, stats: stats)
  }

  /// A candidate's score as the best candidate is chosen by. `<article>`, `<main>` and
  /// `role=main` say where the content is: a boost when choosing the best candidate, but
  /// not a score the climb to its ancestors weighs (a `<main>` around the article and its
  /// furniture would win every time).
  func boosted(_ index: Int, _ score: Double, stats: [Stats]) -> Double {
    score + tagBoost(index) * (1 - linkDensity(stats[index]))
  }

  func tagBoost(_ index: Int) -> Double {
    guard options.has(.tagBoost) else { return 0 }
    let element = nodes[index]
    var boost = 0.0
    if element.name == "article" || element.name == "main" { boost += options.tagBoost }
    if element.role?.lowercased() == "main" { boost += options.tagBoost }
    if Self.isArticleBody(element) { boost += options.tagBoost }
    return boost
  }

  /// A best candidate too short to be an article on its own, and not paragraphs (a caption
  /// heavy with commas), gives way to one that scores nearly as well and holds an article's
  /// worth of paragraphs that are not links: Readability's scores count commas, and a
  /// photo's caption can have more than the article's short paragraphs.
  func preferLonger(
    over top: Int, topScore: Double, scores: [Int: Double], stats: [Stats]
  ) -> Int {
    func prose(_ index: Int) -> Double {
      Double(stats[index].text) * (1 - linkDensity(stats[index]))
    }
    guard options.has(.preferLonger) else { return top }
    let own = prose(top)
    // Only a block that is not paragraphs itself (a caption, a note), and only for one
    // that is: a short article of three paragraphs stays, a long comment under it or not.
    guard own < Double(options.charThreshold), topScore > 0, stats[top].paragraphs <= 1 else {
      return top
    }
    var best = top
    var bestScore = -Double.infinity
    for (index, score) in scores where index != top {
      let boosted = self.boosted(index, score, stats: stats)
      guard boosted >= topScore * options.alternativeScoreRatio,
        stats[index].paragraphs >= options.articleParagraphs,
        prose(index) >= Double(options.charThreshold),
        prose(index) >= options.longerFactor * own,
        linkDensity(stats[index]) < options.siblingLinkDensity,
        !nodes[top].items.contains(nodes[index].items.lowerBound)
      else { continue }
      if boosted > bestScore || (boosted == bestScore && index < best) {
        best = index
        bestScore = boosted
      }
    }
    return best
  }

  /// Moves up from the best candidate while its ancestors score as well, and past
  /// wrappers with a single child, so the article is whole.
  func climb(from start: Int, scores: [Int: Double], stats: [Stats]) -> Int {
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
      while let next = ancestor, next != root, steps < options.depthLimit {
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
        linkDensity(stats[next])
          > max(options.siblingLinkDensity, linkDensity(stats[top]) + options.linkDensityLimit)
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
}
