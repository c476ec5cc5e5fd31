import CatalogModel
import PageReader
import TextSupport

/// One screen on the navigation stack.
public struct Screen: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    /// The province menu (all provinces, or those a filter left).
    case provinces([Int])
    /// A province's cities (all, or those a filter left).
    case cities(province: Int, [CityRef])
    /// Cities from every province matching a `/query`.
    case search(query: String, [CityRef])
    /// One city and its page.
    case detail(CityRef)
    /// A page reached by following a link from another page.
    case link(String)
  }

  public var kind: Kind
  /// The filter that made this list from the screen below it, if any.
  public var filter: String?
  /// The page of the menu (or of the page text) being shown.
  public var page = 0
  /// On a page screen: the numbered link list instead of the text.
  public var showingLinks = false

  public init(_ kind: Kind, filter: String? = nil) {
    self.kind = kind
    self.filter = filter
  }

  public var isMenu: Bool {
    switch kind {
    case .detail, .link: return false
    default: return true
    }
  }
}
