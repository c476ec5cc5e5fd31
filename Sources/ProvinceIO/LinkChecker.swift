import FetchModel
import Foundation
import PageReader
import TextSupport

/// Checks many URLs at once, at most `jobs` in flight and `perHost` to any one host: HEAD
/// first, GET when HEAD is refused, redirects followed, 429 and 503 retried with backoff
/// (waiting in all no longer than the fetcher's timeout, and never less than a floor).
public final class LinkChecker: Sendable {
  public typealias Target = LinkCheck.Target
  public typealias Outcome = LinkCheck.Outcome
  public typealias Result = LinkCheck.Result
  public typealias Progress = LinkCheck.Progress
  public typealias RetryPolicy = LinkCheck.RetryPolicy

  private let fetcher: PageFetcher
  private let jobs: Int
  private let perHost: Int
  private let retry: RetryPolicy
  private let wait: @Sendable (TimeInterval) async -> Void

  /// A checker fetching with `fetcher` (its limits bound each request). `wait` pauses
  /// between retries; the shell passes `Task.sleep`, tests may record instead.
  public init(
    fetcher: PageFetcher, jobs: Int = LinkCheck.defaultJobs, perHost: Int = 4,
    retry: RetryPolicy = .init(),
    wait: @escaping @Sendable (TimeInterval) async -> Void
  ) {
    self.fetcher = fetcher
    self.jobs = max(1, jobs)
    self.perHost = max(1, perHost)
    self.retry = retry
    self.wait = wait
  }

  /// Checks every target; `onResult` gets each result as it comes with the progress so far
  /// (from any thread; keep it quick). Cancelling stops the check: the results returned,
  /// in target order, are then those finished before.
  public func check(
    _ targets: [Target], onResult: @escaping @Sendable (Result, Progress) -> Void = { _, _ in }
  ) async -> [Result] {
    await check(targets, onEach: { _, result, progress in onResult(result, progress) })
  }

  /// `check(_:onResult:)`, telling `onEach` also the index of the target each result is of
  /// (results come in the order the checks finish, not the targets').
  public func check(
    _ targets: [Target], onEach: @escaping @Sendable (Int, Result, Progress) -> Void
  ) async -> [Result] {
    let hosts = targets.map { URLText.requestURL($0.url)?.host?.lowercased() ?? "" }
    let scheduler = Scheduler(hosts: hosts, perHost: perHost)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<min(jobs, targets.count) {
        group.addTask {
          while let index = await scheduler.next() {
            let result = await self.check(targets[index])
            let cancelled = Task.isCancelled
            let progress = await scheduler.finish(index, result, cancelled: cancelled)
            if result.outcome != .failed(.cancelled) { onEach(index, result, progress) }
          }
        }
      }
    }
    return await scheduler.finished()
  }

  /// Checks one target, retrying and falling back to GET as needed.
  public func check(_ target: Target) async -> Result {
    // The address as it is requested: printable ASCII, an international host in xn-- form.
    guard let url = URLText.requestURL(target.url) else {
      return Result(
        target: target, outcome: .failed(.invalidURL(target.url)), finalURL: nil, attempts: 0)
    }
    var method = "HEAD"
    var attempts = 0
    var retries = 0
    // All the waiting one URL may do: as long as one fetch may take.
    let budget = fetcher.limits.timeout
    var waited: TimeInterval = 0
    while true {
      if Task.isCancelled {
        return Result(
          target: target, outcome: .failed(.cancelled), finalURL: nil, attempts: attempts)
      }
      attempts += 1
      let status: Int
      let finalURL: URL?
      var retryAfter: String?
      var answer: FetchedPage?
      do {
        let page = try await fetcher.fetch(url, method: method, headers: [:])
        status = page.status
        finalURL = page.finalURL
        answer = page
      } catch {
        switch error {
        case .http(let code, _, let page):
          status = code
          finalURL = page?.finalURL
          retryAfter = page?.header("Retry-After")
        case .emptyBody:
          // An empty page is still a live one.
          status = 200
          finalURL = nil
        case .afterRedirect(let hop, _):
          // The hop that failed, for the report's final-URL column.
          return Result(
            target: target, outcome: .failed(error), finalURL: URL(string: hop),
            attempts: attempts)
        default:
          return Result(target: target, outcome: .failed(error), finalURL: nil, attempts: attempts)
        }
      }
      if method == "HEAD" && (status == 405 || status == 501) {
        method = "GET"
        continue
      }
      if (status == 429 || status == 503) && retries < retry.maxRetries {
        switch retry.next(
          retry: retries, retryAfter: retryAfter, waited: waited, budget: budget, now: Date())
        {
        case .wait(let seconds):
          await wait(seconds)
          waited += seconds
          retries += 1
          continue
        case .rateLimited(let seconds):
          return Result(
            target: target, outcome: .failed(.rateLimited(retryAfter: seconds)),
            finalURL: finalURL, attempts: attempts)
        case .giveUp:
          break
        }
      }
      var finding: LinkCheck.Finding?
      if (200..<300).contains(status), let page = answer {
        finding = await head(of: page, url: url, method: method, target: target)
      }
      return Result(
        target: target, outcome: .status(status), finalURL: finalURL, attempts: attempts,
        finding: finding)
    }
  }

  /// What the head of a working HTML page shows (a disambiguation page, a redirect to
  /// another title): the GET's body when the check already made one, else a GET of the
  /// first `fetcher.limits.maxBytes` (about 64 KB), where MediaWiki's configuration
  /// script lists the page's categories. Any host: loopback tests behave as the real site.
  private func head(
    of answer: FetchedPage, url: URL, method: String, target: Target
  ) async -> LinkCheck.Finding? {
    // A HEAD says the type; a page that says none may still be HTML.
    guard answer.mimeType == nil || answer.isHTML else { return nil }
    var page = answer
    if method == "HEAD" {
      if Task.isCancelled { return nil }
      guard let body = try? await fetcher.fetch(url, method: "GET", headers: [:]) else {
        return nil
      }
      page = body
    }
    return LinkCheck.finding(page, for: target)
  }
}
