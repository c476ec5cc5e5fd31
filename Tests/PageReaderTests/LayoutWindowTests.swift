import Foundation
import Testing

@testable import PageReader

/// A window of a page (`HTMLRenderer.window`), laid out from one of its restart points,
/// is the page's own lines from there: what a resize shows at once is what the whole
/// layout then shows, link numbers and all.
@Suite struct LayoutWindowTests {
  static let pages = [
    "daringfireball-1.html", "table-style-attributes.html", "wiki-article-chaoyang.html",
    "wiki-disambiguation-chaoyang.html", "wikipedia-guangzhou.html",
  ]

  private func document(_ name: String) throws -> PageDocument {
    try FixtureDocuments.document(name)
  }

  /// The `[n]` marks on the lines `lines` of `placements`, as number, line from
  /// `shift`, column.
  private func marks(_ placements: [LinkPlacement], from shift: Int, lines: Int) -> Set<[Int]> {
    Set(
      placements.compactMap { placement -> [Int]? in
        guard let mark = placement.mark, (0..<lines).contains(mark.line - shift) else {
          return nil
        }
        return [placement.number, mark.line - shift, mark.columns.lowerBound]
      })
  }

  @Test(arguments: pages, [80, 37])
  func aWindowFromARestartPointIsTheWholeLayoutsLinesFromThere(name: String, width: Int)
    throws
  {
    let document = try document(name)
    let wanted = 12
    for view in [PageView.fullPage, .reader] {
      let page = HTMLRenderer.layout(document, width: width, view: view)
      #expect(page.restarts.count > 3, "\(name) \(view)")
      #expect(page.restarts.map(\.line) == page.restarts.map(\.line).sorted())
      // The wiki reader lays out a plan of its own, which a window does not take part of.
      guard page.items != nil else {
        #expect(HTMLRenderer.window(document, width: width, of: page, from: 0, lines: 1) == nil)
        continue
      }
      for point in page.restarts {
        let window = try #require(
          HTMLRenderer.window(document, width: width, of: page, from: point.item, lines: wanted))
        #expect(window.isWindow)
        let rest = page.lines[point.line...]
        // The lines made before the window stopped are whole; at the page's end, all.
        let whole = min(wanted, rest.count)
        #expect(window.lines.count >= whole)
        #expect(
          Array(window.lines.prefix(whole)) == Array(rest.prefix(whole)),
          "\(name) \(view) at item \(point.item), line \(point.line)")
        #expect(window.links == page.links)
        #expect(
          marks(window.placements, from: 0, lines: whole)
            == marks(page.placements, from: point.line, lines: whole))
        #expect(window.restarts.first == RestartPoint(item: point.item, line: 0))
      }
    }
  }

  /// Plain text restarts at each of its lines.
  @Test func plainTextRestartsAtItsLines() throws {
    let text = (1...50).map { "Line \($0) of a plain text page, long enough to wrap here." }
    let document = PageDocument.plainText(text.joined(separator: "\n"))
    let page = HTMLRenderer.layout(document, width: 30, view: .fullPage)
    #expect(page.restarts.count == 49)
    let point = try #require(page.restart(atOrAbove: 40))
    #expect(page.lines[point.line].hasPrefix("Line "))
    let window = try #require(
      HTMLRenderer.window(document, width: 30, of: page, from: point.item, lines: 5))
    #expect(Array(window.lines.prefix(5)) == Array(page.lines[point.line..<(point.line + 5)]))
  }

  /// A numbered list's items are no restart points (their numbers depend on the items
  /// before them); the list is, and its bulleted neighbour's items are.
  @Test func numberedItemsAreNoRestartPoints() {
    let html =
      "<p>Before.</p><ol>" + (1...5).map { "<li>Item \($0)</li>" }.joined() + "</ol><ul>"
      + (1...5).map { "<li>Bullet \($0)</li>" }.joined() + "</ul>"
    let page = HTMLRenderer.layout(
      HTMLRenderer.parse(html, baseURL: nil), width: 40, view: .fullPage)
    let starts = page.restarts.map { page.lines[$0.line] }
    #expect(!starts.contains { $0.contains("Item 2") })
    #expect(starts.contains { $0.contains("Item 1") })  // the list itself
    #expect(starts.contains { $0.contains("Bullet 3") })
  }
}
