import Foundation
import PageReader
import TextSupport

/// Where a page's links are in its laid-out lines and where its `#fragment` anchors are.
/// Today both are read back from the text (`[n]` markers, heading lines); the page model
/// will give them exactly, and only these functions change then.
public enum PageLinks {
  /// A link's marker in the laid-out lines: its line, first cell and width in cells.
  public struct Position: Sendable, Hashable {
    /// The line, an index into the lines searched.
    public var line: Int
    /// The first cell of the marker.
    public var column: Int
    /// The cells the marker takes.
    public var width: Int
    /// The link's index in `PageContent.links`.
    public var link: Int
  }

  /// The `[n]` markers in `lines`, in reading order, for links 1…`linkCount`.
  public static func positions(in lines: [String], linkCount: Int) -> [Position] {
    var found: [Position] = []
    for (index, line) in lines.enumerated() where line.contains("[") {
      var column = 0
      var characters = Substring(line)
      while let first = characters.first {
        if first == "[", let close = characters.firstIndex(of: "]") {
          let inside = characters[characters.index(after: characters.startIndex)..<close]
          if !inside.isEmpty, inside.count <= 4, inside.allSatisfy(\.isASCII),
            inside.allSatisfy(\.isNumber), let number = Int(inside),
            (1...linkCount).contains(number)
          {
            let marker = characters[...close]
            let width = TerminalText.width(String(marker))
            found.append(Position(line: index, column: column, width: width, link: number - 1))
            column += width
            characters = characters[characters.index(after: close)...]
            continue
          }
        }
        column += TerminalText.width(String(first))
        characters = characters.dropFirst()
      }
    }
    return found
  }

  /// The fragment of `target` when it points into the page `content` itself.
  public static func fragment(of target: String, within content: PageContent) -> String? {
    guard let hash = target.firstIndex(of: "#") else { return nil }
    let base = String(target[..<hash])
    let page = [content.finalURL, content.requestedURL].map { url in
      url.firstIndex(of: "#").map { String(url[..<$0]) } ?? url
    }
    guard page.contains(base) || page.map(URLText.ascii).contains(URLText.ascii(base)) else {
      return nil
    }
    let fragment = String(target[target.index(after: hash)...])
    return fragment.isEmpty ? nil : fragment.removingPercentEncoding ?? fragment
  }

  /// The line of `sections.scrolled` the anchor `fragment` names: a line of the page
  /// text that is the fragment (Wikipedia's ids are their headings, `_` for spaces).
  public static func anchorLine(_ fragment: String, in sections: PageSections, content: PageContent)
    -> Int?
  {
    let wanted = fragment.replacingOccurrences(of: "_", with: " ").lowercased()
    let lines = sections.scrolled
    let start = sections.header.count + 1
    guard start < lines.count else { return nil }
    let text = lines[start...].map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    let exact = text.firstIndex { stripMarkers($0) == wanted }
    let prefix = text.firstIndex { stripMarkers($0).hasPrefix(wanted) }
    return (exact ?? prefix).map { start + $0 - text.startIndex }
  }

  private static func stripMarkers(_ line: String) -> String {
    // Headings are laid out as `## Title`.
    line.replacingOccurrences(of: #"\[\d+\]"#, with: "", options: .regularExpression)
      .drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
  }
}
