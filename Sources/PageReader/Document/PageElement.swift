/// An element of a document that shapes its text: a block, a list, a table part, a link.
/// Inline markup (`b`, `span`…) is not kept: only its text is.
public struct PageElement: Sendable, Equatable {
  /// What the element is for a reader.
  public enum Kind: Sendable, Equatable {
    /// A block; `blank` when it is set apart by empty lines (`p`, `figure`).
    case block(blank: Bool)
    case heading(Int)
    case list(PageListStyle)
    /// A list item; `value` from `<li value>`.
    case listItem(value: Int?)
    case definitionList
    case definition
    case quote
    case pre
    /// A table; `layout` when it only arranges the page (its cells read as blocks).
    case table(layout: Bool)
    case caption
    case tableSection
    case row
    /// A table cell; `header` for `th`.
    case cell(header: Bool)
    /// A link: the index of its `PageLink`.
    case link(Int)
    /// Inline markup kept only for its attributes (a byline the reader view leaves out).
    case inline
  }

  /// The tag name, lower case.
  public var name: String
  /// What it is for a reader (and, for lists, tables and links, how).
  public var kind: Kind
  /// The nearest enclosing element kept in the document.
  public var parent: Int?
  /// Its items in `PageDocument.items`, from its `.start` to its `.end` inclusive.
  public var items: Range<Int>
  /// `id`, `class` and `role` attributes, kept for the reader view's hints.
  public var id: String?
  /// The `class` attribute as written.
  public var className: String?
  /// The ARIA `role` attribute as written.
  public var role: String?
  /// The microdata `itemprop` attribute as written (`articleBody` marks the article).
  public var itemProp: String?
  /// A table cell's `rowspan` and `colspan` (1 for any other element), bounded: the wiki
  /// reader reads a table whose cells span rows (a history timeline) as an outline.
  public var rowSpan = 1
  public var columnSpan = 1

  /// An element from its parts (the reader builds them; tests may too).
  public init(
    name: String, kind: Kind, parent: Int?, items: Range<Int>, id: String? = nil,
    className: String? = nil, role: String? = nil, itemProp: String? = nil
  ) {
    self.name = name
    self.kind = kind
    self.parent = parent
    self.items = items
    self.id = id
    self.className = className
    self.role = role
    self.itemProp = itemProp
  }
}
