import CatalogModel
import FetchModel
import PageReader
import TerminalUI
import TextSupport

/// The interactive session as a pure state machine: `update` takes a state and a command
/// and gives the new state and the effect for the shell to perform (the Elm architecture).
public struct Navigator: Sendable {
  public enum Mode: Sendable {
    /// Selecting a city opens its detail screen and fetches its page.
    case browse
    /// Selecting a city ends the session with that city (`--pick`).
    case pick
  }

  public let catalog: Catalog
  public let matcher: Matcher
  public let mode: Mode
  /// `--width`: the width pages are laid out to on screen (at most the window's), in
  /// both views; nil: the window's, the reader view at most `readerMeasure`.
  public let pageWidth: Int?
  /// Where `start` begins: the provinces, or a province, city or filter asked for.
  public let beginning: SessionStart
  /// The townships `/` lately found: a key that extends the query searches only where the
  /// last one found some, and a Backspace is answered from it.
  let townshipMemo = TownshipSearch.Memo()
  /// The divisions whose townships `/` searches (every county, and each city without
  /// counties), walked once: made on every key, the list of a 100k-city file cost more than
  /// the search (two arrays of 100k allocated, faulted in and compared with the memo's).
  let treeTownshipParents = Lazily<[CityRef]>()
  /// The codes and names no longer in use, and the variants of characters, for what `/`
  /// finds where no current name matches (`/闸北`, a pasted address).
  public let history: DivisionHistory
  public let variants: CharacterVariants
  /// The resolver `--address` uses, made when `/` first needs it.
  let places = Lazily<AddressResolver>()
  /// The outlines the maps are drawn from, passed in as the catalog is.
  public let outlines: MapOutlines

  public init(
    catalog: Catalog, matcher: Matcher, mode: Mode = .browse, pageWidth: Int? = nil,
    start: SessionStart = SessionStart(), history: DivisionHistory = .none,
    variants: CharacterVariants = .none, outlines: MapOutlines = .none
  ) {
    self.catalog = catalog
    self.outlines = outlines
    self.matcher = matcher
    self.history = history
    self.variants = variants
    self.mode = mode
    self.pageWidth = pageWidth
    self.beginning = start
  }

  /// The reader view's widest line on a wide window, in cells: lines much longer are hard
  /// to follow back to their start (print keeps 60–100 characters to a line). The whole
  /// page keeps the window's width, as it has tables and menus that need it.
  public static let readerMeasure = 100

  /// The width a page shown in `view` is laid out to in `viewport`.
  public func layoutWidth(_ view: PageView, in viewport: Viewport) -> Int {
    if let pageWidth { return max(1, min(pageWidth, viewport.columns)) }
    return view == .reader ? min(viewport.columns, Self.readerMeasure) : viewport.columns
  }

  /// The province menu, as the seed app's first screen, and the screens `beginning` asks
  /// for; what they ask of the shell is left out (`starting` gives it).
  public func start(viewport: Viewport = .standard, policy: SessionPolicy = .lines)
    -> NavigationState
  {
    starting(viewport: viewport, policy: policy).state
  }

  /// The first state and what it asks of the shell: a start whose query leaves one city
  /// opens it (line mode), which is a page to fetch or, with `--pick`, the answer.
  public func starting(viewport: Viewport = .standard, policy: SessionPolicy = .lines)
    -> (state: NavigationState, effect: NavigationEffect)
  {
    var state = NavigationState(
      root: Screen(.provinces(Array(catalog.provinces.indices))), viewport: viewport,
      policy: policy)
    let effect = begin(&state)
    return (state, effect)
  }

  /// The screens `beginning` asks for, as the user would have opened them: the province's
  /// cities, the city selected there (or its county list, the county selected), and the
  /// query: at the top, searched for in the whole tree as `/` does (fzf's `--query` filters
  /// everything); at a province or city, the filter of its list, given whole as a typed
  /// line is (`filter(_:in:)`). Back from them goes where back would.
  private func begin(_ state: inout NavigationState) -> NavigationEffect {
    if let province = beginning.province, catalog.provinces.indices.contains(province),
      let cities = screen(opening: province, of: state.top.kind)
    {
      state.top.selection = province
      state.stack.append(cities)
    }
    if let division = beginning.division, catalog.contains(division) {
      let city = division.cityOnly
      state.top.selection = city.city
      if division.isCounty || !catalog[city].counties.isEmpty {
        let counties = catalog.counties(of: [city])
        var list = Screen(.cities(province: city.province, [city] + counties))
        list.selection = (counties.firstIndex(of: division) ?? -1) + 1
        state.stack.append(list)
      }
    }
    var effect = NavigationEffect.render
    if beginning.query.isEmpty {
    } else if state.stack.count == 1 {
      // The whole tree, as `/` then the query typed.
      _ = update(&state, .startSearch)
      for character in beginning.query { typeAhead(.character(character), in: &state) }
      settle(&state)
    } else {
      effect = filter(beginning.query, in: &state)
    }
    clampView(&state)
    return effect
  }

  public func update(_ state: inout NavigationState, _ command: NavigationCommand)
    -> NavigationEffect
  {
    if case .typeAhead = command {
    } else if state.top.filterStale {
      settle(&state)
    }
    switch command {
    case .resize(let viewport):
      // A resize is not the user's answer to the message on screen: keep it.
      let effect = resize(&state, to: viewport)
      // A `v` under way is laid out for the new width (the shell keeps one layout going).
      if let pending = state.top.pendingView, let url = pageURL(of: state.top) {
        return .layOut(url: url, width: layoutWidth(pending.view, in: viewport), view: pending.view)
      }
      return effect
    case .pageLaidOut(let url, let content):
      if let effect = viewLaidOut(content, url: url, in: &state) { return effect }
      laidOut(content, url: url, in: &state)
      return .render
    case .clock(let now):
      state.now = now
      if let deadline = state.top.numberDeadline, now >= deadline {
        state.top.number = ""
        state.top.numberDeadline = nil
      }
      return .render
    case .typeAhead(let key):
      typeAhead(key, in: &state)
      return .render
    case .pageStored(let url, let bytes):
      stored(bytes, url: url, in: &state)
      return .render
    case .pageArrived(let url, .success(let content)):
      return update(&state, .pageLoaded(url: url, content))
    case .pageArrived(let url, .failure(let error)):
      let message = FetchReport.message(error)
      if case .http(404, _, _) = error {
        return update(&state, .pageNotFound(url: url, message: message))
      }
      return update(&state, .pageFailed(url: url, message: message))
    case .pageLoaded(let url, let content):
      guard state.pages[url] == .loading else { return .render }
      // The cache may hold it now: the pane asks again once it is no longer loaded.
      state.storedPages[url] = nil
      // A reload keeps the view it was asked from and, below, the line at the top.
      let reloading = state.stack.lastIndex { pageURL(of: $0) == url && $0.reloadView != nil }
      let view = reloading.flatMap { state.stack[$0].reloadView } ?? content.view
      var content = content
      if let note = state.arrivalNotes.removeValue(forKey: url) {
        content.note = [note, content.note].compactMap { $0 }.joined(separator: " · ")
      }
      // Laid out where it was loaded, as `pageLayout` asked; again only if the window
      // changed size since (full screen off the UI thread, below, `layOutTop`), or in
      // another view than the one a reload keeps (which `pageLayout` asks for).
      state.pages[url] = .loaded(
        content.view == view
          ? content : content.relaidOut(width: layoutWidth(view, in: state.viewport), view: view))
      state.progress = nil
      if reloading == nil, pageURL(of: state.top) == url, let step = content.disambiguation {
        return disambiguationArrived(step, in: &state)
      }
      let layout = pageURL(of: state.top) == url ? layOutTop(&state) : nil
      if let reloading {
        state.stack[reloading].scroll = state.stack[reloading].reloadScroll ?? 0
        state.stack[reloading].reloadView = nil
        state.stack[reloading].reloadScroll = nil
        if reloading == state.stack.count - 1 { clampView(&state) }
      }
      return layout ?? .render
    case .progress(let url, let progress):
      if state.pages[url] == .loading { state.progress = progress }
      return .render
    case .pageNotFound(let url, let message):
      let ref = state.stack.lazy.reversed().compactMap { screen -> CityRef? in
        guard case .detail(let ref) = screen.kind, self.catalog[ref].url == url else { return nil }
        return ref
      }.first
      guard state.pages[url] == .loading, let ref,
        let page = MissingPage.page(for: ref, url: url, in: catalog)
      else { return update(&state, .pageFailed(url: url, message: message)) }
      state.progress = nil
      let view = PageView.reader
      return update(
        &state,
        .pageLoaded(
          url: url, PageContent(page, width: layoutWidth(view, in: state.viewport), view: view)))
    case .pageFailed(let url, let message) where state.policy.showsFailureInPlace:
      // The failure where the page would be, with r to retry.
      guard state.pages[url] == .loading else { return .render }
      state.pages[url] = .failed(TerminalText.sanitize(message))
      state.progress = nil
      return .render
    case .pageFailed(let url, let message):
      state.pages[url] = nil
      // The user stays in the session, back where they chose the page.
      if pageURL(of: state.top) == url && state.stack.count > 1 {
        state.stack.removeLast()
      }
      state.message = message
      state.showingHelp = false
      return .render
    default:
      break
    }

    state.message = nil
    let wasShowingHelp = state.showingHelp
    state.showingHelp = false
    if wasShowingHelp && state.policy.redrawsInPlace {
      if let lines = helpScroll(command, rows: state.contentRows) {
        // In a window the help scrolls like a page; any other key closes it.
        state.showingHelp = true
        let last = max(0, CommandTable.keyHelp.count - state.contentRows)
        state.helpScroll = min(max(0, state.helpScroll + lines), last)
        return .render
      }
      // The key that closes the help does only that (Ctrl-C and Ctrl-Z aside).
      if command != .interrupt && command != .suspend {
        state.helpScroll = 0
        return .render
      }
    }
    state.helpScroll = 0
    switch command {
    case .quit:
      return .exit(.success)
    case .help:
      state.showingHelp = !wasShowingHelp
    case .notice(let text):
      state.message = TerminalText.sanitize(text)
    case .back:
      return leave(&state)
    case .escape where wasShowingHelp:
      // Esc closes the help and does nothing else.
      break
    case .top:
      let effect = cancelIfLoading(&state)
      state.stack.removeSubrange(1...)
      state.top = Screen(.provinces(Array(catalog.provinces.indices)))
      return effect
    case .nextPage, .enter:
      let page = linePage(state)
      if page + 1 < pageCount(state) {
        turnPage(to: page + 1, in: &state)
      } else if command == .nextPage {
        state.message = "This is the last page."
      }
    case .previousPage:
      let page = linePage(state)
      if page > 0 {
        turnPage(to: page - 1, in: &state)
      } else {
        state.message = "This is the first page."
      }
    case .select(let number):
      return select(number, in: &state)
    case .filter(let text):
      if !state.top.isMenu { return pageCommand(text, in: &state) }
      return filter(text, in: &state)
    case .search(let query) where !state.top.isMenu:
      // On a page, `/text` searches the page, as the full screen's `/` then Enter.
      state.top.editor = LineEditor(text: query)
      return apply(&state, .choose)
    case .search(let query):
      let results = searchResults(query)
      if results.isEmpty {
        state.message = "No city matches '\(TerminalText.sanitize(query))'."
      } else {
        state.stack.append(Screen(.search(query: query, results)))
      }
    case .invalid(let reason):
      state.message = "\(TerminalText.sanitize(reason)) (type ? for help)"
    case .outOfRange(let digits) where !state.top.isMenu && !state.top.showingHeadings:
      // A link number too large for any page: said as any link number that is not there.
      _ = linkNumber(digits, in: &state)
    case .outOfRange(let digits):
      state.message = outOfRange(digits, count: itemCount(state))
    case .resize, .pageArrived, .pageLoaded, .pageLaidOut, .pageFailed, .progress, .clock,
      .typeAhead:
      break
    default:
      return apply(&state, command)
    }
    return .render
  }

  /// The lines of help a scrolling command moves by, `rows` a screen, or nil for a
  /// command that closes the help.
  private func helpScroll(_ command: NavigationCommand, rows: Int) -> Int? {
    let all = CommandTable.keyHelp.count
    switch command {
    case .move(let delta): return max(-all, min(all, delta))
    case .moveScreen(let screens): return max(-all, min(all, screens)) * rows
    case .moveHalfScreen(let halves): return max(-all, min(all, halves)) * max(1, rows / 2)
    case .moveToEnd(let last): return last ? all : -all
    default: return nil
    }
  }

  /// The exit code of the session that ends with `code`: with `--pick`, leaving without
  /// a city (q, Esc at the top, the terminal gone) is a failure, 1, as fzf's no match is.
  public func exitCode(_ code: ExitCode) -> ExitCode {
    mode == .pick && code == .success ? .failure : code
  }

  /// How the session is drawn: full screen unless line mode is asked for (`-i`,
  /// `--line-mode`), the terminal cannot (`TERM` unset or `dumb`), or there is no
  /// terminal to draw on (the shell says whether there is: stdin and stdout, or
  /// `/dev/tty` with `--pick`).
  public static func presentation(
    linesAsked: Bool, term: String?, hasTerminal: Bool
  ) -> Presentation {
    let term = term ?? ""
    return linesAsked || term.isEmpty || term == "dumb" || !hasTerminal ? .lines : .fullScreen
  }

  /// How a page being fetched is to be laid out when it comes: the viewport's width, and
  /// the view it was reloaded from (else the reader's). The shell lays it out so off the
  /// UI thread, and `.pageLoaded` takes it as it is.
  public func pageLayout(for url: String, in state: NavigationState) -> (
    width: Int, view: PageView
  ) {
    let view = state.stack.last { pageURL(of: $0) == url && $0.reloadView != nil }?.reloadView
    return (layoutWidth(view ?? .reader, in: state.viewport), view ?? .reader)
  }

  /// Leaving a page that is still loading for good cancels its fetch.
  private func cancelIfLoading(_ state: inout NavigationState) -> NavigationEffect {
    for screen in state.stack {
      if let url = pageURL(of: screen), state.pages[url] == .loading {
        state.pages[url] = nil
        state.progress = nil
        return .cancel(url: url)
      }
    }
    return .render
  }

  /// `No item 9: choose 1–5.`, the same sentence for a number of any size.
  func outOfRange(_ digits: String, count: Int, noun: String = "item") -> String {
    let shown = digits.count > 12 ? String(digits.prefix(12)) + "…" : digits
    switch count {
    case 0: return "No \(noun) \(shown): there is none to choose."
    case 1: return "No \(noun) \(shown): choose 1."
    default: return "No \(noun) \(shown): choose 1–\(count)."
    }
  }

  /// The items of a menu, or the links of a page.
  func itemCount(_ state: NavigationState) -> Int {
    if state.top.isMenu { return itemCount(of: state.top) }
    guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url] else {
      return 0
    }
    return content.linkTargets.count
  }

  /// The names listed on a menu screen, sanitised, in menu order.
  public func labels(for screen: Screen) -> [String] {
    (0..<itemCount(of: screen)).map { label(for: screen, at: $0) }
  }

  /// How many items a menu screen lists (0 for a page), without making their labels:
  /// a search over 100k cities must not build 100k strings a keystroke.
  public func itemCount(of screen: Screen) -> Int {
    switch screen.kind {
    case .provinces(let indices): return indices.count
    case .cities(_, let refs), .search(_, let refs): return refs.count
    case .detail, .link: return 0
    }
  }

  /// Item `index`'s name alone, sanitised: the full screen's first column (search results
  /// give the province a column of its own, `details`, where line mode says `（广东省）`).
  public func name(for screen: Screen, at index: Int) -> String {
    switch screen.kind {
    case .search(_, let refs): return TextCut.shown(catalog[refs[index]].name)
    default: return label(for: screen, at: index)
    }
  }

  /// What the full screen shows, dimmed, after item `index`'s name where the window has
  /// room, most telling first: in search results the province (and a county's city),
  /// then for every division its pinyin, its code and how many divisions it holds.
  public func details(for screen: Screen, at index: Int) -> [String] {
    func count(_ number: Int, _ one: String, _ many: String) -> String {
      number == 0 ? "" : number == 1 ? "1 \(one)" : "\(number) \(many)"
    }
    switch screen.kind {
    case .provinces(let indices):
      let province = indices[index]
      return [
        matcher.pinyin(ofProvince: province), matcher.provinceCode(province) ?? "",
        count(catalog.provinces[province].cities.count, "city", "cities"),
      ]
    case .cities(_, let refs):
      let ref = refs[index]
      return [
        matcher.pinyin(of: ref), TextCut.shown(catalog[ref].code ?? ""),
        ref.county == nil && !catalog[ref].counties.isEmpty
          ? count(catalog[ref].counties.count, "county", "counties")
          : count(catalog.townships(of: ref).count, "township", "townships"),
      ]
    case .search(_, let refs):
      let ref = refs[index]
      return [
        place(of: ref), matcher.pinyin(of: ref), TextCut.shown(catalog[ref].code ?? ""),
      ]
    case .detail, .link:
      return []
    }
  }

  /// Where a search result is, sanitised: its province, and a county's city too
  /// (`江苏省 南京市` for 鼓楼区).
  private func place(of ref: CityRef) -> String {
    var place = TextCut.shown(catalog.provinces[ref.province].name)
    if ref.county != nil || ref.township != nil {
      place += " " + TextCut.shown(catalog[ref.cityOnly].name)
    }
    if ref.isTownship, let county = ref.countyOnly {
      place += " " + TextCut.shown(catalog[county].name)
    }
    return place
  }

  /// The sanitised name of item `index` (below `itemCount(of:)`) of a menu screen, as much
  /// of it as a line shows (`TextCut.shown`): a name of megabytes costs what a line costs.
  public func label(for screen: Screen, at index: Int) -> String {
    switch screen.kind {
    case .provinces(let indices):
      return TextCut.shown(catalog.provinces[indices[index]].name)
    case .cities(_, let refs):
      return TextCut.shown(catalog[refs[index]].name)
    case .search(_, let refs):
      let ref = refs[index]
      return TextCut.shown(catalog[ref].name) + "（" + place(of: ref) + "）"
    case .detail, .link:
      return ""
    }
  }

  /// The names a disambiguation page's entry must carry for `screen`'s page: a division's
  /// city and province; none for a followed link.
  func parents(of screen: Screen) -> [[String]] {
    guard case .detail(let ref) = screen.kind else { return [] }
    return DivisionParents.of(ref, in: catalog)
  }

  /// The URL a page screen shows (a city's, or a followed link's); nil for menus.
  public func pageURL(of screen: Screen) -> String? {
    switch screen.kind {
    case .detail(let ref): return catalog[ref].url
    case .link(let url): return url
    default: return nil
    }
  }

  /// How the current menu is laid out at the state's viewport (line mode).
  public func layout(_ state: NavigationState) -> MenuLayout {
    MenuLayout(
      labels: labels(for: state.top), viewport: state.viewport,
      availableRows: state.contentRows)
  }

  /// The pages of the current screen (line mode), computed from the state alone.
  public func pageCount(_ state: NavigationState) -> Int {
    guard state.top.isMenu else {
      let sections = pageSections(state)
      let rows = max(1, state.contentRows - sections.header.count)
      return max(1, (sections.body.count + rows - 1) / rows)
    }
    return layout(state).pageCount(itemCount: itemCount(of: state.top))
  }

  private func select(_ number: Int, in state: inout NavigationState) -> NavigationEffect {
    if !state.top.isMenu && state.top.showingHeadings {
      // In the headings list a number goes to that heading, as Enter on it does.
      let count =
        pageURL(of: state.top).flatMap { url -> Int? in
          guard case .loaded(let content) = state.pages[url] else { return nil }
          return content.model.headings.count
        } ?? 0
      guard number >= 1 && number <= count else {
        state.message = outOfRange(String(number), count: count, noun: "heading")
        return .render
      }
      state.top.focusedHeading = number - 1
      return apply(&state, .choose)
    }
    guard state.top.isMenu else {
      return followLink(number, in: &state)
    }
    let count = itemCount(of: state.top)
    guard number >= 1 && number <= count else {
      state.message = outOfRange(String(number), count: count)
      return .render
    }
    return push(screen(opening: number - 1, of: state.top.kind), in: &state)
  }

  /// Pushes `screen`; a city chosen in pick mode ends the session, and a page not yet
  /// fetched this session is asked for.
  func push(_ screen: Screen?, in state: inout NavigationState) -> NavigationEffect {
    guard let screen else { return .render }
    // A division with divisions under it (a city's counties, a county's townships) opens
    // their list first, whose first row is the division itself: choosing that row (here
    // again, from the list) opens the division's own page.
    // Pick mode answers at the county level (a county, or a city without counties) unless
    // `--pick --townships` asked for the townships too: a city's counties always open.
    if case .detail(let ref) = screen.kind, !isChildList(of: ref, state),
      mode != .pick || beginning.pickTownships || hasCounties(ref)
    {
      let children = self.children(of: ref)
      if !children.isEmpty {
        state.stack.append(Screen(.cities(province: ref.province, [ref] + children)))
        state.message = childListMessage(ref, count: children.count)
        return .render
      }
    }
    if mode == .pick, case .detail(let ref) = screen.kind { return .picked(ref) }
    state.top.number = ""
    state.top.numberDeadline = nil
    // A `v` under way is dropped: its layout comes for a screen no longer shown.
    state.top.pendingView = nil
    state.stack.append(screen)
    // A page shown before may be laid out for another width, or released: full screen,
    // laid out off the UI thread.
    let layout = layOutTop(&state)
    guard let url = pageURL(of: screen), state.pages[url] == nil else { return layout ?? .render }
    return fetch(url, for: screen, in: &state)
  }

  /// The fetch of the page at `url`, shown by `screen`: asked of the shell when `url` is
  /// one a request can be made for (`URLText.requestURL`, the loaders' and the link
  /// checker's one notion of it), else failed here, as the fetch would have, for every
  /// view alike and without a request.
  func fetch(_ url: String, for screen: Screen, in state: inout NavigationState)
    -> NavigationEffect
  {
    state.pages[url] = .loading
    guard URLText.requestURL(url) != nil else {
      let error = FetchError.invalidURL(URLText.ascii(url))
      return update(&state, .pageArrived(url: url, .failure(error)))
    }
    return .fetch(url: url, parents: parents(of: screen))
  }

  /// The divisions one level under `ref`, the same way at every level: a city's counties,
  /// a county's (or a city without counties') townships; empty for a township.
  public func children(of ref: CityRef) -> [CityRef] {
    guard !ref.isTownship, catalog.contains(ref) else { return [] }
    if ref.county == nil && !catalog[ref].counties.isEmpty { return catalog.counties(of: [ref]) }
    return catalog.townships(of: ref).indices.map {
      CityRef(province: ref.province, city: ref.city, county: ref.county, township: $0)
    }
  }

  /// Whether `ref` is a city with counties under it.
  private func hasCounties(_ ref: CityRef) -> Bool {
    ref.county == nil && ref.township == nil && !catalog[ref].counties.isEmpty
  }

  /// What the message line says on opening `ref`'s list of `count` divisions under it.
  private func childListMessage(_ ref: CityRef, count: Int) -> String {
    let name = TerminalText.sanitize(catalog[ref].name)
    guard ref.county == nil && !catalog[ref].counties.isEmpty else {
      let noun = count == 1 ? "township" : "townships"
      return "\(name): \(count) \(noun); 1 \(name) opens the division's own page."
    }
    return "\(name): \(count) counties; 1 \(name) opens the city's own page."
  }

  /// The division whose list of divisions under it `screen` is (its first row, followed by
  /// those divisions: a city's counties, a county's townships), or nil.
  public func countyListCity(_ screen: Screen) -> CityRef? {
    guard case .cities(_, let refs) = screen.unfiltered ?? screen.kind,
      // Such a list is the division, then its children: its second row says so, so a long
      // city list is not read through on every frame that asks.
      let first = refs.first, refs.count > 1, refs[refs.startIndex + 1] != first,
      refs[refs.startIndex + 1].parent == first
    else { return nil }
    return first
  }

  /// Whether the list being chosen from is `division`'s list of children (filtered or not:
  /// a filter narrows the list in place).
  private func isChildList(of division: CityRef, _ state: NavigationState) -> Bool {
    countyListCity(state.top) == division
  }

  /// The screen that choosing item `index` of a menu leads to.
  func screen(opening index: Int, of kind: Screen.Kind) -> Screen? {
    guard index >= 0 else { return nil }
    switch kind {
    case .provinces(let indices):
      guard index < indices.count else { return nil }
      let province = indices[index]
      let refs = catalog.provinces[province].cities.indices.map {
        CityRef(province: province, city: $0)
      }
      return Screen(.cities(province: province, refs))
    case .cities(_, let refs), .search(_, let refs):
      guard index < refs.count else { return nil }
      return Screen(.detail(refs[index]))
    case .detail, .link:
      return nil
    }
  }

  /// The page on top is a disambiguation page, just arrived. Following its entry is a step
  /// like following a link, so that back returns to the page and its list; with no entry to
  /// follow, its links are opened, the entries among them, to choose from.
  private func disambiguationArrived(_ step: DisambiguationStep, in state: inout NavigationState)
    -> NavigationEffect
  {
    let layout = layOutTop(&state)
    switch step {
    case .follow(let entry, let note):
      state.arrivalNotes[entry] = note
      let effect = push(Screen(.link(entry)), in: &state)
      // Shown already this session: the page as it was, the note not said twice.
      if state.pages[entry] != .loading { state.arrivalNotes[entry] = nil }
      return effect
    case .offer:
      if !state.top.showingLinks { toggleLinks(in: &state) }
      return layout ?? .render
    }
  }

  /// A link number typed whole (line mode's `12`): checked as the full screen's digits are
  /// (`linkNumber`, one message for a link that is not there), then followed as the full
  /// screen follows the link selected, by the same function.
  private func followLink(_ number: Int, in state: inout NavigationState) -> NavigationEffect {
    guard let index = linkNumber(String(number), in: &state) else { return .render }
    state.top.focusedLink = index
    return follow(link: index, in: &state)
  }

  /// Page `page` (line mode's pages): the window starts at its first line (a menu's first
  /// item, selected, as PgDn moves the selection a screen), so that a search or a link
  /// followed goes on from the page shown.
  private func turnPage(to page: Int, in state: inout NavigationState) {
    guard !state.top.isMenu else {
      let first = page * layout(state).perPage
      state.top.selection = first
      state.top.scroll = first
      clampView(&state)
      return
    }
    let sections = pageSections(state)
    state.top.page = page
    let rows = max(1, state.contentRows - sections.header.count)
    state.top.scroll = sections.header.count + page * rows
  }

  /// The page line mode shows of the screen on top, from where the window stands: a menu's
  /// is the page its scroll is on (a scroll pulled back at the end, to keep the window
  /// full, is still on the last page); a page's text, the one `show(line:)` set with the
  /// scroll.
  public func linePage(_ state: NavigationState) -> Int {
    let pages = pageCount(state)
    guard state.top.isMenu else { return min(state.top.page, pages - 1) }
    let perPage = max(1, layout(state).perPage)
    return min((state.top.scroll + perPage - 1) / perPage, pages - 1)
  }

  /// The page of text (line mode's) that shows line `line` of the page screen on top.
  func textPage(showing line: Int, in state: NavigationState) -> Int {
    let sections = pageSections(state)
    let rows = max(1, state.contentRows - sections.header.count)
    return min(max(0, line - sections.header.count) / rows, max(0, pageCount(state) - 1))
  }

  /// Shows line `line` of the page screen on top: the window starts there, and line
  /// mode's page is the one it is on.
  func show(line: Int, in state: inout NavigationState) {
    state.top.scroll = line
    state.top.page = textPage(showing: line, in: state)
  }

  /// The position in `kind`'s list of the one item `text` names exactly (`gbk` beside
  /// `gbkmeta`), as the matcher defines it; nil when none or several do.
  func exactMatch(_ text: String, in kind: Screen.Kind) -> Int? {
    switch kind {
    case .provinces(let indices):
      return matcher.exactMatch(text, provinces: indices).flatMap { indices.firstIndex(of: $0) }
    case .cities(_, let refs), .search(_, let refs):
      return matcher.exactMatch(text, cities: refs).flatMap { refs.firstIndex(of: $0) }
    case .detail, .link:
      return nil
    }
  }

  /// Words that mean something on a page screen: links, reload, open.
  private func pageCommand(_ text: String, in state: inout NavigationState) -> NavigationEffect {
    guard let command = CommandTable.pageCommand(for: text.lowercased()) else {
      state.message = "Unknown command '\(TerminalText.sanitize(text))' (type ? for help)"
      return .render
    }
    return apply(&state, command)
  }
}
