import TextSupport

/// Everything the interactive session shows: the stack of screens and one line of news.
public struct NavigationState: Sendable, Equatable {
  /// Never empty: the province menu is at the bottom.
  public internal(set) var stack: [Screen]
  /// A one-line note for the user (a bad command, no match, a failed fetch).
  public var message: String?
  public var showingHelp = false
  /// The first line of the help shown (full screen, where it scrolls).
  public internal(set) var helpScroll = 0
  public var viewport: Viewport
  /// What the view drawing the session does differently (the one place the navigator
  /// reads it); it decides how many rows the chrome takes too.
  public let policy: SessionPolicy
  /// Pages fetched this session, by URL, so going back and forth never fetches twice.
  public internal(set) var pages: [String: PageState] = [:]
  /// The URLs of the pages last shown, the latest last: those whose documents and
  /// layouts are kept (`Navigator.laidOutPages` of them); the others keep their bytes.
  public internal(set) var recentPages: [String] = []
  /// The page searches made this session, the latest last (at most `findHistoryLimit`),
  /// and while ↑ and ↓ walk them, where (an index into them) and what had been typed.
  var findHistory: [String] = []
  var findHistoryPosition: Int?
  var findDraft = ""
  static let findHistoryLimit = 100
  /// A note for a page still to arrive, said in its facts once it does: the step from a
  /// disambiguation page (`消歧义页「朝阳区」→ 朝阳区 (北京市)`).
  var arrivalNotes: [String: String] = [:]
  /// What the shell found in the page cache for the pages the menu's preview pane speaks
  /// of, by URL: the size of the copy there, or nil for none (`.pageStored`); a URL not
  /// here has not been looked for. The view says `cached` from it and reads no disk.
  public internal(set) var storedPages: [String: Int?] = [:]
  /// How far the page being fetched has come, as the shell last reported it.
  public internal(set) var progress: LoadProgress?
  /// The session's clock as last told (`.clock`), for the number typed to time out.
  public internal(set) var now: Duration = .zero

  /// When the shell should tell the clock again if no key comes: a number typed ends.
  public var pendingDeadline: Duration? { top.numberDeadline }

  public var top: Screen {
    get { stack[stack.count - 1] }
    set { stack[stack.count - 1] = newValue }
  }

  init(root: Screen, viewport: Viewport, policy: SessionPolicy) {
    stack = [root]
    self.viewport = viewport
    self.policy = policy
  }

  /// The rows left for a menu's items or a page's lines once the chrome is drawn.
  public var contentRows: Int { max(1, viewport.rows - policy.chromeRows) }
}

/// How the session is drawn.
public enum Presentation: Sendable, Equatable {
  /// Numbered menus and a prompt, a line read at a time (`-i`, `--line-mode`, `TERM=dumb`).
  case lines
  /// The whole window, redrawn on every key.
  case fullScreen

  /// What the session does differently when drawn so, for the navigator to read.
  public var policy: SessionPolicy {
    switch self {
    case .lines: return .lines
    case .fullScreen: return .fullScreen
    }
  }
}

/// A page screen's content: asked for, here, or (full screen) failed.
public enum PageState: Sendable, Equatable {
  case loading
  case loaded(PageContent)
  /// The fetch failed; the message says why (full screen shows it where the page would be).
  case failed(String)
}

/// A page load under way: the seconds since it began and the bytes so far.
public struct LoadProgress: Sendable, Equatable {
  /// Seconds since the load began.
  public var seconds: Double
  /// Body bytes read so far.
  public var bytes: Int

  /// Progress as the shell measured it.
  public init(seconds: Double, bytes: Int) {
    self.seconds = seconds
    self.bytes = bytes
  }
}
