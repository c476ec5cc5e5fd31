/// What an element means for a text rendering; everything unknown reads as inline.
enum HTMLElementKind: Equatable {
  /// `html`, `head`, `body`: structure a reader can ignore (never on the stack).
  case transparent
  /// Elements without content (`br`, `img`, `meta`…); never on the stack.
  case void
  case inline
  case link
  case block(blank: Bool)
  case heading(Int)
  case list(ordered: Bool)
  case listItem
  case definitionList
  case definition
  case quote
  case pre
  case table
  case caption
  case tableSection
  case row
  case cell
  case title
  /// Content never shown: scripts, styles, templates, embedded SVG and MathML, selects.
  case inert

  init(name: String) {
    switch name {
    case "html", "head", "body": self = .transparent
    case "area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "meta",
      "param", "source", "track", "wbr", "basefont", "bgsound", "frame", "image":
      self = .void
    case "a": self = .link
    case "p", "figure", "address", "fieldset", "center": self = .block(blank: true)
    case "div", "section", "article", "aside", "header", "footer", "nav", "main", "form",
      "details", "summary", "dialog", "figcaption", "hgroup", "legend", "search", "dt",
      "option", "optgroup", "frameset":
      self = .block(blank: false)
    case "h1": self = .heading(1)
    case "h2": self = .heading(2)
    case "h3": self = .heading(3)
    case "h4": self = .heading(4)
    case "h5": self = .heading(5)
    case "h6": self = .heading(6)
    case "ul", "menu", "dir": self = .list(ordered: false)
    case "ol": self = .list(ordered: true)
    case "li": self = .listItem
    case "dl": self = .definitionList
    case "dd": self = .definition
    case "blockquote": self = .quote
    case "pre", "listing", "xmp", "plaintext": self = .pre
    case "table": self = .table
    case "caption": self = .caption
    case "thead", "tbody", "tfoot": self = .tableSection
    case "tr": self = .row
    case "td", "th": self = .cell
    case "title": self = .title
    case "script", "style", "noscript", "template", "iframe", "noembed", "svg", "math",
      "select", "datalist", "object", "applet", "noframes":
      self = .inert
    default: self = .inline
    }
  }

  /// Whether starting this element ends an open `p`, as block-level elements do.
  var closesParagraph: Bool {
    switch self {
    case .block, .heading, .list, .listItem, .definitionList, .definition, .quote, .pre, .table:
      return true
    default:
      return false
    }
  }

  /// Whether an end tag searching the stack may not pass this element (a table or cell
  /// keeps a stray `</div>` from closing what lies outside it).
  var isScopeBoundary: Bool {
    switch self {
    case .table, .cell, .caption, .inert: return true
    default: return false
    }
  }
}
