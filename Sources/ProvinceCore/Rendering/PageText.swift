import CatalogModel
import Foundation
import PageReader
import TextSupport

/// A page as lines of text, shared by the detail screen and `browse --fetch`:
/// the response's facts, then title, description, text and the numbered links.
public enum PageText {
  /// `200 OK · text/html · 120.4 kB · 0.42 s`, then the final URL where redirects moved it.
  public static func summary(_ content: PageContent) -> [String] {
    var facts = ["\(content.status) \(TerminalText.sanitize(content.reason))"]
    if let type = content.contentType { facts.append(TerminalText.sanitize(type)) }
    facts.append(byteCount(content.size) + (content.truncated ? " (cut at the size limit)" : ""))
    facts.append(String(format: "%.2f s", content.elapsed))
    if let note = content.note { facts.append(TerminalText.sanitize(note)) }
    var lines = [facts.joined(separator: " · ")]
    if content.finalURL != content.requestedURL {
      lines.append("→ " + URLText.ascii(content.finalURL))
    }
    return lines
  }

  /// Title, description, the text and a `References` list, as `lynx -dump` lays them out.
  /// Types other than HTML get one line naming the type and size.
  public static func body(_ content: PageContent) -> [String] {
    guard let page = content.rendered else {
      let type = content.contentType.map(TerminalText.sanitize) ?? "unknown type"
      return ["(\(type), \(byteCount(content.size)): not a page to show as text)"]
    }
    var lines: [String] = []
    if let title = page.title, !title.isEmpty { lines.append(title) }
    if let description = page.description, !description.isEmpty { lines.append(description) }
    if !lines.isEmpty { lines.append("") }
    lines += page.lines
    if content.truncated {
      lines += ["", "[The page was cut at the size limit; the rest was not read.]"]
    }
    if !page.links.isEmpty {
      lines += ["", "References", ""] + links(content)
    }
    return lines
  }

  /// The numbered link list: `  [1] https://…`.
  public static func links(_ content: PageContent) -> [String] {
    let all = content.links
    let width = String(all.count).count
    return all.enumerated().map { index, link in
      let number = String(index + 1)
      return String(repeating: " ", count: width - number.count + 2) + "[\(number)] "
        + URLText.ascii(link)
    }
  }

  /// `980 B`, `120.4 kB`, `5.0 MB`.
  public static func byteCount(_ count: Int) -> String {
    if count < 1000 { return "\(count) B" }
    if count < 1_000_000 { return String(format: "%.1f kB", Double(count) / 1000) }
    return String(format: "%.1f MB", Double(count) / 1_000_000)
  }
}
