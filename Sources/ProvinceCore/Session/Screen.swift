import CatalogModel
import PageReader
import TerminalUI

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
  /// The page of a page's text line mode shows, set with the scroll that starts it
  /// (`Navigator.show(line:)`); a menu's page is its scroll's (`Navigator.linePage`).
  public var page = 0
  /// What a page screen shows: its text, or one of its lists.
  public enum PageList: Sendable, Hashable {
    case text
    /// The numbered link list.
    case links
    /// The list of its headings (full screen).
    case headings
  }

  /// The screen's sub-mode: one value, not a flag each, so that two lists can never be
  /// shown at once, a filter never edited on a page, nor a page search on a menu.
  public enum SubMode: Sendable, Hashable {
    /// A menu as listed, or a page's text.
    case none
    /// A menu's filter, being typed or kept (on a `/` search screen, its query).
    case filter(LineEditor)
    /// A page's numbered link list instead of its text.
    case links
    /// A page's headings (h1–h3) instead of its text (full screen).
    case headings
    /// A search of the page being typed (`/`), over what it shows (`list`).
    case find(LineEditor, list: PageList)
  }

  /// The sub-mode; `list`, `editor`, `showingLinks` and `showingHeadings` read and change it.
  public var mode = SubMode.none

  /// On a page screen: the text or the list shown over it.
  public var list: PageList {
    get {
      switch mode {
      case .links: return .links
      case .headings: return .headings
      case .find(_, let list): return list
      case .none, .filter: return .text
      }
    }
    set {
      if case .find(let editor, _) = mode {
        mode = .find(editor, list: newValue)
        return
      }
      guard !isMenu else { return }
      switch newValue {
      case .text: mode = .none
      case .links: mode = .links
      case .headings: mode = .headings
      }
    }
  }
  /// On a page screen: the numbered link list instead of the text.
  public var showingLinks: Bool {
    get { list == .links }
    set { list = newValue ? .links : (list == .links ? .text : list) }
  }
  /// On a page screen (full screen): the list of its headings instead of the text.
  public var showingHeadings: Bool {
    get { list == .headings }
    set { list = newValue ? .headings : (list == .headings ? .text : list) }
  }
  /// The filter being typed on a menu (or the query of a `/` search screen), or the search
  /// of a page being typed: the editor of the sub-mode that has one. Set on a menu, it is
  /// the filter; on a page, a page search over what the page shows; nil ends either.
  public var editor: LineEditor? {
    get {
      switch mode {
      case .filter(let editor), .find(let editor, _): return editor
      case .none, .links, .headings: return nil
      }
    }
    set {
      // Any change to the text ends the selection of a restored filter.
      filterSelected = false
      let shown = list
      switch (newValue, isMenu) {
      case (let editor?, true): mode = .filter(editor)
      case (nil, true): mode = .none
      case (let editor?, false): mode = .find(editor, list: shown)
      case (nil, false):
        guard case .find = mode else { return }
        mode = .none
        list = shown
      }
    }
  }
  /// A menu's filter restored by going back to it is shown selected, as a text field's
  /// selection: the first key typed replaces it (a new name), Backspace deletes it, and
  /// the cursor keys of the field (Ctrl-A, Ctrl-E) keep it to be edited.
  public internal(set) var filterSelected = false
  /// The heading selected in that list (an index into `PageModel.headings`).
  public var focusedHeading: Int?

  // Full-screen state: the viewport is state, so where the view stands is too.

  /// The highlighted item of a menu (an index into its items).
  public var selection = 0
  /// The first item (menus) or line (pages) shown.
  public var scroll = 0
  /// The link Tab moved to on a page (an index into its links).
  public var focusedLink: Int?
  /// Which of the focused link's markers Tab reached (a link can appear more than once),
  /// as an index into `PageLinks.positions(of:in:)` of the page.
  public var focusedMarker: Int?
  /// The menu as it was before the typed filter narrowed it.
  public var unfiltered: Kind?
  /// The last search made on a page (`/` then Enter); n and N find it again.
  public var pageQuery: String?
  /// The line of the match last found, where n and N go on from.
  public var matchLine: Int?
  /// Digits typed so far to jump to an item.
  public var number = ""
  /// When the number typed ends if no digit follows (the session's clock).
  public var numberDeadline: Duration?
  /// The typed filter has changed and the list is not yet narrowed to it (type-ahead).
  public var filterStale = false
  /// With the link list shown, the line the text was scrolled to, for when it closes.
  public var textScroll: Int?
  /// The lines a `#fragment` link left from, latest last: back returns to them first.
  public var returnScroll: [Int] = []
  /// A reload under way keeps the view and the line at the top for the page that comes.
  public var reloadView: PageView?
  public var reloadScroll: Int?
  /// The text at the top of the window as the count of characters before it, and the
  /// scroll it gave: resizes back and forth land on the same line.
  public var anchor: ResizeAnchor?
  /// `v` pressed full screen: the view being laid out off the UI thread, and where the
  /// window stood, to keep its top line once the layout comes.
  public var pendingView: PendingView?

  public init(_ kind: Kind) {
    self.kind = kind
  }

  public var isMenu: Bool {
    switch kind {
    case .detail, .link: return false
    default: return true
    }
  }

  /// True when the typed filter (or search query) is empty.
  public var filterIsEmpty: Bool { editor?.characters.isEmpty ?? true }
}

/// `v` full screen, under way: the view asked for and the lines the window showed then
/// (their rows and text, link marks left out), to find them again in the new layout.
public struct PendingView: Sendable, Hashable {
  public var view: PageView
  public var rows: [Int]
  public var lines: [String]
  public var scroll: Int
  public var pageStart: Int?
}

/// Where a page's top line was, by content, when the window last changed size: the
/// nearest restart point of the layout above it (`RestartPoint`, which every layout of
/// the page has alike) and the characters from there, so finding the line again costs a
/// bisection and a block, not the page.
public struct ResizeAnchor: Sendable, Hashable {
  /// The document item of the restart point; nil to count from the top of the text.
  public var item: Int?
  /// The non-blank characters of the lines above the window, from the restart point.
  public var characters: Int
  /// The scroll that the last resize gave; a scroll since then makes a new anchor.
  public var scroll: Int
}
