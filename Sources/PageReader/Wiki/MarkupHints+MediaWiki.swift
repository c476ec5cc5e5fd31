/// MediaWiki's questions of the markup (see `MarkupHints`): what its skin and parser put
/// in an article's HTML that is not the article's text.
extension MarkupHints {
  /// MediaWiki's "[edit]" beside every heading (a control for editors, not text; every
  /// city page of the built-in data is a Wikipedia article), and the coordinates it
  /// repeats at the top of the page (the infobox has them).
  /// Also the other controls for editors MediaWiki puts in the text: a link to the edit
  /// form (`index.php?title=…&action=edit`, a box's `编辑` beside a taxobox's header, a
  /// navbox's `编`), and the mobile content service's prompt to add a description
  /// (`#pcs-edit-section-add-title-description`, `增加條目描述`).
  static func mediaWikiHides(_ name: String, _ tag: HTMLTokenizer) -> Bool {
    if name == "span" {
      return tag.attribute("class")?.hasPrefix("mw-editsection") == true
        || tag.attribute("id") == "coordinates"
    }
    // The href is decoded only when it is written with `action=` (most links are not).
    if name == "a", tag.attribute("href", contains: "action"),
      let href = tag.attribute("href"), isEditAddress(href)
    {
      return true
    }
    // The prompt is a link or a paragraph: other elements are not asked (an attribute
    // read for every element of every page is not free).
    guard name == "a" || name == "p" || name == "div" else { return false }
    if tag.attribute("id", contains: "description"), let id = tag.attribute("id"),
      addDescriptionIDs.contains(id)
    {
      return true
    }
    return tag.attribute("data-action", contains: "add_title")
      && tag.attribute("data-action") == "add_title_description"
  }

  /// The ids of the mobile content service's "add a description" prompt, both spellings
  /// its versions used.
  private static let addDescriptionIDs: Set<String> = [
    "pcs-edit-section-add-title-description", "pcs_edit_section_add_title_description",
  ]

  /// Whether `href` is MediaWiki's address of its edit form: `action=edit` (or the visual
  /// editor's `veaction=edit`) as a query parameter of `index.php`. A red link
  /// (`&redlink=1`, a page not yet written) opens the form too, but its text is a word of
  /// the sentence: not a control.
  static func isEditAddress(_ href: String) -> Bool {
    guard let query = href.firstIndex(of: "?") else { return false }
    let path = href[..<query]
    guard path.hasSuffix("index.php") else { return false }
    let parameters = href[href.index(after: query)...].split(whereSeparator: {
      $0 == "&" || $0 == ";"
    })
    guard !parameters.contains("redlink=1") else { return false }
    return parameters.contains {
      $0 == "action=edit" || $0 == "veaction=edit" || $0 == "action=submit"
    }
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
