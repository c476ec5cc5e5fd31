import FetchModel
import Foundation
import PageReader
import TextSupport

/// What to do when a division's page is a disambiguation page: follow the entry that names
/// the division's parent, or, where none does, offer the entries. The second fetch is the
/// shell's; this only decides.
public enum DisambiguationStep: Sendable, Equatable {
  /// Fetch `url` instead, and say `note` (`消歧义页「朝阳区」→ 朝阳区 (北京市)`).
  case follow(url: String, note: String)
  /// Show the disambiguation page, saying `note`, with its entries to choose from.
  case offer(note: String, entries: [Disambiguation.Entry])

  /// The step for `page`, fetched for a division whose parents are `parents` (the city's
  /// names, then the province's; see `Disambiguation.entry(naming:)`); nil when the page
  /// is not a disambiguation page.
  public static func decide(_ page: FetchedPage, parents: [[String]]) -> DisambiguationStep? {
    guard page.isHTML, (200..<300).contains(page.status), mayBeDisambiguation(page.body) else {
      return nil
    }
    let document = HTMLRenderer.parse(page.text(), baseURL: page.finalURL)
    return decide(document, parents: parents)
  }

  /// Whether the page's bytes hold any word that marks a disambiguation page (a category
  /// or box name): most pages hold none and are not read a second time.
  static func mayBeDisambiguation(_ body: Data) -> Bool {
    // Bytes, not `Data.range(of:)`: on a 10 MB page that was a tenth of the reader view.
    // Skipping ahead: five passes over every byte were 4 ms of the 1 MB page's render.
    body.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      return markers.contains { marker in
        marker.withUnsafeBufferPointer { ByteSearch.containsSkipping(bytes, $0) }
      }
    }
  }

  private static let markers = ["消歧义", "消歧義", "dmbox", "disambigbox", "isambiguation pages"]
    .map { Array($0.utf8) }

  /// The step for a page already read.
  public static func decide(_ document: PageDocument, parents: [[String]]) -> DisambiguationStep? {
    guard let page = Disambiguation(document) else { return nil }
    if let entry = page.entry(naming: parents) {
      return .follow(url: entry.url, note: page.followedNote(entry))
    }
    let named = parents.compactMap(\.first).map(TerminalText.sanitize)
    let which = named.isEmpty ? "" : ": no entry names " + named.joined(separator: " or ")
    return .offer(
      note: "消歧义页「\(TerminalText.sanitize(page.title))」\(which)", entries: page.entries)
  }

  /// The entries as a numbered list, one a line (`  1. 朝阳区 (北京市)：…`).
  public static func numbered(_ entries: [Disambiguation.Entry]) -> [String] {
    entries.enumerated().map { offset, entry in
      let line = entry.line.isEmpty ? entry.title : entry.line
      return "  \(offset + 1). \(TerminalText.sanitize(line))"
    }
  }
}
