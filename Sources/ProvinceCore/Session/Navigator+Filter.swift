import CatalogModel
import PageReader
import TerminalUI
import TextSupport

/// A menu's filter, typed as you go or given whole (line mode's line, `--query`): the list
/// narrowed in place, a filter restored by going back selected as a text field's selection,
/// Esc (line mode's `clear`) clearing it, and the whole tree's search offered when it
/// matches nothing.
extension Navigator {
  /// A filter given whole, as a line typed at line mode's prompt or `--query` is: the new
  /// filter of the list on top, narrowed in place by the path every key takes (`edit`).
  /// Where the policy reads a line as a whole answer (`opensSingleMatch`, the one place it
  /// is read), the one item left, or the one the text names exactly among several (`gbk`
  /// beside `gbkmeta`), is opened at once; back returns to the list, filtered.
  func filter(_ text: String, in state: inout NavigationState) -> NavigationEffect {
    guard state.top.isMenu else { return .render }
    edit(in: &state) { $0 = LineEditor(text: text) }
    guard state.policy.opensSingleMatch, !text.trimmingSpaces.isEmpty else { return .render }
    let kind = state.top.kind
    if itemCount(of: state.top) == 1 { return push(screen(opening: 0, of: kind), in: &state) }
    if let exact = exactMatch(text, in: kind) {
      return push(screen(opening: exact, of: kind), in: &state)
    }
    return .render
  }

  func edit(in state: inout NavigationState, _ change: (inout LineEditor) -> Void) {
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
  func editFilter(_ key: Key, in state: inout NavigationState) {
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
    var note: String?
    if case .search = screen.kind {
      let findings = text.isEmpty ? (refs: catalog.allCities, note: nil) : searchFindings(text)
      screen.kind = .search(query: text, findings.refs)
      note = findings.note
    } else {
      let base = screen.unfiltered ?? screen.kind
      screen.kind = text.isEmpty ? base : filtered(base, by: text)
      screen.unfiltered = text.isEmpty ? nil : base
    }
    state.top = screen
    if let note { state.message = note }
    if !text.isEmpty && itemCount(of: screen) == 0 {
      let shown = TerminalText.sanitize(text)
      if case .search = screen.kind {
        state.message = "No city matches '\(shown)'."
      } else {
        state.message = wholeTreeOffer(for: screen, policy: state.policy)
      }
    }
  }

  /// A menu whose filter matched nothing is not a dead end: the whole tree's search is
  /// offered with what it would find (`kun: nothing here; / finds 3`, line mode's
  /// `/kun finds 3`), the commands named as `policy` says; nil otherwise.
  public func wholeTreeOffer(for screen: Screen, policy: SessionPolicy) -> String? {
    let text = (screen.editor?.text ?? "").trimmingSpaces
    if case .search = screen.kind { return nil }
    guard screen.isMenu, !text.isEmpty, itemCount(of: screen) == 0 else { return nil }
    let shown = TerminalText.sanitize(text)
    let found = searchResults(text).count
    let clear = policy.namesWords ? CommandTable.word(.clear) : StepKeys.StepKey.escape.label
    let search =
      policy.namesWords
      ? "/" + shown : CommandTable.key(.startSearch, onPage: false)
    return found == 0
      ? "\(shown): nothing here, nor in the whole tree; \(clear) clears the filter."
      : "\(shown): nothing here; \(search) finds \(found)"
  }

  /// Esc on a typed filter: the whole list again, the item that was selected still so.
  func clearFilter(in state: inout NavigationState) {
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

  func index(of item: CityOrProvince, in screen: Screen) -> Int? {
    switch (screen.kind, item) {
    case (.provinces(let indices), .province(let province)): return indices.firstIndex(of: province)
    case (.cities(_, let refs), .city(let ref)), (.search(_, let refs), .city(let ref)):
      return refs.firstIndex(of: ref)
    default: return nil
    }
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
}
