/// What the views want the HTML reader to notice in the markup as it builds a document:
/// the questions it asks of an element's tag and attributes, answered by the general
/// reader's tables (`MarkupHints+Reader`, Readability's class and id words) and by the site
/// plans' (`MarkupHints+MediaWiki`). The HTML reader knows no class name and no site: it
/// builds the document and asks these. `none` asks nothing (a plain document).
struct MarkupHints: Sendable {
  /// An element shown by the page but not part of its text: left out like hidden content
  /// (MediaWiki's `[edit]` links and the coordinates repeated at the top).
  var hides: @Sendable (_ name: String, _ tag: HTMLTokenizer) -> Bool = { _, _ in false }
  /// A control (a `button`, a link back to a citation): kept in the document as an
  /// element of its own, never taken for the byline, so that a view can leave it out.
  var isControl: @Sendable (_ name: String, _ tag: HTMLTokenizer) -> Bool = { _, _ in false }
  /// A `span` kept in the document as an element of its own unless it is the byline, so
  /// that a view can leave it out (a hover card, a picture's credit).
  var keepsSpan: @Sendable (_ tag: HTMLTokenizer) -> Bool = { _ in false }
  /// A container of page furniture (comments, a sidebar, a menu): no byline or date is
  /// taken from inside it. Asked only of elements outside tables and code.
  var isFurniture: @Sendable (_ name: String, _ tag: HTMLTokenizer) -> Bool = { _, _ in false }
  /// The element that holds the author's name (`rel=author`, a class such as `byline`).
  var isByline: @Sendable (_ tag: HTMLTokenizer) -> Bool = { _ in false }
  /// Inside a byline, the element that holds the name alone, by its class.
  var isBylineName: @Sendable (_ tag: HTMLTokenizer) -> Bool = { _ in false }
  /// A `sup` of citation marks (`[1]`): its text is set as superscript, its in-page links
  /// are citations.
  var isCitation: @Sendable (_ tag: HTMLTokenizer) -> Bool = { _ in false }
  /// A table hidden by its style inside a box of this class is content a toggle shows, not
  /// hidden content (asked with the class of the table's parent).
  var isCollapsedContent: @Sendable (_ parentClass: String?) -> Bool = { _ in false }
  /// An image whose alt text is a formula's TeX.
  var isFormulaImage: @Sendable (_ tag: HTMLTokenizer) -> Bool = { _ in false }
  /// Reads a site's configuration from an inline script (the first one it can read).
  var configuration: (@Sendable (_ script: String) -> WikiConfig?)? = nil

  /// No hints: the document as the markup builds it.
  static let none = MarkupHints()

  /// The hints every view of `browse` reads with: the general reader's and MediaWiki's.
  static let standard = MarkupHints(
    hides: { name, tag in mediaWikiHides(name, tag) },
    isControl: { name, tag in name == "button" || mediaWikiControl(name, tag) },
    keepsSpan: { readerKeepsSpan($0) },
    isFurniture: { name, tag in readerFurniture(name, tag) },
    isByline: { readerByline($0) },
    isBylineName: { readerBylineName($0) },
    isCitation: { mediaWikiCitation($0) },
    isCollapsedContent: { mediaWikiCollapsedContent($0) },
    isFormulaImage: { mediaWikiFormulaImage($0) },
    configuration: { WikiConfig.parse($0) })
}
