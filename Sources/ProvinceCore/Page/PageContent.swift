import FetchModel
import Foundation
import PageReader
import TextSupport

/// A fetched page as a detail screen keeps it: the facts of the response and, for HTML
/// and plain text, the page read once as a document and laid out to the current width.
public struct PageContent: Sendable, Equatable {
  public var requestedURL: String
  public var finalURL: String
  public var status: Int
  public var reason: String
  public var contentType: String?
  /// The charset the text was read in, as the facts show it (`utf-8`, `gb18030`, or
  /// `utf-8 (the page says gb2312)`); nil for types that are not read as text.
  public var charset: String?
  public var size: Int
  public var truncated: Bool
  /// Whether the cut came from the timeout rather than the size limit.
  public var cutAtTimeout = false
  public var elapsed: TimeInterval
  /// Where the copy came from, when not straight from the network ("cached 3 min ago").
  public var note: String?
  /// What the full screen does with a disambiguation page once it has arrived: follow the
  /// entry naming the division's parent (a step back returns to the page and its list),
  /// or open the page's links to choose from. Nil for any other page.
  public var disambiguation: DisambiguationStep?
  /// The page read once; nil for types that are described, not shown.
  public var document: PageDocument?
  /// The document laid out for `width` and `view`.
  public var rendered: RenderedPage?
  /// The width `rendered` was laid out for, in cells.
  public var width: Int
  /// The view asked for; `rendered?.view` says which one was shown.
  public var view: PageView
  /// `rendered` as a page screen scrolls it: its lines, links and headings, made once
  /// with the layout so that a key never makes them again.
  public internal(set) var model = PageModel.empty
  /// The response as it came, for a page read as a document and smaller than
  /// `keptBytesLimit`: what it is read and laid out again from once `released()` let go
  /// of the document (a page's bytes weigh a fraction of its document and lines).
  public private(set) var source: FetchedPage?

  /// Pages read as a document keep their bytes below this size, to be read again once
  /// released; larger ones let them go as soon as they are decoded (`--fetch` does so
  /// for every page), so that a large page is held as its document and lines only, not
  /// as its bytes beside them, and when released keeps its document.
  public static let keptBytesLimit = 1_000_000

  /// False once `released()`: the lines are to be laid out again, from the document or
  /// from the bytes.
  public var isLaidOut: Bool { rendered != nil || (document == nil && source == nil) }

  /// Reads `page` and lays its text out `width` cells wide, in `view`. A page of
  /// `keptBytesLimit` or more lets its body go once decoded (pass it with `consume` where
  /// nothing else needs it, or its bytes stay for the caller).
  public init(
    _ page: consuming FetchedPage, width: Int, view: PageView = .reader, note: String? = nil,
    disambiguation: DisambiguationStep? = nil
  ) {
    self.init(
      reading: &page, width: width, view: view, note: note, disambiguation: disambiguation,
      once: false)
  }

  /// Reads `page` for a report written once and forgotten (`--fetch`): the body is let go
  /// of (`page.body` emptied) as soon as it is decoded, the text once read, the document
  /// once laid out, and no screen model is made. With nothing else holding the body, a
  /// large page is then held at most twice at any moment (its bytes and the copy it is
  /// read from, whose bytes the document's text is then written over; then the document
  /// and the lines being laid out), never all of them at once.
  /// With `spill`, the lines go to it as the layout makes them, with the page they belong
  /// to (`HTMLRenderer.layout(_:width:view:spill:)`); `rendered` then has the last only.
  public init(
    readingOnce page: inout FetchedPage, width: Int, view: PageView, note: String?,
    spill: ((_ page: RenderedPage, _ lines: TextLines) -> Void)? = nil
  ) {
    self.init(
      reading: &page, width: width, view: view, note: note, disambiguation: nil, once: true,
      spill: spill)
  }

  private init(
    reading page: inout FetchedPage, width: Int, view: PageView, note: String?,
    disambiguation: DisambiguationStep?, once: Bool,
    spill: ((_ page: RenderedPage, _ lines: TextLines) -> Void)? = nil
  ) {
    self.disambiguation = disambiguation
    requestedURL = page.requestedURL.absoluteString
    finalURL = page.finalURL.absoluteString
    status = page.status
    reason = page.reason
    contentType = page.contentType
    size = page.body.count
    truncated = page.truncated
    cutAtTimeout = page.cutAtTimeout
    elapsed = page.elapsed
    self.note = note
    self.width = width
    self.view = view
    let isHTML = page.isHTML
    let keep = !once && page.body.count < Self.keptBytesLimit
    if isHTML || page.isPlainText {
      let choice = CharsetDecoder.choose(page.body, contentType: page.contentType)
      charset = choice.description
      // The body read from: with the page not kept, the only copy once `page` lets go.
      var body = page.body
      if !keep { page.body = Data() }
      // Taken (given back as it is copied) only when no one else holds it. Bound once,
      // here: a second name for the bytes would make the parse, which writes over them,
      // copy them first.
      if let bytes =
        keep
        ? CharsetDecoder.utf8Bytes(body, as: choice)
        : CharsetDecoder.utf8Bytes(taking: &body, as: choice)
      {
        // Read as bytes, its text written over them: with the body let go of, the page is
        // held once while it is read, not as its text and the document's copy of it.
        body = Data()
        document =
          isHTML
          ? HTMLRenderer.parse(utf8: consume bytes, baseURL: page.finalURL)
          : PageDocument.plainText(utf8: consume bytes)
      } else {
        var text = CharsetDecoder.decode(body, as: choice)
        body = Data()
        document =
          isHTML ? HTMLRenderer.parse(text, baseURL: page.finalURL) : PageDocument.plainText(text)
        text = ""
      }
    }
    if let document {
      if keep { source = page }
      LayoutCounter.count()
      rendered =
        spill.map { HTMLRenderer.layout(document, width: width, view: view, spill: $0) }
        ?? HTMLRenderer.layout(document, width: width, view: view)
    }
    if once {
      document = nil
    } else {
      model = PageModel(self)
    }
  }

  /// A page as it arrives for the interactive session, read and laid out (off the UI
  /// thread, where the shell fetched it) as `layout` says, with what to do if it is a
  /// disambiguation page decided here, once, for every view: the step to take (the
  /// navigator follows the entry, a step of its own so that back returns to this page, or
  /// offers the page's links) and, where no entry names the division, the note saying so.
  /// `parents` name the division the page was fetched for (`NavigationEffect.fetch`).
  /// The page is read from `loaded`, which gives its body up (`loaded.page.body` is
  /// emptied first thing), so that the bytes are not held beside the document.
  public static func arrived(
    _ loaded: consuming LoadedPage, layout: (width: Int, view: PageView), parents: [[String]]
  ) -> PageContent {
    let step = DisambiguationStep.decide(loaded.page, parents: parents)
    var note = loaded.note
    if case .offer(let offered, _)? = step { note = note.map { offered + " · " + $0 } ?? offered }
    let page = loaded.page
    loaded.page.body = Data()
    return PageContent(
      consume page, width: layout.width, view: layout.view, note: note, disambiguation: step)
  }

  /// The same page without its layout: a page visited long ago weighs its bytes only
  /// where it kept them (`keptBytesLimit`), its document where it did not (its text and
  /// where each element is, not also its lines, the link list and the screen's index).
  /// `layout(width:view:)` makes the rest again.
  public func released() -> PageContent {
    guard document != nil, rendered != nil else { return self }
    var copy = self
    if source != nil { copy.document = nil }
    copy.rendered = nil
    copy.model = .empty
    return copy
  }

  /// The page laid out for `newWidth` and `newView` as a `.layOut` effect asks, off the
  /// UI thread: from its document, or, released with its bytes kept, read again first.
  public func layout(width newWidth: Int, view newView: PageView) -> PageContent {
    guard document == nil, let source else { return relaidOut(width: newWidth, view: newView) }
    return PageContent(source, width: newWidth, view: newView, note: note)
  }

  /// The same page laid out for another width, from the document (never parsed again).
  public func relaidOut(width newWidth: Int) -> PageContent {
    relaidOut(width: newWidth, view: view)
  }

  /// The same page laid out for another width or view (or, from a window, whole).
  public func relaidOut(width newWidth: Int, view newView: PageView) -> PageContent {
    guard newWidth != width || newView != view || isWindow || !isLaidOut, let document else {
      return self
    }
    var copy = self
    copy.width = newWidth
    copy.view = newView
    LayoutCounter.count()
    copy.rendered = HTMLRenderer.layout(
      document, width: newWidth, view: newView, reusing: rendered)
    copy.model = PageModel(copy)
    return copy
  }

  /// The document item the page's first line begins with, for a window from the top
  /// (`window(width:from:lines:)`, which then keeps the title above it); nil where the
  /// first restart point is further down, or for a window from the middle of the page (a
  /// window's own first line is the page's first only where it has the title too).
  public var topItem: Int? {
    guard let first = rendered?.restarts.first, first.line == 0,
      !isWindow || (model.pageStart ?? 0) > 0
    else { return nil }
    return first.item
  }

  /// True while only a window of the page is laid out for its width (`window(width:…)`).
  public var isWindow: Bool { rendered?.isWindow == true }

  /// The page laid out `newWidth` cells wide from the layout's restart point at `item`,
  /// `lines` lines of it: what a resize shows at once while the whole page is laid out
  /// off the UI thread. Its link list is the one the page had (the numbers do not
  /// change). Nil when the layout cannot be taken up in the middle.
  public func window(width newWidth: Int, from item: Int, lines: Int) -> PageContent? {
    guard let document, let rendered,
      let window = HTMLRenderer.window(
        document, width: newWidth, of: rendered, from: item, lines: lines)
    else { return nil }
    var copy = self
    copy.width = newWidth
    copy.rendered = window
    // From the page's first line, the window has the title above it, as the page has.
    copy.model = PageModel(
      window: window, keepingLinksOf: model,
      head: item == topItem ? PageText.header(window, width: newWidth) : [])
    return copy
  }

  /// The links' URLs: link `[n]` is `links[n - 1]`. Made on asking, a string per link;
  /// `linkTargets` is the page's own list.
  public var links: [String] { rendered?.urls ?? [] }

  /// The links with their text and whether they stay in the page.
  public var linkTargets: [PageLink] { rendered?.links ?? [] }
}
