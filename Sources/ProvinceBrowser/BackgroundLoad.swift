import FetchModel
import Foundation
import PageReader
import ProvinceCore
import TextSupport

/// One page fetched for the full-screen session off the main thread, through the page
/// cache, and read and laid out there too (`PageContent`: the document, its lines, its
/// links), so that the screen answers keys while a long page is laid out; progress and
/// the outcome are posted to the session's mailbox.
struct BackgroundLoad {
  let url: String
  let startedAt: ContinuousClock.Instant
  private let task: Task<Void, Never>

  /// `parents` name the division's city and province: on a disambiguation page the content
  /// says which entry names one (`PageContent.disambiguation`), for the navigator to follow.
  init(
    url: String, layout: (width: Int, view: PageView), loader: PageLoader,
    mailbox: SessionMailbox, startedAt: ContinuousClock.Instant, parents: [[String]] = []
  ) {
    self.url = url
    self.startedAt = startedAt
    let ascii = URLText.ascii(url)
    let fetcher = loader.fetcher
    mailbox.post { $0.bytes = 0 }
    task = Task {
      let result: Result<PageContent, FetchError>
      if let address = URL(string: ascii), address.host != nil {
        do throws(FetchError) {
          let progress: @Sendable (FetchEvent) -> Void = { event in
            if case .bytes(let total) = event { mailbox.post { $0.bytes = total } }
          }
          let (page, source) = try await fetcher.fetch(address, onEvent: progress)
          var loaded = LoadedPage(page: page, note: source.note)
          // The navigator follows the entry (a step of its own, so that back returns to
          // this page) or opens the page's links; the note says which.
          let step = DisambiguationStep.decide(page, parents: parents)
          if case .offer(let note, _)? = step {
            loaded.note = loaded.note.map { note + " · " + $0 } ?? note
          }
          // A load cancelled while it fetched is not laid out for no one.
          result =
            Task.isCancelled
            ? .failure(.cancelled)
            : .success(
              PageContent(
                loaded.page, width: layout.width, view: layout.view, note: loaded.note,
                disambiguation: step))
        } catch {
          result = .failure(error)
        }
      } else {
        result = .failure(.invalidURL(ascii))
      }
      mailbox.post { $0.finished.append((url: url, result: result)) }
    }
  }

  func cancel() { task.cancel() }
}
