/// Everything the interactive session shows: the stack of screens and one line of news.
public struct NavigationState: Sendable, Hashable {
  /// Never empty: the province menu is at the bottom.
  public internal(set) var stack: [Screen]
  /// A one-line note for the user (a bad command, no match, a failed fetch).
  public var message: String?
  public var showingHelp = false
  public var viewport: Viewport

  public var top: Screen {
    get { stack[stack.count - 1] }
    set { stack[stack.count - 1] = newValue }
  }

  init(root: Screen, viewport: Viewport) {
    stack = [root]
    self.viewport = viewport
  }
}
