import Dispatch
import FetchModel
import Foundation
import PageReader
import ProvinceCore
import ProvinceIO
import Synchronization
import TextSupport

/// Fetches a page for the shell, synchronously, through the page cache: a spinner while
/// it loads, and Ctrl-C cancels the fetch instead of ending the run.
struct PageLoader {
  /// A page and, when it did not come fresh from the server, a note saying where from.
  typealias Loaded = (page: FetchedPage, note: String?)

  let fetcher: CachingFetcher
  /// The script zh.wikipedia is asked for: `--variant`, else the locale's, else zh-cn.
  let variant: PageVariant

  init(options: Options) {
    let environment = Terminal.environment
    variant = PageVariant.chosen(option: options.variant, environment: environment)
    let network = PageFetcher(
      limits: FetchLimits(timeout: options.timeout, maxBytes: options.maxBytes),
      acceptLanguage: variant.acceptLanguage(environment: environment))
    let policy = options.cachePolicy
    var cache: PageCache?
    if policy != .bypass {
      let opened = PageCache.opened(
        directory: PageCache.defaultDirectory(environment: Terminal.environment),
        limit: options.cacheSize, largestPage: options.maxBytes)
      cache = opened.cache
      if let warning = opened.warning { StandardStream.error.write(warning + "\n") }
    }
    fetcher = CachingFetcher(fetcher: network, cache: cache, policy: policy, variant: variant)
  }

  func load(_ address: String) -> Result<LoadedPage, FetchError> {
    guard let url = URLText.requestURL(address), url.host != nil else {
      return .failure(.invalidURL(URLText.ascii(address)))
    }
    let ascii = url.absoluteString
    let spinner = Spinner(label: url.host ?? ascii)
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    let fetcher = self.fetcher
    let task = Task {
      do throws(FetchError) {
        let (page, source) = try await fetcher.fetch(url, onEvent: spinner.handle)
        outcome.set(.success(LoadedPage(page: page, note: source.note)))
      } catch {
        outcome.set(.failure(error))
      }
      done.signal()
    }
    Interrupts.shared.claimed(by: { task.cancel() }, done.wait)
    spinner.stop()
    return outcome.get() ?? .failure(.cancelled)
  }

  private final class Outcome: Sendable {
    private let value = Mutex<Result<LoadedPage, FetchError>?>(nil)

    func set(_ result: Result<LoadedPage, FetchError>) {
      value.withLock { $0 = result }
    }

    func get() -> Result<LoadedPage, FetchError>? {
      value.withLock { $0 }
    }
  }
}
