import CatalogModel
import PageReader
import TerminalUI
import TextSupport

/// A new window size: the page on top laid out again and kept at the line its window began
/// with, by content (`ResizeAnchor`), a long page answering at once with a window of it.
extension Navigator {
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
  func scroll(to anchor: ResizeAnchor?, in state: inout NavigationState) {
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

  /// The non-blank characters of `line`: what a new wrap keeps.
  static func characters(in line: String) -> Int {
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
}
