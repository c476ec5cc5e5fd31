import FetchModel
import Foundation
import TerminalUI
import TextSupport

/// What one line of input (line mode) or one key (full screen) asks the session to do.
public enum NavigationCommand: Sendable, Equatable {
  case select(Int)
  /// A number too large to be any item's; the digits as typed.
  case outOfRange(String)
  case filter(String)
  case search(String)
  case back
  case top
  case nextPage
  case previousPage
  /// An empty line: the next page where there is one, else a redraw.
  case enter
  case help
  case quit
  case resize(Viewport)
  case invalid(String)
  /// What came of the fetch asked for with `.fetch`, as the shell had it: the page, or
  /// why there is none. The navigator decides what it means (`.pageLoaded`, or a 404's
  /// `.pageNotFound`, or `.pageFailed`), for every view alike.
  case pageArrived(url: String, Result<PageContent, FetchError>)
  /// The page asked for with `.fetch` arrived.
  case pageLoaded(url: String, PageContent)
  /// The page asked for with `.layOut`, laid out.
  case pageLaidOut(url: String, PageContent)
  /// The page asked for with `.fetch` could not be had; the message says why.
  case pageFailed(url: String, message: String)
  /// The page asked for with `.fetch` does not exist (HTTP 404): a division's page answers
  /// with the ways on (its parent's page, the wiki's search for its name).
  case pageNotFound(url: String, message: String)
  /// What the shell found in the page cache for `url` (`Navigator.learnStoredPages`): the
  /// size of its copy, or nil for none.
  case pageStored(url: String, bytes: Int?)
  /// The page being fetched has come this far.
  case progress(url: String, LoadProgress)
  /// Something the shell did (opening a browser) has news for the user.
  case notice(String)

  // Full screen: keys that act on the selection and the scroll position.

  /// Moves the selection (menus), the focused link (a link list) or the text (pages).
  case move(Int)
  /// Moves by this many screens (PgDn is 1, PgUp -1).
  case moveScreen(Int)
  /// Moves by this many half screens (d and u on a page, as in less).
  case moveHalfScreen(Int)
  /// To the first item or line (false) or the last (true).
  case moveToEnd(Bool)
  /// Opens the selected item, or follows the focused link.
  case choose
  /// Esc: clears a typed filter first, cancels a load, else goes back.
  case escape
  /// Line mode's `clear`: what Esc clears (a filter, a page's match), and nothing else: with
  /// nothing to clear it says so rather than going back or leaving.
  case clear
  /// A key that edits the typed filter or search query.
  case edit(Key)
  /// A key that edits the typed filter while more keys of the same read follow: the
  /// filter is applied once, when they have all been typed (a paste without brackets).
  case typeAhead(Key)
  /// In the page-search prompt: the search `step` back (-1, ↑) or on (+1, ↓) in the
  /// session's history of searches, as a shell's history; past the newest, what was typed.
  case findHistory(Int)
  /// A left click on a page's window, 0-based: on a link's text or mark, follows it.
  case click(row: Int, column: Int)
  /// The session's monotonic clock, told before the keys read at that time: a number
  /// typed ends when a second passes without another digit.
  case clock(Duration)
  /// A digit typed on a menu: jumps to the item of the digits so far.
  case digit(Int)
  /// `/` on a menu: a search of every city, as it is typed.
  case startSearch
  /// Tab and Shift-Tab: the next and previous link on a page.
  case nextLink
  case previousLink
  /// The next and previous line of a page matching its search.
  case nextMatch
  case previousMatch
  /// `l`: the page's links instead of its text, or back.
  case links
  /// `t`: the page's headings (h1–h3) as a list of their own; Enter goes to one.
  case headings
  /// `v`: the whole page instead of the reader view, or back; laid out again from the
  /// document kept, never fetched again.
  case toggleView
  /// `r`: fetch the page again (or try again after a failure).
  case reload
  /// `o`: open the page in the user's browser.
  case openInBrowser
  /// Ctrl-C full screen: leave at once with 130.
  case interrupt
  /// Ctrl-Z full screen: give the terminal back until `fg`.
  case suspend

  /// Reads one line typed at the prompt.
  public static func parse(_ line: String) -> NavigationCommand {
    let text = line.trimmingSpaces
    if let command = CommandTable.lineCommand(for: text.lowercased()) { return command }
    if text.hasPrefix("/") {
      let query = text.dropFirst().trimmingSpaces
      return query.isEmpty ? .invalid("type a search after '/', as in /zhou") : .search(query)
    }
    if let digits = asciiDigits(text) {
      return Int(digits).map(NavigationCommand.select) ?? .outOfRange(digits)
    }
    if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return .invalid("that line has control characters in it")
    }
    return .filter(text)
  }

  /// Reads one line typed at the prompt on the screen on top of `state`: on a page, the
  /// words mean what the full screen's keys do there (`t` the headings, `b` a screen up,
  /// `n` `N` the next and previous match, `q` what `StepKeys` says q does, `/text` a
  /// search of the page); elsewhere as `parse(_:)` reads them.
  public static func parse(_ line: String, in state: NavigationState) -> NavigationCommand {
    guard !state.top.isMenu else { return parse(line) }
    let text = line.trimmingSpaces
    if let command = CommandTable.pageLineCommand(for: text) { return command }
    if text.lowercased() == StepKeys.StepKey.q.label {
      switch StepKeys.action(.q, in: StepKeys.situation(state)) {
      case .leave: return .quit
      case .back, .closeList, .clear: return .back
      case .text, nil: break
      }
    }
    return parse(line)
  }

  /// `text` as ASCII digits when it is all digits, ASCII or full width (`１９` is 19).
  static func asciiDigits(_ text: String) -> String? {
    guard !text.isEmpty else { return nil }
    var digits = ""
    for scalar in text.unicodeScalars {
      guard let value = digitValue(scalar) else { return nil }
      digits.append(String(value))
    }
    return digits
  }

  /// The value of an ASCII or full-width digit.
  static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
    switch scalar.value {
    case 0x30...0x39: return Int(scalar.value - 0x30)
    case 0xFF10...0xFF19: return Int(scalar.value - 0xFF10)
    default: return nil
    }
  }
}
