import Foundation
import TextSupport

/// The values of a link check: what is checked, what came of it, how it is going.
public enum LinkCheck {
  /// URLs checked at once unless `--jobs` says otherwise.
  public static let defaultJobs = 8

  /// One URL to check and the names it is listed under.
  public struct Target: Sendable, Hashable {
    /// The province's name as the data spells it (not sanitised).
    public var province: String
    /// The city's name as the data spells it (not sanitised).
    public var city: String
    /// The address as the data file spells it (not yet parsed).
    public var url: String
    /// The county's name as the data spells it, when the URL is a county's; nil for a city's.
    public var county: String?
    /// The township's name as the data spells it, when the URL is a township's.
    public var township: String?

    /// A target from its parts.
    public init(
      province: String, city: String, county: String? = nil, township: String? = nil,
      url: String
    ) {
      self.province = province
      self.city = city
      self.county = county
      self.township = township
      self.url = url
    }
  }

  /// What checking one URL came to: the final HTTP status, or why there was none.
  public enum Outcome: Sendable, Equatable {
    /// The final response's status, after redirects, retries and any GET after HEAD.
    case status(Int)
    /// No usable response: the fetch failed (timeout, refused, bad URL …).
    case failed(FetchError)
  }

  /// What the head of a working HTML page says is wrong with the address as data.
  public enum Finding: Sendable, Equatable {
    /// A disambiguation page; `entry` is the title of the entry that names the division's
    /// province, which `--fetch` would follow (nil: none does).
    case disambiguation(entry: String?)
    /// MediaWiki redirected the address to `title`, which is not the division's name.
    case redirect(to: String)

    /// The status word of its own: `disambiguation`, `redirect`.
    public var word: String {
      switch self {
      case .disambiguation: return "disambiguation"
      case .redirect: return "redirect"
      }
    }

    /// What it leads to: the entry to follow, or the redirect's title.
    public var detail: String? {
      switch self {
      case .disambiguation(let entry): return entry
      case .redirect(let title): return title
      }
    }
  }

  /// The result for one target.
  public struct Result: Sendable, Equatable {
    /// What was checked.
    public var target: Target
    /// What came of it.
    public var outcome: Outcome
    /// Where redirects led, when a response came.
    public var finalURL: URL?
    /// Requests made for the status, retries and the GET after a refused HEAD included
    /// (not the GET that reads a working HTML page's head).
    public var attempts: Int
    /// What the page's head showed, for a page that works.
    public var finding: Finding?

    /// A result from its parts.
    public init(
      target: Target, outcome: Outcome, finalURL: URL?, attempts: Int, finding: Finding? = nil
    ) {
      self.target = target
      self.outcome = outcome
      self.finalURL = finalURL
      self.attempts = attempts
      self.finding = finding
    }

    /// True for a 4xx or 5xx status, for any failure to get an answer, and for a
    /// disambiguation page (the address leads to no one article).
    public var isBroken: Bool {
      if case .disambiguation = finding { return true }
      switch outcome {
      case .status(let code): return code >= 400
      case .failed: return true
      }
    }

    /// Broken, or working with something to fix in the data (a redirect): listed.
    public var isReported: Bool { isBroken || finding != nil }
  }

  /// How far a check has got, reported after every finished URL.
  public struct Progress: Sendable, Hashable {
    /// Targets finished so far.
    public var checked: Int
    /// Targets in the whole check.
    public var total: Int
    /// Finished targets that are broken.
    public var broken: Int
    /// Seconds since the check started.
    public var elapsed: TimeInterval

    /// Progress from its parts.
    public init(checked: Int, total: Int, broken: Int, elapsed: TimeInterval) {
      self.checked = checked
      self.total = total
      self.broken = broken
      self.elapsed = elapsed
    }

    /// URLs per second so far (0 before the first).
    public var rate: Double {
      elapsed > 0 ? Double(checked) / elapsed : 0
    }

    /// Seconds left at the rate so far; nil before there is a rate.
    public var remaining: TimeInterval? {
      rate > 0 ? Double(total - checked) / rate : nil
    }
  }

  /// When 429 and 503 answers are retried, and how long to wait in between.
  public struct RetryPolicy: Sendable, Hashable {
    /// Retries after the first answer; 0 never retries.
    public var maxRetries: Int
    /// The wait before the first retry without `Retry-After`; doubled for each further one.
    public var baseDelay: TimeInterval
    /// No wait is longer, whatever `Retry-After` asks.
    public var maxDelay: TimeInterval
    /// No wait is shorter, whatever `Retry-After` asks (even 0); doubled for each retry.
    public var minimumDelay: TimeInterval

    /// Three retries, waits from 1 s doubling, none under 0.5 s doubling nor over 30 s.
    public init(
      maxRetries: Int = 3, baseDelay: TimeInterval = 1, maxDelay: TimeInterval = 30,
      minimumDelay: TimeInterval = 0.5
    ) {
      self.maxRetries = maxRetries
      self.baseDelay = baseDelay
      self.maxDelay = maxDelay
      self.minimumDelay = minimumDelay
    }

    /// The wait before retry number `retry` (0-based), honouring `retryAfter` (seconds or
    /// an HTTP date) between the floor and `maxDelay`.
    public func delay(retry: Int, retryAfter: String?, now: Date) -> TimeInterval {
      let asked = retryAfter.flatMap { Self.seconds(fromRetryAfter: $0, now: now) }
      return min(max(floor(retry: retry), asked ?? backoff(retry: retry)), maxDelay)
    }

    /// What to do before retry number `retry` (0-based) when `waited` seconds have gone on
    /// waits already and `budget` (the fetch timeout) is all one URL may wait in total:
    /// wait (at least the floor), or give up because the server asks for longer than the
    /// budget allows (`rateLimited`), or because backing off would outlast it (`giveUp`).
    public func next(
      retry: Int, retryAfter: String?, waited: TimeInterval, budget: TimeInterval, now: Date
    ) -> RetryDecision {
      let allowed = min(maxDelay, budget - waited)
      let asked = retryAfter.flatMap { Self.seconds(fromRetryAfter: $0, now: now) }
      if let asked, asked > allowed { return .rateLimited(retryAfter: asked) }
      let wait = max(floor(retry: retry), asked ?? backoff(retry: retry))
      return wait <= allowed ? .wait(wait) : .giveUp
    }

    private func floor(retry: Int) -> TimeInterval {
      minimumDelay * pow(2, Double(min(retry, 20)))
    }

    private func backoff(retry: Int) -> TimeInterval {
      baseDelay * pow(2, Double(min(retry, 20)))
    }

    /// `Retry-After` as seconds from `now`: delta-seconds or an IMF-fixdate.
    static func seconds(fromRetryAfter value: String, now: Date) -> TimeInterval? {
      let trimmed = value.trimmingSpaces
      if let seconds = Int(trimmed) { return TimeInterval(seconds) }
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "GMT")
      formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
      return formatter.date(from: trimmed).map { $0.timeIntervalSince(now) }
    }
  }

  /// What a check does after a 429 or 503 (see `RetryPolicy.next`).
  public enum RetryDecision: Sendable, Hashable {
    /// Wait this many seconds, then ask again.
    case wait(TimeInterval)
    /// The server asks to wait longer than the timeout allows: stop, as rate-limited.
    case rateLimited(retryAfter: TimeInterval)
    /// Backing off again would outlast the timeout: stop with the status as it is.
    case giveUp
  }
}
