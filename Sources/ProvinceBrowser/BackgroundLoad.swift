import FetchModel
import Foundation
import ProvinceCore
import TextSupport

/// One page fetched for the full-screen session off the main thread, through the page
/// cache; progress and the outcome are posted to the session's mailbox.
struct BackgroundLoad {
  let url: String
  let startedAt: ContinuousClock.Instant
  private let task: Task<Void, Never>

  init(url: String, loader: PageLoader, mailbox: SessionMailbox, startedAt: ContinuousClock.Instant)
  {
    self.url = url
    self.startedAt = startedAt
    let ascii = URLText.ascii(url)
    let fetcher = loader.fetcher
    mailbox.post { $0.bytes = 0 }
    task = Task {
      let result: Result<LoadedPage, FetchError>
      if let address = URL(string: ascii), address.host != nil {
        do throws(FetchError) {
          let (page, source) = try await fetcher.fetch(address) { event in
            if case .bytes(let total) = event { mailbox.post { $0.bytes = total } }
          }
          result = .success(LoadedPage(page: page, note: source.note))
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
