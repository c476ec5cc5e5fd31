import CatalogModel
import Foundation
import PageReader
import TextSupport

/// What one line of input asks the session to do.
public enum NavigationCommand: Sendable, Equatable {
  case select(Int)
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
  /// The page asked for with `.fetch` arrived.
  case pageLoaded(url: String, PageContent)
  /// The page asked for with `.fetch` could not be had; the message says why.
  case pageFailed(url: String, message: String)
  /// Something the shell did (opening a browser) has news for the user.
  case notice(String)

  /// Reads one line typed at the prompt.
  public static func parse(_ line: String) -> NavigationCommand {
    let text = line.trimmingCharacters(in: .whitespaces)
    switch text.lowercased() {
    case "": return .enter
    case "b", "back", "..": return .back
    case "t", "top": return .top
    case "n", "next": return .nextPage
    case "p", "prev", "previous": return .previousPage
    case "?", "h", "help": return .help
    case "q", "quit", "exit": return .quit
    default: break
    }
    if text.hasPrefix("/") {
      let query = text.dropFirst().trimmingCharacters(in: .whitespaces)
      return query.isEmpty ? .invalid("type a search after '/', as in /zhou") : .search(query)
    }
    if text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber) {
      return Int(text).map(NavigationCommand.select) ?? .invalid("no item \(text)")
    }
    if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return .invalid("that line has control characters in it")
    }
    return .filter(text)
  }
}
