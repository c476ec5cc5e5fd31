import CatalogModel
import PageReader
import TerminalUI
import TextSupport

/// The commands of both views (a full-screen key, or a word typed in line mode that names
/// one): a selection and a scroll position per screen, a filter typed into the menu, links
/// focused and followed. Layout follows the state.
extension Navigator {
  /// How long a number typed waits for its next digit, as fzf's and vim's counts do not
  /// but a user who paused expects.
  public static let numberTimeout = Duration.seconds(1)

  func apply(_ state: inout NavigationState, _ command: NavigationCommand)
    -> NavigationEffect
  {
    let rows = state.contentRows
    switch command {
    case .move(let delta):
      move(by: delta, in: &state)
    case .moveScreen(let screens):
      move(by: screens * rows, in: &state)
    case .moveHalfScreen(let halves):
      move(by: halves * max(1, rows / 2), in: &state)
    case .moveToEnd(let last):
      move(by: last ? Int.max / 2 : -Int.max / 2, in: &state)
    case .choose:
      return choose(in: &state)
    case .escape where !state.top.isMenu && state.top.editor != nil:
      // Esc leaves the page search being typed, and only that.
      state.top.editor = nil
    case .escape where !state.top.number.isEmpty:
      state.top.number = ""
      state.top.numberDeadline = nil
    case .escape
    where !state.top.isMenu && state.top.pageQuery != nil && !state.top.showingLinks
      && !state.top.showingHeadings:
      // One step at a time: the match (and its message) first, the page after.
      state.top.pageQuery = nil
      state.top.matchLine = nil
    case .escape:
      // Number, match and page search are cleared above; what is left is the table's.
      switch StepKeys.action(.escape, in: StepKeys.situation(state)) {
      case .clear:
        if state.top.isMenu && !state.top.filterIsEmpty { clearFilter(in: &state) }
      case .leave:
        // The last step back, as in fzf: Esc on the first screen, nothing typed, leaves.
        return .exit(.success)
      case .back, .closeList:
        return leave(&state)
      case .text, nil:
        break
      }
    case .edit(let key) where !state.top.isMenu:
      state.top.editor?.handle(key)
    case .edit(let key):
      editFilter(key, in: &state)
    case .digit(let digit):
      jump(digit, in: &state)
    case .startSearch where !state.top.isMenu:
      state.top.editor = LineEditor()
      state.findHistoryPosition = nil
    case .findHistory(let step) where !state.top.isMenu && state.top.editor != nil:
      recallSearch(step, in: &state)
    case .click(let row, let column) where !state.top.isMenu:
      return click(row: row, column: column, in: &state)
    case .nextMatch, .previousMatch:
      findMatch(forward: command == .nextMatch, in: &state)
    case .startSearch:
      // An empty query lists the cities, as fzf lists everything before a key; a filter
      // that matched nothing here is searched for everywhere, as its message offered.
      let text = (state.top.editor?.text ?? "").trimmingSpaces
      let carried = !text.isEmpty && itemCount(of: state.top) == 0 ? text : ""
      var screen = Screen(
        .search(query: carried, carried.isEmpty ? catalog.allCities : searchResults(carried)))
      screen.editor = LineEditor(text: carried)
      state.stack.append(screen)
    case .nextLink, .previousLink:
      focusLink(forward: command == .nextLink, in: &state)
    case .links:
      toggleLinks(in: &state)
    case .headings:
      toggleHeadings(in: &state)
    case .toggleView:
      if let effect = toggleView(in: &state) { return effect }
    case .reload:
      guard let url = pageURL(of: state.top) else { break }
      // The page that comes is shown in the view it was read in, at the same line.
      if case .loaded(let content) = state.pages[url] {
        state.top.reloadView = content.view
        state.top.reloadScroll = state.top.scroll
      }
      state.progress = nil
      state.top.pendingView = nil
      state.top.page = 0
      state.top.scroll = 0
      return fetch(url, for: state.top, in: &state)
    case .openInBrowser:
      guard let url = pageURL(of: state.top) else { break }
      return .open(url: url)
    case .interrupt:
      return .exit(.interrupted)
    case .suspend:
      return .suspend
    default:
      break
    }
    clampView(&state)
    return .render
  }

  /// Back one step; leaving a page that is still loading cancels its fetch. On a page,
  /// its link or headings list closes first, then each `#fragment` followed returns to
  /// where it was followed from, and only then does the page go.
  func leave(_ state: inout NavigationState) -> NavigationEffect {
    if !state.top.isMenu {
      if state.top.showingLinks {
        toggleLinks(in: &state)
        return .render
      }
      if state.top.showingHeadings {
        toggleHeadings(in: &state)
        return .render
      }
      if let line = state.top.returnScroll.popLast() {
        show(line: line, in: &state)
        clampView(&state)
        return .render
      }
    }
    guard state.stack.count > 1 else {
      state.message = "Already at the top."
      return .render
    }
    let left = state.stack.removeLast()
    // The filter the list was left with is there again, selected: typing starts anew.
    if state.top.isMenu && !state.top.filterIsEmpty { state.top.filterSelected = true }
    let cancels =
      pageURL(of: left).map { url in
        state.pages[url] == .loading && !state.stack.contains(where: { pageURL(of: $0) == url })
      } ?? false
    // A page shown again is laid out again if the window changed size while it was away,
    // or read again if it was released: full screen off the UI thread (the old layout
    // shown until then).
    let layout = layOutTop(&state)
    // A resize since this screen was left may have taken its page away; a released page
    // keeps the page it was left at until its lines are back (`laidOut` clamps it then).
    if !isReleased(state) { state.top.page = min(state.top.page, pageCount(state) - 1) }
    clampView(&state)
    if cancels, let url = pageURL(of: left) {
      state.pages[url] = nil
      state.progress = nil
      // One effect a step: the layout, where one is wanted, and the shell stops the load
      // all the same, as it stops any whose page is no longer loading.
      return layout ?? .cancel(url: url)
    }
    return layout ?? .render
  }

  /// Keeps the selection on an item and in view, and the scroll within the content.
  /// Whether the page on top was released and is being read and laid out again.
  func isReleased(_ state: NavigationState) -> Bool {
    guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url] else {
      return false
    }
    return !content.isLaidOut
  }

  func clampView(_ state: inout NavigationState) {
    let rows = state.contentRows
    if state.top.isMenu {
      let count = itemCount(of: state.top)
      var screen = state.top
      screen.selection = min(max(screen.selection, 0), max(count - 1, 0))
      if screen.selection < screen.scroll { screen.scroll = screen.selection }
      if screen.selection >= screen.scroll + rows { screen.scroll = screen.selection - rows + 1 }
      screen.scroll = min(max(screen.scroll, 0), max(count - rows, 0))
      state.top = screen
    } else if let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url],
      !content.isLaidOut
    {
      // Released, being laid out again: the scroll it was left at waits for its lines.
      return
    } else {
      let count = pageSections(state).count
      state.top.scroll = min(max(state.top.scroll, 0), max(count - rows, 0))
    }
  }

  private func move(by delta: Int, in state: inout NavigationState) {
    state.top.number = ""
    if state.top.isMenu {
      state.top.selection = clampedAdd(state.top.selection, delta)
    } else if state.top.showingHeadings {
      guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url],
        !content.model.headings.isEmpty
      else { return }
      let focus = clampedAdd(state.top.focusedHeading ?? -1, delta)
      state.top.focusedHeading = min(max(focus, 0), content.model.headings.count - 1)
      scrollToLinkLine(state.top.focusedHeading ?? 0, in: &state)
    } else if state.top.showingLinks {
      let count = itemCount(state)
      guard count > 0 else { return }
      let focus = clampedAdd(state.top.focusedLink ?? -1, delta)
      state.top.focusedLink = min(max(focus, 0), count - 1)
      scrollToLinkLine(state.top.focusedLink ?? 0, in: &state)
    } else {
      state.top.scroll = clampedAdd(state.top.scroll, delta)
    }
  }

  private func clampedAdd(_ value: Int, _ delta: Int) -> Int {
    let (sum, overflow) = value.addingReportingOverflow(delta)
    return overflow ? (delta > 0 ? Int.max / 2 : 0) : sum
  }

  /// A click on the page's text: the link whose text or mark is under it is followed (its
  /// cells come from the model's side table, as the frame draws them); elsewhere nothing.
  private func click(row: Int, column: Int, in state: inout NavigationState) -> NavigationEffect {
    guard !state.top.showingLinks, !state.top.showingHeadings, state.top.editor == nil else {
      return .render
    }
    let sections = pageSections(state)
    guard let model = sections.model else { return .render }
    let line = state.top.scroll + row - sections.textStart
    guard line >= 0 else { return .render }
    guard
      let cell = model.cells(onLines: line..<(line + 1)).first(where: {
        $0.columns.contains(column)
      })
    else { return .render }
    let link = model.positions[cell.position].link
    state.top.focusedLink = link
    return follow(link: link, in: &state)
  }

  /// ↑ and ↓ in the page-search prompt: an earlier or a later search, and past the
  /// latest, the text that was being typed.
  private func recallSearch(_ step: Int, in state: inout NavigationState) {
    let history = state.findHistory
    guard !history.isEmpty else { return }
    if state.findHistoryPosition == nil {
      guard step < 0 else { return }
      state.findDraft = state.top.editor?.text ?? ""
    }
    let position = max(0, (state.findHistoryPosition ?? history.count) + step)
    if position >= history.count {
      state.findHistoryPosition = nil
      state.top.editor = LineEditor(text: state.findDraft)
      return
    }
    state.findHistoryPosition = position
    state.top.editor = LineEditor(text: history[position])
  }

  private func choose(in state: inout NavigationState) -> NavigationEffect {
    state.top.number = ""
    if !state.top.isMenu, let editor = state.top.editor {
      state.top.editor = nil
      let query = editor.text.trimmingSpaces
      state.top.pageQuery = query.isEmpty ? nil : query
      state.findHistoryPosition = nil
      if !query.isEmpty && state.findHistory.last != query {
        state.findHistory.append(query)
        state.findHistory.removeFirst(
          max(0, state.findHistory.count - NavigationState.findHistoryLimit))
      }
      // A new search starts from the top of the window, that line included.
      state.top.matchLine = nil
      if !query.isEmpty { findMatch(forward: true, in: &state) }
      return .render
    }
    if state.top.isMenu {
      guard let next = screen(opening: state.top.selection, of: state.top.kind) else {
        state.message = "Nothing to open here."
        return .render
      }
      return push(next, in: &state)
    }
    if state.top.showingHeadings {
      goToHeading(in: &state)
      return .render
    }
    guard let focus = state.top.focusedLink else {
      let (tab, list) = (CommandTable.key(.nextLink), CommandTable.key(.links))
      state.message = "\(tab) moves to a link; \(list) lists them."
      return .render
    }
    return follow(link: focus, in: &state)
  }

  /// Follows link `index` of the page on top: a `#fragment` of this page scrolls to it,
  /// any other link is a new screen on the stack.
  func follow(link index: Int, in state: inout NavigationState) -> NavigationEffect {
    guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url],
      content.linkTargets.indices.contains(index)
    else { return .render }
    let target = content.linkTargets[index]
    if target.isInPage {
      var shown = state
      shown.top.showingLinks = false
      guard let line = PageLinks.anchorLine(of: target, in: content, sections: pageSections(shown))
      else {
        let name = "#" + TerminalText.sanitize(target.fragment ?? "")
        state.message =
          content.rendered?.view == .reader
          ? "No \(name) in the reader view; \(CommandTable.key(.toggleView)) shows the whole page."
          : "No \(name) on this page."
        return .render
      }
      // A step in history: back returns to the line (and the list) it was followed from.
      if state.top.showingLinks { toggleLinks(in: &state) }
      state.top.returnScroll.append(state.top.scroll)
      show(line: line, in: &state)
      clampView(&state)
      return .render
    }
    return push(Screen(.link(target.url)), in: &state)
  }

  private func edit(in state: inout NavigationState, _ change: (inout LineEditor) -> Void) {
    guard state.top.isMenu else { return }
    var editor = state.top.editor ?? LineEditor()
    let before = editor.text
    change(&editor)
    state.top.editor = editor
    // A key that only moves the cursor leaves the list (and its selection) as it is.
    if editor.text != before || state.top.filterStale { refilter(&state) }
  }

  /// A key that edits a menu's filter. A filter restored by going back is selected, as
  /// a text field's selection is: typed text replaces it and Backspace (or Ctrl-U, Ctrl-W)
  /// deletes it, while a cursor key (Ctrl-A, Ctrl-E) keeps it to be edited.
  private func editFilter(_ key: Key, in state: inout NavigationState) {
    let selected = state.top.filterSelected
    edit(in: &state) { editor in
      if selected { Self.replaceSelection(of: &editor, with: key) }
      editor.handle(key)
    }
  }

  /// What a key does to a selected filter before it is handled: text and deletions take
  /// the whole selection away; cursor keys keep it.
  private static func replaceSelection(of editor: inout LineEditor, with key: Key) {
    switch key {
    // A deletion then finds nothing left to delete: the selection was what it deleted.
    case .character, .paste, .backspace, .control("u"), .control("w"), .special(.delete, _):
      editor.clear()
    default: break
    }
  }

  /// A key typed ahead of others read at once: the text changes now, the list when the
  /// last of them is in (`settle`), so a paste filters once, not once a character.
  func typeAhead(_ key: Key, in state: inout NavigationState) {
    guard state.top.isMenu else {
      state.top.editor?.handle(key)
      return
    }
    var editor = state.top.editor ?? LineEditor()
    if state.top.filterSelected { Self.replaceSelection(of: &editor, with: key) }
    editor.handle(key)
    state.top.editor = editor
    state.top.filterStale = true
  }

  /// Narrows the list to the filter typed ahead, if it is not yet.
  public func settle(_ state: inout NavigationState) {
    guard state.top.filterStale else { return }
    refilter(&state)
  }

  /// The list on top narrowed to its typed filter, the selection on the first item.
  private func refilter(_ state: inout NavigationState) {
    var screen = state.top
    let text = (screen.editor?.text ?? "").trimmingSpaces
    screen.filterStale = false
    screen.selection = 0
    screen.scroll = 0
    screen.number = ""
    screen.numberDeadline = nil
    if case .search = screen.kind {
      screen.kind = .search(query: text, text.isEmpty ? catalog.allCities : searchResults(text))
    } else {
      let base = screen.unfiltered ?? screen.kind
      screen.kind = text.isEmpty ? base : filtered(base, by: text)
      screen.unfiltered = text.isEmpty ? nil : base
    }
    state.top = screen
    if case .search = screen.kind, !text.isEmpty, matcher.search(text).isEmpty,
      let note = resolved(text).note
    {
      state.message = note
    }
    if !text.isEmpty && itemCount(of: screen) == 0 {
      let shown = TerminalText.sanitize(text)
      if case .search = screen.kind {
        state.message = "No city matches '\(shown)'."
      } else {
        state.message = wholeTreeOffer(for: screen)
      }
    }
  }

  /// What `/` finds for `text`: every city and county matching it, then, where `text`
  /// names one province (`guangdong`, `gd`), that province's cities, so a search finds
  /// provinces too (`--search` lists them as rows of their own), then the townships it
  /// names (exact first) once `text` has two characters or more: one character would
  /// match thousands of the 39k townships and say nothing.
  func searchResults(_ text: String) -> [CityRef] {
    var found = matcher.search(text)
    if case .unique(let province) = matcher.province(text) {
      var seen = Set(found)
      let cities = catalog.provinces[province].cities.indices.map {
        CityRef(province: province, city: $0)
      }
      found += cities.filter { seen.insert($0).inserted }
    }
    if text.trimmingSpaces.count >= Self.townshipSearchMinimum {
      let townships = TownshipSearch.find(
        text, in: catalog, under: TownshipSearch.parents(in: catalog, cities: catalog.allCities),
        memo: townshipMemo)
      found += townships.exact + townships.prefix
    }
    // Where no current name matches, the text is read as `--address` reads it: a former
    // name (闸北, zhabei) finds today's division, a pasted address the one it names.
    if found.isEmpty { found = resolved(text).refs }
    return found
  }

  /// The divisions `--address` reads `text` as (one, or its candidates), and what it read
  /// as a former name, said as `/` says it.
  func resolved(_ text: String) -> (refs: [CityRef], note: String?) {
    let resolver = places.value {
      AddressResolver(catalog: catalog, history: history, variants: variants)
    }
    let found = resolver.resolve(text)
    let places = found.isAmbiguous ? found.candidates : found.place.map { [$0] } ?? []
    let refs = places.compactMap(\.ref)
    guard !refs.isEmpty, !found.former.isEmpty else { return (refs, nil) }
    let now = refs.map { TerminalText.sanitize(catalog[$0].name) }.joined(separator: ", ")
    let then = found.former.map { former in
      TerminalText.sanitize(former.name) + (former.until.map { " (until \($0))" } ?? "")
    }
    return (refs, then.joined(separator: ", ") + " is now " + now + ".")
  }

  /// The shortest query `/` searches the township level for.
  static let townshipSearchMinimum = 2

  /// A menu whose filter matched nothing is not a dead end: the whole tree's search is
  /// offered with what it would find (`kun: nothing here; / finds 3`); nil otherwise.
  public func wholeTreeOffer(for screen: Screen) -> String? {
    let text = (screen.editor?.text ?? "").trimmingSpaces
    if case .search = screen.kind { return nil }
    guard screen.isMenu, !text.isEmpty, itemCount(of: screen) == 0 else { return nil }
    let shown = TerminalText.sanitize(text)
    let found = searchResults(text).count
    return found == 0
      ? "\(shown): nothing here, nor in the whole tree; \(StepKeys.StepKey.escape.label) clears the filter."
      : "\(shown): nothing here; \(CommandTable.key(.startSearch, onPage: false)) finds \(found)"
  }

  /// Esc on a typed filter: the whole list again, the item that was selected still so.
  private func clearFilter(in state: inout NavigationState) {
    let kept = selectedItem(of: state.top)
    edit(in: &state) { $0.clear() }
    state.top.editor = nil
    if let kept, let index = index(of: kept, in: state.top) {
      state.top.selection = index
      // The item comes back a third of the way down, as `less` shows a found line.
      state.top.scroll = max(0, index - state.contentRows / 3)
    }
  }

  /// What a menu's selection names: a province's index, or a city.
  private func selectedItem(of screen: Screen) -> CityOrProvince? {
    switch screen.kind {
    case .provinces(let indices) where indices.indices.contains(screen.selection):
      return .province(indices[screen.selection])
    case .cities(_, let refs) where refs.indices.contains(screen.selection),
      .search(_, let refs) where refs.indices.contains(screen.selection):
      return .city(refs[screen.selection])
    default:
      return nil
    }
  }

  private func index(of item: CityOrProvince, in screen: Screen) -> Int? {
    switch (screen.kind, item) {
    case (.provinces(let indices), .province(let province)): return indices.firstIndex(of: province)
    case (.cities(_, let refs), .city(let ref)), (.search(_, let refs), .city(let ref)):
      return refs.firstIndex(of: ref)
    default: return nil
    }
  }

  /// Back from a list over the text (links, headings) to the text, where it was left.
  private func returnToText(in state: inout NavigationState) {
    show(line: state.top.textScroll ?? 0, in: &state)
    state.top.textScroll = nil
    clampView(&state)
  }

  /// `l`: the link list, a screen of its own over the text (its own scroll, the link
  /// focused on the text selected in it), or the text again where it was left.
  func toggleLinks(in state: inout NavigationState) {
    if state.top.showingHeadings { toggleHeadings(in: &state) }
    state.top.page = 0
    if state.top.showingLinks {
      state.top.showingLinks = false
      returnToText(in: &state)
      return
    }
    state.top.textScroll = state.top.scroll
    state.top.showingLinks = true
    state.top.scroll = 0
    if itemCount(state) > 0 {
      state.top.focusedLink = min(max(state.top.focusedLink ?? 0, 0), itemCount(state) - 1)
      scrollToLinkLine(state.top.focusedLink ?? 0, in: &state)
    }
    clampView(&state)
    state.top.page = textPage(showing: state.top.scroll, in: state)
  }

  /// `t`: the page's headings, a list of their own over the text with the section being
  /// read selected, from the model's side table; or the text again where it was left.
  func toggleHeadings(in state: inout NavigationState) {
    if state.top.showingHeadings {
      state.top.showingHeadings = false
      returnToText(in: &state)
      return
    }
    guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url] else {
      return
    }
    if state.top.showingLinks { toggleLinks(in: &state) }
    let headings = content.model.headings
    guard !headings.isEmpty else {
      state.message = "This page has no headings."
      return
    }
    let line = state.top.scroll - pageSections(state).textStart
    // The section being read: the last heading at or above the top of the window.
    let current =
      Bisection.firstIndex(in: headings.count) { headings[$0].line > line } - 1
    state.top.textScroll = state.top.scroll
    state.top.showingHeadings = true
    state.top.focusedHeading = max(0, current)
    state.top.scroll = 0
    scrollToLinkLine(max(0, current), in: &state)
    clampView(&state)
    state.top.page = textPage(showing: state.top.scroll, in: state)
  }

  /// Enter in the headings list: the text again, scrolled to the heading chosen. A step
  /// in history, as a `#fragment` is: back returns to where the list was opened.
  private func goToHeading(in state: inout NavigationState) {
    guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url],
      let focus = state.top.focusedHeading, content.model.headings.indices.contains(focus)
    else { return }
    let from = state.top.textScroll ?? 0
    state.top.showingHeadings = false
    state.top.textScroll = nil
    state.top.returnScroll.append(from)
    show(line: pageSections(state).textStart + content.model.headings[focus].line, in: &state)
    clampView(&state)
  }

  /// A new window size: the page on top laid out again (the others when they are shown
  /// again), and kept at the line its window began with, by content (the characters
  /// above it), not by proportion. The page is laid out off the UI thread (`.layOut`),
  /// the screen keeping the layout it has until then; full screen, a long page answers
  /// at once with the lines it shows laid out for the new width from the restart point
  /// above them (a window of the page, a few screens of it).
  func resize(_ state: inout NavigationState, to viewport: Viewport) -> NavigationEffect {
    let anchor = resizeAnchor(state)
    state.viewport = viewport
    if let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url],
      content.isLaidOut,
      content.document != nil, content.width != layoutWidth(content.view, in: viewport)
    {
      let width = layoutWidth(content.view, in: viewport)
      // Kept instead, a long page's old lines would be held beside the new ones while they
      // are made: at the top of the page too, the window begins with its first line.
      if state.policy.redrawsInPlace, content.size >= Self.backgroundLayoutBytes,
        let anchor, let item = anchor.item ?? content.topItem,
        let window = content.window(width: width, from: item, lines: Self.windowLines(viewport))
      {
        state.pages[url] = .loaded(window)
        scroll(to: anchor, in: &state)
      } else {
        clampView(&state)
        if let anchor {
          state.top.anchor = ResizeAnchor(
            item: anchor.item, characters: anchor.characters, scroll: state.top.scroll)
        }
      }
      return .layOut(url: url, width: width, view: content.view)
    }
    let layout = layOutTop(&state)
    state.top.page = min(state.top.page, pageCount(state) - 1)
    scroll(to: anchor, in: &state)
    return layout ?? .render
  }

  /// The lines a window of a page is laid out to after a resize: the screen twice over,
  /// so a few keys move over laid-out text while the whole page follows.
  static func windowLines(_ viewport: Viewport) -> Int { 3 * max(1, viewport.rows) }

  /// Pages of this many bytes and more show a window of their text laid out for the new
  /// width at once after a resize (a few screens, from a restart point) while the whole
  /// page is laid out off the UI thread; smaller ones keep the layout they have until then.
  public static let backgroundLayoutBytes = 200_000

  /// A page laid out off the UI thread (`.layOut`) takes the place of the one shown (a
  /// window of it, or its layout for another width), if it is still the page's and the
  /// window's width is still the one it was made for.
  func laidOut(_ content: PageContent, url: String, in state: inout NavigationState) {
    guard case .loaded(let shown) = state.pages[url], content.isLaidOut, !content.isWindow,
      !shown.isLaidOut || shown.width != content.width || shown.isWindow,
      shown.view == content.view, shown.size == content.size,
      content.width == layoutWidth(content.view, in: state.viewport)
    else { return }
    let isTop = pageURL(of: state.top) == url
    guard shown.isLaidOut else {
      // A released page read again: the scroll it was left at is kept, now that its
      // lines are here to keep it within.
      state.pages[url] = .loaded(content)
      if isTop {
        state.top.page = min(state.top.page, pageCount(state) - 1)
        clampView(&state)
      }
      return
    }
    let anchor = isTop ? resizeAnchor(state) : nil
    state.pages[url] = .loaded(content)
    guard isTop else { return }
    scroll(to: anchor, in: &state)
  }

  /// Where the window of the page on top begins (nil on a menu): the anchor the last
  /// resize kept while the window has not moved since, so resizes back and forth land
  /// on the same line; else the restart point above its top line and the characters
  /// from there, or (above the page's own lines, or with its link list shown) the
  /// characters from the top.
  private func resizeAnchor(_ state: NavigationState) -> ResizeAnchor? {
    guard !state.top.isMenu else { return nil }
    if let kept = state.top.anchor, kept.scroll == state.top.scroll { return kept }
    let sections = pageSections(state)
    let scroll = state.top.scroll
    if let page = renderedPage(of: state), let start = sections.pageStart, scroll >= start,
      scroll - start < page.lines.count, let point = page.restart(atOrAbove: scroll - start)
    {
      let characters = page.lines[point.line..<(scroll - start)].reduce(0) {
        $0 + Self.characters(in: $1)
      }
      return ResizeAnchor(item: point.item, characters: characters, scroll: scroll)
    }
    let characters = (0..<min(scroll, sections.count)).reduce(0) {
      $0 + Self.characters(in: sections.line($1))
    }
    return ResizeAnchor(item: nil, characters: characters, scroll: scroll)
  }

  /// The laid-out page on top, if it is one.
  private func renderedPage(of state: NavigationState) -> RenderedPage? {
    guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url] else {
      return nil
    }
    return content.rendered
  }

  /// Scrolls the page on top to the line the characters of `anchor` end on.
  private func scroll(to anchor: ResizeAnchor?, in state: inout NavigationState) {
    guard let anchor else {
      clampView(&state)
      return
    }
    let sections = pageSections(state)
    if let item = anchor.item, let page = renderedPage(of: state),
      let start = sections.pageStart, let point = Self.restart(of: item, in: page)
    {
      // Another restart point than the anchor's: its characters do not count from here.
      var left = point.item == item ? anchor.characters : 0
      var line = point.line
      while line < page.lines.count {
        let count = Self.characters(in: page.lines[line])
        if count > left { break }
        left -= count
        line += 1
      }
      state.top.scroll = start + line
    } else if anchor.item == nil {
      var before = 0
      var line = sections.count
      for index in 0..<sections.count {
        let count = Self.characters(in: sections.line(index))
        if before + count > anchor.characters {
          line = index
          break
        }
        before += count
      }
      state.top.scroll = line
    }
    clampView(&state)
    state.top.anchor = ResizeAnchor(
      item: anchor.item, characters: anchor.characters, scroll: state.top.scroll)
  }

  /// The restart point of `item` in `page`, or the nearest before it. By bisection where
  /// the layout's items go in order; a MediaWiki reader view shows its infobox's facts,
  /// items appended to the document, between the lead and the sections, so where the
  /// bisection misses, the points are read in turn (a few hundred, once a resize).
  static func restart(of item: Int, in page: RenderedPage) -> RestartPoint? {
    let near = page.restart(atOrBefore: item)
    if near?.item == item { return near }
    return page.restarts.first { $0.item == item }
      ?? page.restarts.filter { $0.item <= item }.max { $0.item < $1.item } ?? near
  }

  /// How many pages keep their documents and layouts: the one shown and the last ones
  /// before it. Further back a page keeps its bytes and is read again when shown.
  public static let laidOutPages = 4

  /// The page on top laid out for the viewport's width, if it was laid out for another
  /// (a resize lays out only the page shown, the others when they are shown again) or
  /// released; and the pages shown longest ago released, so memory stays bounded. The
  /// layout is not made here but asked for (`.layOut`, returned), in either view: the
  /// shell makes it off the UI thread, the screen showing the layout it has (or `laying
  /// out…`) until then, and line mode reading no line meanwhile.
  @discardableResult
  func layOutTop(_ state: inout NavigationState) -> NavigationEffect? {
    guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url] else {
      return nil
    }
    let width = layoutWidth(content.view, in: state.viewport)
    var effect: NavigationEffect?
    if !content.isLaidOut || (content.width != width && content.document != nil) {
      effect = .layOut(url: url, width: width, view: content.view)
    }
    guard state.recentPages.last != url else { return effect }
    state.recentPages.removeAll { $0 == url }
    state.recentPages.append(url)
    guard state.recentPages.count > Self.laidOutPages else { return effect }
    for old in state.recentPages.dropLast(Self.laidOutPages) {
      if case .loaded(let page) = state.pages[old] { state.pages[old] = .loaded(page.released()) }
    }
    state.recentPages.removeFirst(state.recentPages.count - Self.laidOutPages)
    return effect
  }

  /// The non-blank characters of `line`: what a new wrap keeps.
  private static func characters(in line: String) -> Int {
    var count = 0
    for scalar in line.unicodeScalars {
      // ASCII first: the scalar's properties are a table look-up a character.
      if scalar.value < 0x80 {
        if scalar.value != 0x20 && !(0x09...0x0D).contains(scalar.value) { count += 1 }
      } else if !scalar.properties.isWhitespace {
        count += 1
      }
    }
    return count
  }

  /// `kind` narrowed to the items matching `text` by name, pinyin or initials.
  func filtered(_ kind: Screen.Kind, by text: String) -> Screen.Kind {
    switch kind {
    case .provinces(let indices): return .provinces(matcher.filter(text, provinces: indices))
    case .cities(let province, let refs):
      return .cities(province: province, matcher.filter(text, cities: refs))
    case .search(let query, let refs):
      return .search(query: query, matcher.filter(text, cities: refs))
    case .detail, .link: return kind
    }
  }

  private func jump(_ digit: Int, in state: inout NavigationState) {
    guard state.top.isMenu else {
      jumpToLink(digit, in: &state)
      return
    }
    let digits = state.top.number + String(digit)
    let count = itemCount(of: state.top)
    if let number = Int(digits), number >= 1, number <= count {
      state.top.number = digits
      // Another digit may follow within the second; after it, a digit starts anew.
      state.top.numberDeadline = state.now + Self.numberTimeout
      state.top.selection = number - 1
    } else {
      state.top.number = ""
      state.top.numberDeadline = nil
      state.message = outOfRange(digits, count: count)
    }
  }

  /// A digit on a page or in its link list, as lynx has it: link N (the digits so far) is
  /// selected, shown, and Enter follows it; another digit within the second adds to it.
  private func jumpToLink(_ digit: Int, in state: inout NavigationState) {
    guard !state.top.showingHeadings, let url = pageURL(of: state.top),
      case .loaded(let content) = state.pages[url]
    else { return }
    let digits = state.top.number + String(digit)
    let count = content.linkTargets.count
    guard let number = Int(digits), number >= 1, number <= count else {
      // No such link: none is selected, so Enter cannot follow the one the first digits
      // named (`9999` on a page of twelve links left [9] selected).
      state.top.focusedLink = nil
      state.top.focusedMarker = nil
      state.top.number = ""
      state.top.numberDeadline = nil
      state.message =
        count == 0 ? "This page has no links." : "No link [\(digits)]: links are 1–\(count)."
      return
    }
    state.top.number = digits
    state.top.numberDeadline = state.now + Self.numberTimeout
    state.top.focusedLink = number - 1
    if state.top.showingLinks {
      scrollToLinkLine(number - 1, in: &state)
      return
    }
    let sections = pageSections(state)
    guard let model = sections.model,
      let marker = model.positions.firstIndex(where: { $0.link == number - 1 })
    else { return }
    state.top.focusedMarker = marker
    let line = model.positions[marker].line + sections.textStart
    let rows = state.contentRows
    if line < state.top.scroll || line >= state.top.scroll + rows {
      state.top.scroll = max(0, line - rows / 2)
    }
  }

  private func focusLink(forward: Bool, in state: inout NavigationState) {
    guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url],
      !content.linkTargets.isEmpty
    else {
      state.message = "This page has no links."
      return
    }
    if state.top.showingLinks {
      move(by: forward ? 1 : -1, in: &state)
      return
    }
    let sections = pageSections(state)
    guard let model = sections.model, !model.positions.isEmpty else {
      state.message = "No link is shown in the text; \(CommandTable.key(.links)) lists them."
      return
    }
    // Positions are the model's, in lines of its text; the window is in lines of the
    // screen, which has the facts above the text.
    let offset = sections.textStart
    let positions = model.positions
    let rows = state.contentRows
    let scroll = state.top.scroll
    let focused = state.top.focusedLink
    let current =
      state.top.focusedMarker.flatMap {
        positions.indices.contains($0) && positions[$0].link == focused ? $0 : nil
      } ?? focused.flatMap { link in positions.firstIndex { $0.link == link } }
    let visible =
      current.map { (scroll..<scroll + rows).contains(positions[$0].line + offset) } ?? false
    let next: Int
    if let current, visible {
      next =
        forward
        ? (current + 1) % positions.count : (current - 1 + positions.count) % positions.count
    } else if forward {
      next = model.firstPosition(atOrBelow: scroll - offset) ?? 0
    } else {
      next = model.lastPosition(above: scroll + rows - offset) ?? positions.count - 1
    }
    state.top.focusedLink = positions[next].link
    state.top.focusedMarker = next
    let line = positions[next].line + offset
    if line < scroll || line >= scroll + rows { state.top.scroll = max(0, line - rows / 2) }
  }

  /// `v`: the page laid out again from its document in the other view, off the UI thread
  /// (`.layOut`), the screen showing the view it has until the other comes
  /// (`viewLaidOut`); `v` again meanwhile stays in this view.
  private func toggleView(in state: inout NavigationState) -> NavigationEffect? {
    guard let url = pageURL(of: state.top), case .loaded(let content) = state.pages[url],
      PageSections.hasViews(content)
    else {
      state.message = "Only an HTML page has a reader view."
      return nil
    }
    if state.top.pendingView != nil {
      state.top.pendingView = nil
      return nil
    }
    if content.view == .reader && content.rendered?.view == .fullPage {
      state.message = "The reader found no article here; this is the whole page."
      return nil
    }
    if state.top.showingHeadings { toggleHeadings(in: &state) }
    let before = pageSections(state)
    let rows = state.contentRows
    let first = max(state.top.scroll, before.pageStart ?? .max)
    let shown = first..<max(first, min(state.top.scroll + rows, before.count))
    let view: PageView = content.view == .reader ? .fullPage : .reader
    let pending = PendingView(
      view: view, rows: Array(shown), lines: shown.map { Self.unmarked(before.line($0)) },
      scroll: state.top.scroll, pageStart: before.pageStart)
    let width = layoutWidth(view, in: state.viewport)
    state.top.pendingView = pending
    return .layOut(url: url, width: width, view: view)
  }

  /// A layout asked for by `v` (or for the window's width since): shown, keeping the top
  /// line; laid out again if the window changed width meanwhile; nil when it is not one.
  func viewLaidOut(_ content: PageContent, url: String, in state: inout NavigationState)
    -> NavigationEffect?
  {
    guard pageURL(of: state.top) == url, let pending = state.top.pendingView,
      pending.view == content.view, !content.isWindow,
      case .loaded(let shown) = state.pages[url], shown.size == content.size
    else { return nil }
    let width = layoutWidth(pending.view, in: state.viewport)
    guard content.width == width else {
      return .layOut(url: url, width: width, view: pending.view)
    }
    state.top.pendingView = nil
    showView(content, url: url, as: pending, in: &state)
    clampView(&state)
    return .render
  }

  /// The other view's layout on screen: the line at the top of the window stays at the
  /// top when the other view has it (link marks aside, which are numbered again); else
  /// the text starts at the top.
  private func showView(
    _ changed: PageContent, url: String, as pending: PendingView, in state: inout NavigationState
  ) {
    let view = pending.view
    let shown = zip(pending.rows, pending.lines)
    let before = (pageStart: pending.pageStart, scroll: pending.scroll)
    state.pages[url] = .loaded(changed)
    state.top.focusedLink = nil
    state.top.focusedMarker = nil
    state.top.matchLine = nil
    state.top.page = 0
    let after = pageSections(state)
    guard !state.top.showingLinks, let start = after.pageStart else {
      state.top.scroll = 0
      return
    }
    let scroll = before.scroll
    // Above the text (the facts) nothing moves; in it, the first line shown that the
    // other view has too keeps its row, else the other view's text starts at the top.
    state.top.scroll = scroll < (before.pageStart ?? 0) ? scroll : start
    found: for (line, text) in shown where !text.trimmingSpaces.isEmpty {
      for index in start..<after.count where Self.unmarked(after.line(index)) == text {
        state.top.scroll = max(0, index - (line - scroll))
        break found
      }
    }
    let toggle = CommandTable.key(.toggleView)
    state.message =
      view == .fullPage
      ? "The whole page; \(toggle): the reader view."
      : changed.rendered?.view == .fullPage
        ? "The reader found no article here; this is the whole page."
        : "The reader view; \(toggle): the whole page."
  }

  /// A line without its `[n]` link marks, which the two views number differently.
  private static func unmarked(_ line: String) -> String {
    line.utf8.contains(UInt8(ascii: "[")) ? line.replacing(#/\[\d+\]/#, with: "") : line
  }

  /// Scrolls the link list so that link `link`'s whole entry is in view (its first line
  /// when the entry is taller than the window).
  private func scrollToLinkLine(_ link: Int, in state: inout NavigationState) {
    guard let entry = pageSections(state).linkEntry(link) else { return }
    let rows = state.contentRows
    if entry.upperBound > state.top.scroll + rows { state.top.scroll = entry.upperBound - rows }
    if entry.lowerBound < state.top.scroll { state.top.scroll = entry.lowerBound }
  }
}

/// An item of a menu, to find it again in the same menu filtered otherwise.
enum CityOrProvince: Hashable {
  case province(Int)
  case city(CityRef)
}
