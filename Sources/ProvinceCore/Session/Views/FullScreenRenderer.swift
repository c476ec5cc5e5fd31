import GeoModel
import TerminalUI
import TextSupport

/// The full-screen view: a navigation state drawn as a `Frame`, a pure function of the
/// state. The content fills the window but two rows: a prompt line (the filter being
/// typed, a message, or the keys that matter here) and a status bar (path and count).
public enum FullScreenRenderer {
  /// The styles of the parts; `colors` false keeps to bold, underline and reverse.
  public struct Palette: Sendable, Hashable {
    var number: Style
    var matched: Style
    var link: Style
    var focused: Style
    var selected: Style
    var selectedMatched: Style
    var status: Style
    var message: Style
    var hint: Style
    var heading: Style
    /// A map's division (filled), its parent's outline and its siblings: colours where
    /// colour is allowed; without, all plain (the fill's full dots tell the division).
    var mapFill: Style
    var mapOutline: Style
    var mapFaint: Style

    /// The look on a colour terminal, or (false) without colour (`NO_COLOR`). Without
    /// `bold` (`--no-color`, which says "no colour or bold"), no bold or dim either: what
    /// must show (the selection, links, matches, the status bar) is reverse video and
    /// underline.
    public init(colors: Bool, bold: Bool = true) {
      number = Style(dim: bold)
      matched =
        colors ? Style(bold: true, foreground: .yellow) : Style(bold: bold, underline: true)
      link = colors ? Style(underline: true, foreground: .cyan) : Style(underline: true)
      focused = Style(reverse: true)
      selected = Style(reverse: true)
      selectedMatched = Style(bold: bold, underline: true, reverse: true)
      status = Style(reverse: true)
      message = colors ? Style(bold: true, foreground: .yellow) : Style(bold: bold)
      hint = Style(dim: bold)
      heading = Style(bold: bold)
      mapFill = colors ? Style(bold: true, foreground: .green) : .plain
      mapOutline = colors ? Style(foreground: .cyan) : .plain
      mapFaint = colors ? Style(foreground: .brightBlack) : .plain
    }

    /// The style of a map's cell of `tone`.
    func map(_ tone: MapTone) -> Style {
      switch tone {
      case .empty: .plain
      case .faint: mapFaint
      case .outline: mapOutline
      case .fill: mapFill
      }
    }
  }

  /// The frame that shows `state` in its viewport, from the state alone: whether a page is
  /// cached is what the shell told the state (`Navigator.learnStoredPages`), not a look
  /// at the disk. `panes` keeps the panes drawn (the same cells, drawn once); `memo`, a
  /// session's own, keeps what its frames drew lately (the menu's rows, the items'
  /// previews) for the next one.
  public static func frame(
    _ state: NavigationState, navigator: Navigator, palette: Palette,
    panes: PaneStore = .shared, memo: FrameMemo? = nil
  ) -> Frame {
    let rows = state.viewport.rows
    let columns = state.viewport.columns
    var frame = Frame(rows: rows, columns: columns)
    let contentRows = state.contentRows
    if state.showingHelp {
      let help = CommandTable.keyHelp.dropFirst(state.helpScroll)
      for (row, line) in help.prefix(contentRows).enumerated() {
        frame.put(line, row: row, column: 0, style: line.hasPrefix(" ") ? .plain : palette.heading)
      }
    } else if state.top.isMenu {
      let pane = MenuPreview.columns(forWidth: columns)
      drawMenu(
        state, navigator: navigator, palette: palette, width: pane?.lowerBound ?? columns,
        memo: memo, into: &frame)
      if let pane {
        drawPreview(
          state, navigator: navigator, palette: palette, columns: pane, panes: panes,
          memo: memo, into: &frame)
      }
    } else {
      drawPage(state, navigator: navigator, palette: palette, into: &frame)
    }
    drawPrompt(state, navigator: navigator, palette: palette, into: &frame)
    drawStatus(state, navigator: navigator, palette: palette, into: &frame)
    return frame
  }

  /// The menu's rows in the frame's first `width` columns. With a `memo`, the rows drawn
  /// with none selected are kept and copied, and the selected row drawn on them: a move
  /// draws one row.
  private static func drawMenu(
    _ state: NavigationState, navigator: Navigator, palette: Palette, width: Int,
    memo: FrameMemo?, into frame: inout Frame
  ) {
    let screen = state.top
    let count = navigator.itemCount(of: screen)
    if count == 0 {
      let empty =
        screen.filterIsEmpty
        ? (screen.editor != nil
          ? "Type to search every city by name, pinyin or initials." : "(empty)")
        : navigator.wholeTreeOffer(for: screen, policy: state.policy)
          ?? "Nothing matches; \(StepKeys.StepKey.escape.label) clears the filter."
      frame.put(empty, row: 0, column: 1, style: palette.hint)
      return
    }
    guard let memo else {
      let lines = menuLines(state, navigator: navigator, width: width)
      for row in lines.shown.indices {
        drawMenuRow(
          lines, row: row, selected: lines.shown[row] == screen.selection, palette: palette,
          width: width, into: &frame)
      }
      return
    }
    let key = FrameMemo.MenuKey(
      catalog: navigator.catalog, kind: screen.kind, scroll: screen.scroll,
      rows: state.contentRows, width: width, query: screen.editor?.text ?? "", palette: palette)
    let menu =
      memo.menu(for: key)
      ?? memo.keep(
        {
          let lines = menuLines(state, navigator: navigator, width: width)
          var rows = Frame(rows: lines.shown.count, columns: width)
          for row in lines.shown.indices {
            drawMenuRow(
              lines, row: row, selected: false, palette: palette, width: width, into: &rows)
          }
          return FrameMemo.Menu(key: key, rows: rows, lines: lines)
        }())
    frame.paste(menu.rows, row: 0, column: 0)
    if let row = menu.lines.shown.firstIndex(of: screen.selection) {
      drawMenuRow(
        menu.lines, row: row, selected: true, palette: palette, width: width, into: &frame)
    }
  }

  /// What the menu's rows on screen show: each item's number, name, matched characters
  /// and secondary columns, and where those columns start.
  struct MenuLines {
    /// The items on screen, the first on row 0.
    var shown: [Int]
    var numberWidth: Int
    var names: [String]
    var details: [[String]]
    var marked: [Set<Int>]
    var columns: [(start: Int, width: Int)]
  }

  /// The menu's lines for the rows on screen, `width` columns wide.
  static func menuLines(_ state: NavigationState, navigator: Navigator, width: Int) -> MenuLines {
    let screen = state.top
    let count = navigator.itemCount(of: screen)
    let numberWidth = String(count).count
    let query = screen.editor?.text ?? ""
    let shown = Array(screen.scroll..<min(count, screen.scroll + state.contentRows))
    let names = shown.map { navigator.name(for: screen, at: $0) }
    let details = shown.map { navigator.details(for: screen, at: $0) }
    // No query marks nothing: the syllables are not looked up for it.
    let marked = zip(shown, names).map { index, label in
      query.isEmpty
        ? []
        : MatchHighlight.offsets(
          in: label, query: query, syllables: syllables(of: screen, index, navigator))
    }
    // The secondary columns start where the longest name on screen ends, each as wide as
    // its widest cell on screen; a column that does not fit whole is left out, and with it
    // those after it.
    var columns: [(start: Int, width: Int)] = []
    var start = numberWidth + 2 + (names.map(TerminalText.width).max() ?? 0) + 3
    for column in 0..<(details.map(\.count).max() ?? 0) {
      let cells = details.map { column < $0.count ? TerminalText.width($0[column]) : 0 }.max() ?? 0
      guard start + cells <= width else { break }
      if cells > 0 {
        columns.append((start, cells))
        start += cells + 2
      } else {
        columns.append((start, 0))
      }
    }
    return MenuLines(
      shown: shown, numberWidth: numberWidth, names: names, details: details, marked: marked,
      columns: columns)
  }

  /// Draws the menu's row `row` of `lines`, selected or not.
  private static func drawMenuRow(
    _ lines: MenuLines, row: Int, selected isSelected: Bool, palette: Palette, width: Int,
    into frame: inout Frame
  ) {
    let index = lines.shown[row]
    let label = lines.names[row]
    if isSelected { frame.fill(row: row, columns: 0..<width, style: palette.selected) }
    let number = String(index + 1)
    let padded = String(repeating: " ", count: lines.numberWidth - number.count + 1) + number + " "
    let column = frame.put(
      padded, row: row, column: 0, style: isSelected ? palette.selected : palette.number)
    drawName(
      label, marked: lines.marked[row], selected: isSelected, palette: palette, width: width,
      row: row, column: column, into: &frame)
    for (place, cell) in zip(lines.columns, lines.details[row])
    where place.width > 0 && !cell.isEmpty {
      frame.put(
        cell, row: row, column: place.start, style: isSelected ? palette.selected : palette.hint)
    }
  }

  /// A menu item's name from `column` on, its `marked` characters in the matched style,
  /// stopping short of column `width` (the preview pane). `whole`: a name that fits and
  /// has nothing marked is put at once, the cells the loop a character at a time leaves
  /// (the width counts each character's scalars, so a name that fits whole passes each
  /// of the loop's checks); false (for tests) takes the loop always.
  static func drawName(
    _ label: String, marked: Set<Int>, selected isSelected: Bool, palette: Palette, width: Int,
    row: Int, column start: Int, whole: Bool = true, into frame: inout Frame
  ) {
    if whole && marked.isEmpty && start + TerminalText.width(label) <= width {
      frame.put(label, row: row, column: start, style: isSelected ? palette.selected : .plain)
      return
    }
    var column = start
    for (offset, character) in label.enumerated() {
      // A name too long for the list stops short of the preview pane.
      guard column + TerminalText.width(String(character)) <= width else { break }
      let style =
        marked.contains(offset)
        ? (isSelected ? palette.selectedMatched : palette.matched)
        : (isSelected ? palette.selected : .plain)
      column = frame.put(String(character), row: row, column: column, style: style)
    }
  }

  /// The selected item's preview in `columns`, the first of them a rule (│) from top to
  /// bottom of the content. The pane is drawn once per selection and look and kept
  /// (`PaneStore`): a move back to an item, or a key that leaves the selection where it
  /// was, copies its cells rather than laying out and drawing it again.
  private static func drawPreview(
    _ state: NavigationState, navigator: Navigator, palette: Palette, columns: Range<Int>,
    panes: PaneStore, memo: FrameMemo?, into frame: inout Frame
  ) {
    guard
      let pane = preparedPane(
        state, navigator: navigator, palette: palette, columns: columns.count, panes: panes,
        memo: memo)
    else {
      for row in 0..<state.contentRows {
        frame.put("│", row: row, column: columns.lowerBound, style: palette.hint)
      }
      return
    }
    frame.paste(pane, row: 0, column: columns.lowerBound)
  }

  /// The pane of the item selected in `state`'s menu, `columns` wide, from `panes` or
  /// drawn and kept there; nil when there is no item to preview. With a `memo`, the item's
  /// preview is made once and its pane found without hashing the preview.
  private static func preparedPane(
    _ state: NavigationState, navigator: Navigator, palette: Palette, columns: Int,
    panes: PaneStore, memo: FrameMemo? = nil
  ) -> Frame? {
    let screen = state.top
    guard navigator.itemCount(of: screen) > 0 else { return nil }
    let previewsKey = memo.map { _ in
      FrameMemo.PreviewsKey(
        catalog: navigator.catalog, kind: screen.kind, outlines: navigator.outlines,
        outlinesReady: navigator.outlines.ready != nil)
    }
    // The outlines' readiness is read before the preview is made: outlines that come
    // meanwhile make a new key, and the next frame draws their map.
    let made = { navigator.preview(for: screen, at: screen.selection) }
    let found: MenuPreview?
    if let memo, let previewsKey {
      found = memo.preview(screen.selection, for: previewsKey, make: made)
    } else {
      found = made()
    }
    guard let preview = found else { return nil }
    let pageState = preview.url.flatMap { navigator.storedPageState($0, in: state) }
    let key = PaneStore.Key(
      preview: preview, pageState: pageState, columns: columns, rows: state.contentRows,
      palette: palette)
    if let memo, let previewsKey,
      let kept = memo.pane(screen.selection, for: previewsKey, key)
    {
      return kept
    }
    let drawn =
      panes.pane(for: key)
      ?? panes.keep(
        pane(preview, pageState: pageState, palette: palette, key: key, maps: navigator.outlines),
        for: key)
    if let memo, let previewsKey { memo.keep(pane: drawn, screen.selection, for: previewsKey, key) }
    return drawn
  }

  /// Draws and keeps in `panes` the preview panes of the menu's items `items`, as frames
  /// of `state` with each of them selected would show them: a session makes the panes of
  /// the items beside the selection, off its loop's thread, while this one is read, so
  /// that a move finds its pane (and map) made. Stops when `wanted` turns false.
  public static func preparePanes(
    _ state: NavigationState, items: [Int], navigator: Navigator, palette: Palette,
    panes: PaneStore = .shared, memo: FrameMemo? = nil, wanted: () -> Bool
  ) {
    guard state.top.isMenu, !state.showingHelp,
      let columns = MenuPreview.columns(forWidth: state.viewport.columns)
    else { return }
    let count = navigator.itemCount(of: state.top)
    for item in items where (0..<count).contains(item) {
      guard wanted() else { return }
      var other = state
      other.top.selection = item
      _ = preparedPane(
        other, navigator: navigator, palette: palette, columns: columns.count, panes: panes,
        memo: memo)
    }
  }

  /// The preview pane alone, `key.columns` wide and `key.rows` high: the rule in its first
  /// column, the lines and the map from its third.
  private static func pane(
    _ preview: MenuPreview, pageState: String?, palette: Palette, key: PaneStore.Key,
    maps: MapOutlines
  ) -> Frame {
    var frame = Frame(rows: key.rows, columns: key.columns)
    for row in 0..<key.rows {
      frame.put("│", row: row, column: 0, style: palette.hint)
    }
    let width = key.columns - 3
    let layout = preview.layout(width: width, rows: key.rows, pageState: pageState, maps: maps)
    for (row, line) in layout.lines.enumerated() {
      frame.put(line, row: row, column: 2, style: row == 0 ? palette.heading : .plain)
    }
    if let map = layout.map {
      drawMap(
        map.picture, rows: 0..<(layout.lines.count - map.row), at: map.row, column: 2,
        width: width, palette: palette, into: &frame)
    }
    return frame
  }

  /// The picture's rows `rows` drawn from frame row `row`, `column` on (at most `width`
  /// columns), each dotted cell in its tone's style.
  static func drawMap(
    _ picture: MapPicture, rows: Range<Int>, at row: Int, column: Int, width: Int,
    palette: Palette, into frame: inout Frame
  ) {
    for y in rows.clamped(to: 0..<picture.rows) {
      for x in 0..<min(width, picture.columns) {
        let bits = picture.dots[y * picture.columns + x]
        guard bits != 0, let dot = Unicode.Scalar(0x2800 + UInt32(bits)) else { continue }
        frame.put(
          String(Character(dot)), row: row + y - rows.lowerBound, column: column + x,
          style: palette.map(picture.tones[y * picture.columns + x]))
      }
    }
  }

  /// The pinyin syllables of item `index`'s name, one per character.
  private static func syllables(of screen: Screen, _ index: Int, _ navigator: Navigator)
    -> [String]
  {
    let pinyin: String
    switch screen.kind {
    case .provinces(let indices) where index < indices.count:
      pinyin = navigator.matcher.pinyin(ofProvince: indices[index])
    case .cities(_, let refs) where index < refs.count,
      .search(_, let refs) where index < refs.count:
      pinyin = navigator.matcher.pinyin(of: refs[index])
    default:
      return []
    }
    return pinyin.lowercased().split(separator: " ").map(String.init)
  }

  private static func drawPage(
    _ state: NavigationState, navigator: Navigator, palette: Palette, into frame: inout Frame
  ) {
    let sections = navigator.pageSections(state)
    let window = state.top.scroll..<max(state.top.scroll, state.top.scroll + state.contentRows)
    // The cells of each link's text and mark on the lines shown, and whether Tab is on
    // them: only the window's lines are looked at, found in the model's side table.
    var linkCells: [Int: [(columns: Range<Int>, focused: Bool)]] = [:]
    if let model = sections.model {
      let offset = sections.textStart
      let lines = max(0, window.lowerBound - offset)..<max(0, window.upperBound - offset)
      for cell in model.cells(onLines: lines) {
        let focused =
          model.positions[cell.position].link == state.top.focusedLink
          && (state.top.focusedMarker == nil || state.top.focusedMarker == cell.position)
        linkCells[cell.line + offset, default: []].append((cell.columns, focused))
      }
    }
    let focusedEntry =
      state.top.showingLinks
      ? state.top.focusedLink.flatMap(sections.linkEntry)
      : state.top.showingHeadings ? state.top.focusedHeading.flatMap(sections.linkEntry) : nil
    for row in 0..<state.contentRows {
      let index = state.top.scroll + row
      guard index < sections.count else { break }
      let line =
        index < sections.header.count
        ? PageSections.fitted(sections.line(index), toWidth: frame.columns) : sections.line(index)
      let isHeading = index >= sections.header.count && line.hasPrefix("#")
      frame.put(line, row: row, column: 0, style: isHeading ? palette.heading : .plain)
      if let map = sections.map, index < map.rows {
        drawMap(
          map, rows: index..<(index + 1), at: row, column: PageSections.mapIndent,
          width: frame.columns - PageSections.mapIndent, palette: palette, into: &frame)
      }
      if let focusedEntry, focusedEntry.contains(index) {
        frame.fill(row: row, columns: 0..<frame.columns, style: palette.focused)
        frame.put(line, row: row, column: 0, style: palette.focused)
      }
      for (columns, focused) in linkCells[index] ?? [] {
        restyle(
          line, columns: columns, row: row, style: focused ? palette.focused : palette.link,
          into: &frame)
      }
      // Matches last, so that one inside a link shows too.
      if let query = state.top.pageQuery {
        for offset in PageSearch.offsets(of: query, in: line).sorted() {
          let column = TerminalText.width(String(line.prefix(offset)))
          let character = String(Array(line)[offset])
          frame.put(character, row: row, column: column, style: palette.matched)
        }
      }
    }
  }

  /// Draws again, in `style`, the characters of `line` that start within `columns`.
  private static func restyle(
    _ line: String, columns: Range<Int>, row: Int, style: Style, into frame: inout Frame
  ) {
    var column = 0
    for character in line {
      guard column < columns.upperBound else { break }
      let width = TerminalText.width(String(character))
      if column >= columns.lowerBound {
        frame.put(String(character), row: row, column: column, style: style)
      }
      column += width
    }
  }

  private static func drawPrompt(
    _ state: NavigationState, navigator: Navigator, palette: Palette, into frame: inout Frame
  ) {
    let row = frame.rows - 2
    guard row >= 0, row < frame.rows - 1 || frame.rows == 1 else { return }
    if !state.top.number.isEmpty && !state.showingHelp && state.top.editor == nil {
      // The digits so far, and that a pause ends them.
      let start = frame.put(
        state.top.isMenu ? "jump: " : "link: ", row: row, column: 0, style: palette.hint)
      let end = frame.put(state.top.number, row: row, column: start)
      let enter = Keys.choose(onPage: !state.top.isMenu) + (state.top.isMenu ? " open" : " follow")
      frame.put(
        TerminalText.truncate(
          "   " + enter + " · another digit within a second adds to it",
          toWidth: max(0, frame.columns - end)), row: row, column: end, style: palette.hint)
    } else if let editor = state.top.editor, !state.showingHelp {
      let label: String
      if !state.top.isMenu {
        label = "find: "
      } else if case .search = state.top.kind {
        label = "search: "
      } else {
        label = "filter: "
      }
      let start = frame.put(label, row: row, column: 0, style: palette.hint)
      let room = max(1, frame.columns - start)
      let note = editorNote(state)
      // The field takes what it needs; the note what is left, or nothing if it is cut.
      let noteWidth = TerminalText.width(note)
      let fieldWidth =
        room - noteWidth >= TerminalText.width(editor.text) + 2 ? room - noteWidth : room
      let visible = editor.visible(width: max(1, fieldWidth))
      // A filter restored by going back is selected, as a text field's selection is: the
      // first key typed replaces it, so it is drawn in the selection's inverse video.
      frame.put(
        visible.text, row: row, column: start,
        style: state.top.filterSelected ? palette.selected : .plain)
      if fieldWidth < room {
        frame.put(note, row: row, column: start + fieldWidth, style: palette.hint)
      }
      frame.cursor = CursorPosition(row: row, column: start + visible.cursorColumn)
    } else if let message = state.message {
      frame.put(
        TerminalText.truncate(message, toWidth: frame.columns), row: row, column: 0,
        style: palette.message)
    } else if let url = focusedURL(state, navigator: navigator) {
      // As lynx and w3m do: the link Tab is on says where it goes.
      frame.put(
        TerminalText.truncate("→ " + url, toWidth: frame.columns), row: row, column: 0,
        style: palette.hint)
    } else {
      let line =
        state.showingHelp
        ? TerminalText.truncate(
          Keys.upDown(onPage: false) + " " + Keys.screenUpDown
            + " scroll · any other key closes this help", toWidth: frame.columns)
        : !state.top.isMenu && state.top.showingHeadings
          ? TerminalText.truncate(
            Keys.upDown(onPage: true) + " move · " + Keys.choose(onPage: true) + " go to it · "
              + StepKeys.hint(StepKeys.situation(state)),
            toWidth: frame.columns)
          : CommandTable.hintLine(hintContext(state, navigator: navigator), width: frame.columns)
      frame.put(line, row: row, column: 0, style: palette.hint)
    }
  }

  /// What the keys do beside a filter or search: every letter (q too) is text, and ←
  /// and Esc do what `StepKeys`'s table says.
  static func editorNote(_ state: NavigationState) -> String {
    let escape = StepKeys.StepKey.escape.label
    guard state.top.isMenu else {
      // ↑ ↓ recall earlier searches (KeyMap) with the keys that move on the page.
      let find = "   " + Keys.choose(onPage: true) + " find · "
      return state.findHistory.isEmpty
        ? find + escape + " never mind"
        : find + Keys.upDown(onPage: true) + " earlier searches · " + escape + " never mind"
    }
    // What the typed text was read as (`/闸北`: what became of 闸北区) is worth more
    // than the keys while it is there.
    if let message = state.message { return "   " + message }
    return "   " + Keys.upDown(onPage: false) + " move · " + Keys.choose(onPage: false) + " open · "
      + StepKeys.hint(StepKeys.situation(state)) + " · "
      + StepKeys.StepKey.q.label + " is text"
  }

  /// The keys the hints name, from the key table (`CommandTable`), so that a key moved
  /// there is never named wrong here.
  enum Keys {
    /// The key that opens or follows (`Enter`).
    static func choose(onPage: Bool) -> String { CommandTable.key(.choose, onPage: onPage) }

    /// The keys that move up and down (`↑ ↓`).
    static func upDown(onPage: Bool) -> String {
      CommandTable.key(.move(-1), onPage: onPage) + " " + CommandTable.key(.move(1), onPage: onPage)
    }

    /// The menu's keys that move a screen up and down (`PgUp PgDn`), as help scrolls.
    static var screenUpDown: String {
      CommandTable.key(.moveScreen(-1), onPage: false) + " "
        + CommandTable.key(.moveScreen(1), onPage: false)
    }
  }

  /// Where the link focused in a page's text goes, sanitised; nil when none is focused.
  static func focusedURL(_ state: NavigationState, navigator: Navigator) -> String? {
    guard !state.showingHelp, !state.top.isMenu, !state.top.showingLinks,
      !state.top.showingHeadings,
      let focus = state.top.focusedLink, let url = navigator.pageURL(of: state.top),
      case .loaded(let content) = state.pages[url], content.linkTargets.indices.contains(focus)
    else { return nil }
    return TerminalText.sanitize(content.linkTargets[focus].url)
  }

  /// The screen on top as the hint line needs it.
  static func hintContext(_ state: NavigationState, navigator: Navigator) -> HintContext {
    var picking = false
    if navigator.mode == .pick {
      switch state.top.kind {
      case .cities, .search: picking = true
      default: picking = false
      }
    }
    var hasLinks = false
    if let url = navigator.pageURL(of: state.top), case .loaded(let content) = state.pages[url] {
      hasLinks = !content.linkTargets.isEmpty
    }
    return HintContext(
      isMenu: state.top.isMenu, belowTop: state.stack.count > 1, picking: picking,
      hasLinks: hasLinks, linkList: !state.top.isMenu && state.top.showingLinks,
      situation: StepKeys.situation(state))
  }

  private static func drawStatus(
    _ state: NavigationState, navigator: Navigator, palette: Palette, into frame: inout Frame
  ) {
    let row = frame.rows - 1
    guard row >= 0 else { return }
    frame.fill(row: row, columns: 0..<frame.columns, style: palette.status)
    let count = " " + counter(state, navigator: navigator) + " "
    let countWidth = TerminalText.width(count)
    let room = max(0, frame.columns - countWidth - 1)
    let crumbs =
      ScreenRenderer.path(state, navigator: navigator)
      + (!state.top.isMenu && state.top.showingLinks ? " › links" : "")
      + (!state.top.isMenu && state.top.showingHeadings ? " › headings" : "")
    // The county list's note only where it fits whole: the path matters more.
    let note = countyListNote(state.top, navigator: navigator)
    let fits = TerminalText.width(crumbs + note) <= room
    let path = middleCut(fits ? crumbs + note : crumbs, toWidth: room)
    frame.put(" " + path, row: row, column: 0, style: palette.status)
    if frame.columns >= countWidth {
      frame.put(count, row: row, column: frame.columns - countWidth, style: palette.status)
    }
  }

  /// On a county list as it opened, the status bar keeps saying what its first row is
  /// (the message that said so first is gone after a key).
  static func countyListNote(_ screen: Screen, navigator: Navigator) -> String {
    guard screen.isMenu, screen.unfiltered == nil, let first = navigator.countyListCity(screen)
    else {
      return ""
    }
    // A county's list (its townships) says so as its message does: a division, not a city.
    return first.county == nil ? " · 1: the city's own page" : " · 1: the division's own page"
  }

  /// `21 / 496` on a menu, the lines shown on a page, a spinner while it loads.
  static func counter(_ state: NavigationState, navigator: Navigator) -> String {
    if state.top.isMenu {
      let count = navigator.itemCount(of: state.top)
      // Filtered, the count says how many of how many matched, as fzf's 5/34 does.
      let total = state.top.unfiltered.map { navigator.itemCount(of: Screen($0)) }
      let of = total.map { " (of \($0))" } ?? ""
      return count == 0 ? "0 / 0" + of : "\(state.top.selection + 1) / \(count)" + of
    }
    let url = navigator.pageURL(of: state.top) ?? ""
    if state.pages[url] == .loading {
      let tick = Int((state.progress?.seconds ?? 0) * 10)
      return String(SpinnerFrames.frame(tick)) + " loading"
    }
    // A page let go of while away is read and laid out again off the UI thread.
    if case .loaded(let content) = state.pages[url], !content.isLaidOut {
      return "laying out…"
    }
    if state.top.showingHeadings, case .loaded(let content) = state.pages[url] {
      let count = content.model.headings.count
      return count == 0
        ? "headings 0 / 0" : "headings \((state.top.focusedHeading ?? 0) + 1) / \(count)"
    }
    if state.top.showingLinks, case .loaded(let content) = state.pages[url] {
      let count = content.linkTargets.count
      guard count > 0 else { return "links 0 / 0" }
      return "links \((state.top.focusedLink ?? 0) + 1) / \(count)"
    }
    if case .loaded(let content) = state.pages[url], content.isWindow {
      // Only the lines on screen are laid out for this width yet: no count to give.
      return "laying out…"
    }
    let total = navigator.pageSections(state).count
    let last = min(total, state.top.scroll + state.contentRows)
    return "\(min(total, state.top.scroll + 1))–\(last) / \(total)"
  }

  /// `text` cut to `width` cells by taking out its middle, so both ends stay readable.
  public static func middleCut(_ text: String, toWidth width: Int) -> String {
    TextCut.middle(text, toWidth: width)
  }
}
