import CatalogModel

/// What the page cache holds of the pages a menu's preview pane speaks of (`cached · 84 kB`,
/// `not cached`), as state: the shell looks once for each page (`learnStoredPages`, before
/// it draws) and tells the navigator (`.pageStored`), so that a view reads the state and
/// never the disk, and a frame costs no system call whatever it shows.
extension Navigator {
  /// How many pages' cache entries the state keeps before it starts over: a selection run
  /// down a list of 100k cities must not keep 100k of them.
  static let storedPagesKept = 4096

  /// The pages whose copy in the cache the preview pane would speak of and the state does
  /// not know yet: the selected item's and the two each side of it (whose panes are drawn
  /// ahead, `FullScreenRenderer.preparePanes`); none where no pane is drawn.
  public func storedPagesWanted(_ state: NavigationState) -> [String] {
    guard state.policy.redrawsInPlace, state.top.isMenu, !state.showingHelp,
      MenuPreview.columns(forWidth: state.viewport.columns) != nil
    else { return [] }
    let refs: [CityRef]
    switch state.top.kind {
    case .cities(_, let list), .search(_, let list): refs = list
    case .provinces, .detail, .link: return []
    }
    let selection = state.top.selection
    var wanted: [String] = []
    for item in [selection, selection + 1, selection - 1, selection + 2, selection - 2]
    where refs.indices.contains(item) {
      let url = catalog[refs[item]].url
      guard state.storedPages[url] == nil, !wanted.contains(url) else { continue }
      if case .loaded = state.pages[url] { continue }
      wanted.append(url)
    }
    return wanted
  }

  /// The shell's one look at the page cache for the pane: `lookUp` (the size of a page's
  /// copy, or nil) is asked for each page `storedPagesWanted` names, once, and the state
  /// told what it found. Called before a frame is drawn, not from it.
  public func learnStoredPages(_ state: inout NavigationState, lookUp: (String) -> Int?) {
    for url in storedPagesWanted(state) {
      _ = update(&state, .pageStored(url: url, bytes: lookUp(url)))
    }
  }

  /// What the pane says of `url`'s page: `loaded` this session, `cached · 84 kB` or
  /// `not cached` as the shell found, or nil before it has looked.
  public func storedPageState(_ url: String, in state: NavigationState) -> String? {
    if case .loaded = state.pages[url] { return "loaded" }
    switch state.storedPages[url] {
    case .some(.some(let bytes)): return "cached · " + PageText.byteCount(bytes)
    case .some(.none): return "not cached"
    case .none: return nil
    }
  }

  /// `.pageStored`: what the shell found in the cache for `url`.
  func stored(_ bytes: Int?, url: String, in state: inout NavigationState) {
    if state.storedPages.count >= Self.storedPagesKept {
      state.storedPages.removeAll(keepingCapacity: true)
    }
    state.storedPages[url] = .some(bytes)
  }
}
