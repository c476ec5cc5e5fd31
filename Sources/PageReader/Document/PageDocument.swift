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

  /// `plainText(_:)` of the page whose UTF-8 (valid, `CharsetDecoder.utf8Bytes`) is
  /// `bytes`, each line's text written over the bytes already read, so that the page is
  /// held once, not as its text and the document's copy of it. The same document.
  public static func plainText(utf8 bytes: consuming [UInt8]) -> PageDocument {
    // A line ends at a line feed, as a String's lines split at the Character "\n": a
    // carriage return and line feed are one Character, which does not end a line.
    var lines: [Range<Int>] = []
    var start = 0
    for index in bytes.indices where bytes[index] == 0x0A {
      if index > 0, bytes[index - 1] == 0x0D { continue }
      lines.append(start..<index)
      start = index + 1
    }
    lines.append(start..<bytes.count)
    var document = PageDocument()
    var written: Int? = 0
    bytes.withUnsafeMutableBufferPointer { buffer in
      func line(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
      }
      while let last = lines.last, line(last).allSatisfy(\.isWhitespace) { lines.removeLast() }
      for range in lines {
        var clean = TerminalText.sanitize(line(range))
        if !clean.isEmpty {
          let count = clean.utf8.count
          if let at = written, at + count <= range.upperBound, let base = buffer.baseAddress {
            // The line is copied out already: its own bytes may take its text.
            clean.withUTF8 { text in
              if let from = text.baseAddress { (base + at).update(from: from, count: count) }
            }
            document.items.append(.text(at..<at + count))
            written = at + count
          } else {
            if let at = written {
              document.storage.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<at]))
              written = nil
            }
            let at = document.storage.count
            document.storage.append(contentsOf: clean.utf8)
            document.items.append(.text(at..<document.storage.count))
          }
        }
        document.items.append(.lineBreak)
      }
    }
    if let written { document.keepStorage(consume bytes, written: written) }
    return document
  }

  /// Takes as the document's text the first `written` bytes of `bytes`, a page its text
  /// was written over as it was read: the page's own array when the text is most of it,
  /// else a copy of the text alone (a page of mostly markup keeps no more than its text).
  mutating func keepStorage(_ bytes: consuming [UInt8], written: Int) {
    if written < bytes.count / 4 * 3 {
      storage = Array(bytes[..<written])
    } else {
      bytes.removeSubrange(written...)
      storage = consume bytes
    }
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
