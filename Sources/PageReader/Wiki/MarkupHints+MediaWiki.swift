/// MediaWiki's questions of the markup (see `MarkupHints`): what its skin and parser put
/// in an article's HTML that is not the article's text.
extension MarkupHints {
  /// MediaWiki's "[edit]" beside every heading (a control for editors, not text; every
  /// city page of the built-in data is a Wikipedia article), and the coordinates it
  /// repeats at the top of the page (the infobox has them).
  static func mediaWikiHides(_ name: String, _ tag: HTMLTokenizer) -> Bool {
    name == "span"
      && (tag.attribute("class")?.hasPrefix("mw-editsection") == true
        || tag.attribute("id") == "coordinates")
  }

  /// A reference's `^ a b` back to where it is cited: kept so the wiki reader can leave it
  /// out of the references, as MediaWiki's own reader view does.
  static func mediaWikiControl(_ name: String, _ tag: HTMLTokenizer) -> Bool {
    name == "span" && tag.attribute("class")?.contains("mw-cite-backlink") == true
  }

  /// `<sup class=reference>`: Wikipedia's citation marks.
  static func mediaWikiCitation(_ tag: HTMLTokenizer) -> Bool {
    tag.attribute("class")?.lowercased().contains("reference") == true
  }

  /// A table a collapsible box hides until it is opened (`<div class="…collapse…">`: the page
  /// content service's infobox behind a "Quick facts" toggle): content, shown as a browser
  /// shows it once tapped, not hidden content.
  static func mediaWikiCollapsedContent(_ parentClass: String?) -> Bool {
    parentClass?.lowercased().contains("collapse") == true
  }

  /// A formula drawn as an image (Wikipedia's fallback for MathML, `mwe-math-fallback`).
  static func mediaWikiFormulaImage(_ tag: HTMLTokenizer) -> Bool {
    guard let className = tag.attribute("class")?.lowercased() else { return false }
    return className.contains("math") || className.contains("tex")
  }
}
