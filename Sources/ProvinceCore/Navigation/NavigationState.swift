import CatalogModel
import PageReader
import TextSupport

/// Everything the interactive session shows: the stack of screens and one line of news.
public struct NavigationState: Sendable, Equatable {
  /// Never empty: the province menu is at the bottom.
  public internal(set) var stack: [Screen]
  /// A one-line note for the user (a bad command, no match, a failed fetch).
  public var message: String?
  public var showingHelp = false
  public var viewport: Viewport
  /// Pages fetched this session, by URL, so going back and forth never fetches twice.
  public internal(set) var pages: [String: PageState] = [:]

  public var top: Screen {
    get { stack[stack.count - 1] }
    set { stack[stack.count - 1] = newValue }
  }

  init(root: Screen, viewport: Viewport) {
    stack = [root]
    self.viewport = viewport
  }
}

/// A page screen's content: asked for, or here.
public enum PageState: Sendable, Equatable {
  case loading
  case loaded(PageContent)
}
