import Foundation
import TextSupport

/// A page read once: its content as a flat list of items in source order, the elements
/// those items belong to, its links and its metadata. Laying it out again for another
/// width or view never parses the HTML again.
public struct PageDocument: Sendable, Equatable {
  /// Element starts and ends, text runs, breaks and anchors, in source order; every
  /// `.start(i)` has its `.end(i)` later in the list, properly nested.
  public var items: [PageItem] = []
  /// The elements that matter for reading (blocks, lists, tables, links), by index.
  public var elements: [PageElement] = []
  /// The links of the page, one per `<a href>` that resolved, in source order.
  public var links: [PageLink] = []
  /// Title, description, byline, date, language, refresh target.
  public var metadata = PageMetadata()
  /// The UTF-8 bytes of every text item: references decoded and sanitised, whitespace
  /// as in the source (layout collapses it, or keeps it inside `pre`).
  public var storage: [UInt8] = []
  /// Element ids and `<a name>`s, each with the item it stands before.
  public var anchors: [String: Int] = [:]

  public init() {}

  /// The text of a `.text` or `.altText` item's range.
  public func text(_ range: Range<Int>) -> String {
    String(decoding: storage[range], as: UTF8.self)
  }

  /// The text inside element `index`, whitespace collapsed, on one line.
  public func textContent(of index: Int) -> String {
    guard elements.indices.contains(index) else { return "" }
    var bytes: [UInt8] = []
    for item in items[elements[index].items] {
      switch item {
      case .text(let range), .altText(let range):
        bytes.append(contentsOf: storage[range])
        bytes.append(0x20)
      default: break
      }
    }
    return HTMLReader.oneLine(String(decoding: bytes, as: UTF8.self)) ?? ""
  }

  /// The text inside element `index` as `textContent` gives it, but read only until some
  /// `limit` bytes are had (or `limit` items read): enough to compare a few words,
  /// whatever the element holds.
  public func leadingText(of index: Int, limit: Int) -> String {
    guard elements.indices.contains(index) else { return "" }
    var bytes: [UInt8] = []
    for item in items[elements[index].items].prefix(limit) {
      if bytes.count >= limit { break }
      switch item {
      case .text(let range), .altText(let range):
        bytes.append(contentsOf: storage[range].prefix(limit))
        bytes.append(0x20)
      default: break
      }
    }
    return HTMLReader.oneLine(String(decoding: bytes, as: UTF8.self)) ?? ""
  }

  /// A plain-text page (`text/plain`) as a document: each source line its own line,
  /// long lines wrapped by the layout.
  public static func plainText(_ text: String) -> PageDocument {
    var document = PageDocument()
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
    for line in lines {
      let clean = TerminalText.sanitize(String(line))
      if !clean.isEmpty {
        let start = document.storage.count
        document.storage.append(contentsOf: clean.utf8)
        document.items.append(.text(start..<document.storage.count))
      }
      document.items.append(.lineBreak)
    }
    return document
  }
}
