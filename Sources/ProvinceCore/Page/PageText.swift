import Foundation
import PageReader
import TextSupport

/// A page as lines of text, shared by the detail screen and `browse --fetch`:
/// the response's facts, then title, description, text and the numbered links.
public enum PageText {
  /// `200 OK · text/html · utf-8 · 120.4 kB · 0.42 s` (the media type, then the charset the
  /// text was read in), then the final URL where redirects moved it.
  /// A page shown in the reader view says so (the full page is one option away).
  public static func summary(_ content: PageContent) -> [String] {
    var facts = ["\(content.status) \(TerminalText.sanitize(content.reason))"]
    if let type = content.contentType {
      // The charset read is shown on its own, so the header's parameter would say it twice.
      let media =
        content.charset == nil
        ? type : type.split(separator: ";").first.map(\.trimmingSpaces) ?? type
      facts.append(TerminalText.sanitize(media))
    }
    if let charset = content.charset { facts.append(charset) }
    let cut =
      !content.truncated
      ? "" : content.cutAtTimeout ? " (cut at the timeout)" : " (cut at the size limit)"
    facts.append(byteCount(content.size) + cut)
    facts.append(String(format: "%.2f s", content.elapsed))
    if let note = content.note { facts.append(TerminalText.sanitize(note)) }
    var lines = [facts.joined(separator: " · ")]
    if content.finalURL != content.requestedURL {
      lines.append("→ " + URLText.ascii(content.finalURL))
    }
    return lines
  }

  /// A header (title, then byline and date in the reader view or, on the full page, the
  /// description where it says more than the text does, wrapped to the width), the text and a `References` list, as `lynx -dump`
  /// lays them out. Types other than HTML and plain text get one line naming the type.
  public static func body(_ content: PageContent) -> TextLines {
    guard content.rendered != nil else { return body(content, links: []).lines }
    return body(content, links: links(content)).lines
  }

  /// The body as `body(_:)` makes it, from the link list already made, and the line
  /// where the page's own laid-out lines begin (nil for a type not shown as text).
  static func body(_ content: PageContent, links list: [String]) -> (
    lines: TextLines, pageStart: Int?
  ) {
    LayoutCounter.count()
    guard let page = content.rendered else {
      let type = content.contentType.map(TerminalText.sanitize) ?? "unknown type"
      return (["(\(type), \(byteCount(content.size)): not a page to show as text)"], nil)
    }
    // The page's own lines, and their places, are shared with it, not copied.
    var lines = TextLines(header(page, width: content.width))
    let start = lines.count
    lines.append(contentsOf: page.lines)
    if content.cutAtTimeout {
      lines += ["", "[The page was still arriving at the timeout; this is as far as it came.]"]
    } else if content.truncated {
      lines += ["", "[The page was cut at the size limit; the rest was not read.]"]
    }
    if !page.links.isEmpty {
      lines.append(contentsOf: ["", "References", ""] + list)
    }
    return (lines, start)
  }

  /// The lines above a page's text: its title, then the byline and date in the reader view
  /// or, on the full page, the description where it says more than the text does (read
  /// against `page.lines`), wrapped to `width`; a blank line after them when there are any.
  static func header(_ page: RenderedPage, width: Int) -> [String] {
    let width = max(1, width)
    var lines: [String] = []
    if let title = page.title, !title.isEmpty { lines += TextWrapper.wrap(title, width: width) }
    if page.view == .reader {
      if let credit = page.credit { lines += TextWrapper.wrap(credit, width: width) }
    } else if let description = page.headerDescription {
      lines += TextWrapper.wrap(description, width: width)
    }
    if !lines.isEmpty { lines.append("") }
    return lines
  }

  /// The numbered link list: `  [1] 历史 — https://zh.wikipedia.org/wiki/历史`, the URL
  /// decoded for reading, then (where it differs) the percent-encoded URL to paste on a
  /// line of its own; in the reader view an in-page link as its `#fragment`. URLs are never
  /// wrapped, so that they can be copied whole.
  public static func links(_ content: PageContent) -> [String] {
    LayoutCounter.count()
    let all = content.linkTargets
    let numberWidth = String(all.count).utf8.count
    let indent = String(repeating: " ", count: numberWidth + 5)
    // The reader view lists an in-page link by its `#fragment` alone.
    let reader = content.rendered?.view == .reader
    var lines: [String] = []
    lines.reserveCapacity(all.count * 2)
    // Each line is put together as bytes: appending four Strings to a fifth was a third
    // of listing a page's links (archive-of-our-own has 3,853).
    var line: [UInt8] = []
    line.reserveCapacity(256)
    for (index, link) in all.enumerated() {
      let number = String(index + 1).utf8
      line.removeAll(keepingCapacity: true)
      line.append(contentsOf: repeatElement(0x20, count: numberWidth - number.count + 2))
      line.append(UInt8(ascii: "["))
      line.append(contentsOf: number)
      line.append(contentsOf: "] ".utf8)
      let labelWidth = line.count  // spaces, brackets and digits: a cell a byte
      let inPage = reader ? link.inPageTarget : nil
      let readable = inPage ?? link.readableURL
      let ascii = inPage ?? URLText.ascii(link.url)
      let text = link.text
      if text.isEmpty || text == readable || text == ascii {
        line.append(contentsOf: readable.utf8)
        lines.append(String(decoding: line, as: UTF8.self))
      } else if labelWidth + TerminalText.width(text) + 3 + TerminalText.width(readable)
        <= content.width
      {
        // Measured in parts: the dash would send the whole line down the slow,
        // scalar-by-scalar path of `width`.
        line.append(contentsOf: text.utf8)
        line.append(contentsOf: " — ".utf8)
        line.append(contentsOf: readable.utf8)
        lines.append(String(decoding: line, as: UTF8.self))
      } else {
        lines += TextWrapper.wrap(
          text, width: max(1, content.width),
          firstLinePrefix: String(decoding: line, as: UTF8.self), prefix: indent)
        lines.append(indent + readable)
      }
      if readable != ascii { lines.append(indent + ascii) }
    }
    return lines
  }

  /// `980 B`, `120.4 kB`, `5.0 MB`.
  public static func byteCount(_ count: Int) -> String {
    if count < 1000 { return "\(count) B" }
    if count < 1_000_000 { return String(format: "%.1f kB", Double(count) / 1000) }
    return String(format: "%.1f MB", Double(count) / 1_000_000)
  }
}
