import FetchModel
import Foundation
import PageReader
import ProvinceCore
import TextSupport

/// One page fetched for the interactive session off the main thread, through the page
/// cache, and read and laid out there too (`PageContent.arrived`: the document, its lines,
/// its links, the disambiguation step), so that the screen answers keys while a long page
/// is laid out; progress and the outcome are posted to the session's mailbox. Both views
/// load so; line mode waits for the outcome before it reads the next line.
struct BackgroundLoad {
  /// The session's number for this load: its answer is matched by it, not by the URL, so
  /// that a load cancelled and asked again at once cannot take the cancelled one's answer.
  let id: Int
  let url: String
  let startedAt: ContinuousClock.Instant
  private let task: Task<Void, Never>

  /// `parents` name the division's city and province: on a disambiguation page the content
  /// says which entry names one (`PageContent.disambiguation`), for the navigator to follow.
  /// `observe` sees the fetch's events as they come (line mode's spinner).
  init(
    id: Int, url: String, layout: (width: Int, view: PageView), loader: PageLoader,
    mailbox: SessionMailbox, startedAt: ContinuousClock.Instant, parents: [[String]] = [],
    observe: (@Sendable (FetchEvent) -> Void)? = nil
  ) {
    self.id = id
    self.url = url
    self.startedAt = startedAt
    let fetcher = loader.fetcher
    mailbox.post { $0.bytes = 0 }
    task = Task {
      let result: Result<PageContent, FetchError>
      // The navigator asks only for URLs that pass this same check; kept as a guard.
      if let address = URLText.requestURL(url) {
        do throws(FetchError) {
          let progress: @Sendable (FetchEvent) -> Void = { event in
            observe?(event)
            if case .bytes(let total) = event { mailbox.post { $0.bytes = total } }
          }
          // Passed on as it comes, held by no name here (see `content`).
          result = Self.content(
            try await fetcher.fetch(address, onEvent: progress), layout: layout,
            parents: parents)
        } catch {
          result = .failure(error)
        }
      } else {
        result = .failure(.invalidURL(URLText.ascii(url)))
      }
      mailbox.post { $0.finished.append((load: id, url: url, result: result)) }
    }
  }

  func cancel() { task.cancel() }

  /// The page read and laid out, its body handed over rather than copied: the content
  /// lets the body go once it is decoded, which frees it only if nothing here still
  /// holds it (a large page is then held as its document and lines, not also as bytes).
  /// A load cancelled while it fetched is not laid out for no one.
  private static func content(
    _ fetched: consuming (page: FetchedPage, source: PageSource),
    layout: (width: Int, view: PageView), parents: [[String]]
  ) -> Result<PageContent, FetchError> {
    guard !Task.isCancelled else { return .failure(.cancelled) }
    let loaded = LoadedPage(page: fetched.page, note: fetched.source.note)
    fetched.page.body = Data()
    return .success(PageContent.arrived(consume loaded, layout: layout, parents: parents))
  }
}
