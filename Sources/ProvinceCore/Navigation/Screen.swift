/// One screen on the navigation stack.
public struct Screen: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    /// The province menu (all provinces, or those a filter left).
    case provinces([Int])
    /// A province's cities (all, or those a filter left).
    case cities(province: Int, [CityRef])
    /// Cities from every province matching a `/query`.
    case search(query: String, [CityRef])
    /// One city.
    case detail(CityRef)
  }

  public var kind: Kind
  /// The filter that made this list from the screen below it, if any.
  public var filter: String?
  /// The page of the menu (or of the page text) being shown.
  public var page = 0

  public init(_ kind: Kind, filter: String? = nil) {
    self.kind = kind
    self.filter = filter
  }

  public var isMenu: Bool {
    if case .detail = kind { return false }
    return true
  }
}
