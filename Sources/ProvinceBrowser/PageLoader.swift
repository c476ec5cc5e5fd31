import Dispatch
import Foundation
import ProvinceCore

/// Fetches a page for the shell, synchronously: a spinner while it loads, and Ctrl-C
/// cancels the fetch instead of ending the run.
struct PageLoader {
  let fetcher: PageFetcher
  let offline: Bool

  init(options: Options) {
    fetcher = PageFetcher(
      limits: FetchLimits(timeout: options.timeout, maxBytes: options.maxBytes))
    offline = options.offline
  }

  func load(_ address: String) -> Result<FetchedPage, FetchError> {
    let ascii = URLText.ascii(address)
    guard let url = URL(string: ascii), url.host != nil else {
      return .failure(.invalidURL(ascii))
    }
    if offline {
      return .failure(.other("offline: no cached copy of \(ascii)"))
    }
    let spinner = Spinner(label: url.host ?? ascii)
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    let fetcher = self.fetcher
    let task = Task {
      do throws(FetchError) {
        outcome.set(.success(try await fetcher.fetch(url, onEvent: spinner.handle)))
      } catch {
        outcome.set(.failure(error))
      }
      done.signal()
    }
    Interrupts.shared.claimed(by: { task.cancel() }, done.wait)
    spinner.stop()
    return outcome.get() ?? .failure(.cancelled)
  }

  /// The one line a failure is reported in.
  static func message(_ error: FetchError, url: String) -> String {
    switch error {
    case .cancelled: return "Cancelled."
    default: return error.message
    }
  }

  private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Result<FetchedPage, FetchError>?

    func set(_ result: Result<FetchedPage, FetchError>) {
      lock.lock()
      value = result
      lock.unlock()
    }

    func get() -> Result<FetchedPage, FetchError>? {
      lock.lock()
      defer { lock.unlock() }
      return value
    }
  }
}
