import CatalogModel
import Foundation
import PageReader
import TextSupport

/// A fetched page as a detail screen keeps it: the facts of the response and, for HTML,
/// its source and its text laid out to the current width.
public struct PageContent: Sendable, Equatable {
  public var requestedURL: String
  public var finalURL: String
  public var status: Int
  public var reason: String
  public var contentType: String?
  public var size: Int
  public var truncated: Bool
  public var elapsed: TimeInterval
  /// Where the copy came from, when not straight from the network ("cached 3 min ago").
  public var note: String?
  /// The decoded HTML; nil for other types, which are described, not shown.
  public var html: String?
  public var rendered: RenderedPage?
  public var width: Int

  /// Reads `page` and lays its text out `width` cells wide.
  public init(_ page: FetchedPage, width: Int, note: String? = nil) {
    requestedURL = page.requestedURL.absoluteString
    finalURL = page.finalURL.absoluteString
    status = page.status
    reason = page.reason
    contentType = page.contentType
    size = page.body.count
    truncated = page.truncated
    elapsed = page.elapsed
    self.note = note
    self.width = width
    if page.isHTML {
      let html = page.text()
      self.html = html
      rendered = HTMLRenderer.render(html, baseURL: page.finalURL, width: width)
    }
  }

  /// The same page laid out for another width.
  public func relaidOut(width newWidth: Int) -> PageContent {
    guard newWidth != width, let html else { return self }
    var copy = self
    copy.width = newWidth
    copy.rendered = HTMLRenderer.render(html, baseURL: URL(string: finalURL), width: newWidth)
    return copy
  }

  public var links: [String] { rendered?.links ?? [] }
}
