import BuiltInCatalog
import CatalogModel
import Dispatch
import Foundation
import PageReader
import ProvinceCore
import ProvinceIO
import TextSupport

/// Fetches a page for the shell, synchronously, through the page cache: a spinner while
/// it loads, and Ctrl-C cancels the fetch instead of ending the run.
struct PageLoader {
  /// A page and, when it did not come fresh from the server, a note saying where from.
  typealias Loaded = (page: FetchedPage, note: String?)

  let fetcher: CachingFetcher

  init(options: Options) {
    let network = PageFetcher(
      limits: FetchLimits(timeout: options.timeout, maxBytes: options.maxBytes))
    let policy = options.cachePolicy
    let cache =
      policy == .bypass
      ? nil
      : PageCache(
        directory: PageCache.defaultDirectory(environment: Terminal.environment),
        limit: options.cacheSize)
    fetcher = CachingFetcher(fetcher: network, cache: cache, policy: policy)
  }

  func load(_ address: String) -> Result<Loaded, FetchError> {
    let ascii = URLText.ascii(address)
    guard let url = URL(string: ascii), url.host != nil else {
      return .failure(.invalidURL(ascii))
    }
    let spinner = Spinner(label: url.host ?? ascii)
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    let fetcher = self.fetcher
    let task = Task {
      do throws(FetchError) {
        let (page, source) = try await fetcher.fetch(url, onEvent: spinner.handle)
        outcome.set(.success((page, source.note)))
      } catch {
        outcome.set(.failure(error))
      }
      done.signal()
    }
    CrashGuard.whileFetching(ascii) {
      Interrupts.shared.claimed(by: { task.cancel() }, done.wait)
    }
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
    private var value: Result<Loaded, FetchError>?

    func set(_ result: Result<Loaded, FetchError>) {
      lock.lock()
      value = result
      lock.unlock()
    }

    func get() -> Result<Loaded, FetchError>? {
      lock.lock()
      defer { lock.unlock() }
      return value
    }
  }
}
