import CatalogModel
import PageReader
import TerminalUI
import TextSupport

/// Memory bounded however many pages are read: the last few pages shown keep their
/// documents and layouts, the others only what they were read from, read again when shown.
extension Navigator {
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
}
