import FetchModel
import Foundation
import TextSupport

/// The `--check` report: a summary and the broken URLs for people, every result for scripts.
/// Names and addresses are sanitised; TSV columns are province, city, url, status, final url,
/// with a county column after the city's where any county was checked (empty on a city's row),
/// and a township column after that where any township was.
public enum CheckReport {
  /// A check's exit code, and its summary on stderr when an interrupted report went to a
  /// script (the text report has it on stdout); its lines were written as they came
  /// (`CheckReportStream`).
  public static func ending(
    broken: Bool, format: OutputFormat, summary: String, interrupted: Bool
  ) -> Report {
    let messages = interrupted && format != .text ? [summary] : []
    let code: ExitCode = interrupted ? .interrupted : broken ? .failure : .success
    return Report(messages: messages, exitCode: code)
  }

  /// The report lines for `format`, in the order `CheckReportStream` gives them. `total` is
  /// how many URLs were to be checked (more than `results.count` when the check was
  /// interrupted).
  public static func lines(
    _ results: [LinkCheck.Result], format: OutputFormat, total: Int, elapsed: TimeInterval,
    interrupted: Bool
  ) -> [String] {
    var stream = CheckReportStream(targets: results.map(\.target), format: format)
    var text = ""
    for (index, result) in results.enumerated() { text += stream.add(result, at: index) }
    text += stream.end(elapsed: elapsed, interrupted: false)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0) + "\n"
    }
    lines.removeLast()
    if format == .text {
      // The summary counts what was to be checked, not only what was.
      lines[lines.count - 1] = summary(
        results, total: total, elapsed: elapsed, interrupted: interrupted)
    }
    return lines
  }

  /// One line: how many were checked, in how long, and how many are broken.
  public static func summary(
    _ results: [LinkCheck.Result], total: Int, elapsed: TimeInterval, interrupted: Bool
  ) -> String {
    let redirects = results.filter { if case .redirect = $0.finding { true } else { false } }.count
    return summary(
      checked: results.count, broken: results.filter(\.isBroken).count, redirects: redirects,
      total: total, elapsed: elapsed, interrupted: interrupted)
  }

  /// The summary from its counts.
  public static func summary(
    checked: Int, broken: Int, redirects: Int, total: Int, elapsed: TimeInterval,
    interrupted: Bool
  ) -> String {
    let seconds = String(format: "%.1f", elapsed)
    let counted =
      interrupted
      ? "Interrupted: checked \(checked) of \(total) URLs"
      : "Checked \(total) URL\(total == 1 ? "" : "s")"
    var verdict = broken == 0 ? "none broken" : "\(broken) broken"
    if redirects > 0 {
      verdict += ", \(redirects) redirected to another title"
    }
    return "\(counted) in \(seconds) s: \(verdict).\n"
  }

  /// The table of the broken URLs (province, city, status or error, final URL), then the
  /// summary.
  public static func text(
    _ results: [LinkCheck.Result], total: Int, elapsed: TimeInterval, interrupted: Bool
  ) -> [String] {
    lines(results, format: .text, total: total, elapsed: elapsed, interrupted: interrupted)
  }

  /// The progress line: checked/total, broken so far, rate and time left.
  public static func progress(_ progress: LinkCheck.Progress) -> String {
    var text = "Checking \(progress.checked)/\(progress.total), \(progress.broken) broken"
    if progress.rate > 0 {
      text += String(format: ", %.1f/s", progress.rate)
    }
    if let remaining = progress.remaining {
      let seconds = Int(remaining.rounded(.up))
      text += String(format: ", %d:%02d left", seconds / 60, seconds % 60)
    }
    return text
  }

  /// The status column: the HTTP status number, or a one-word reason there was none.
  public static func statusField(_ outcome: LinkCheck.Outcome) -> String {
    switch outcome {
    case .status(let code): return String(code)
    case .failed(let error): return errorWord(error)
    }
  }

  /// A stable word per failure, for scripts to match on.
  public static func errorWord(_ error: FetchError) -> String {
    switch error {
    case .unsupportedScheme: return "unsupported-scheme"
    case .invalidURL: return "invalid-url"
    case .hostNotFound: return "host-not-found"
    case .connectionRefused: return "connection-refused"
    case .timedOut: return "timeout"
    case .tlsFailure: return "tls-error"
    case .tooManyRedirects: return "too-many-redirects"
    case .redirectToUnsupportedScheme, .redirectWithoutLocation: return "bad-redirect"
    case .unrequestedNotModified: return "unexpected-304"
    case .connectionLost: return "connection-lost"
    case .emptyBody: return "empty"
    case .http(let status, _, _): return String(status)
    case .cancelled: return "cancelled"
    case .notCached: return "not-cached"
    case .rateLimited: return "rate-limited"
    case .headersTooLarge: return "headers-too-large"
    case .invalidRedirect: return "bad-redirect"
    case .proxyRefused: return "proxy-refused"
    case .proxyNotFound: return "proxy-not-found"
    case .afterRedirect(_, let error): return errorWord(error)
    case .other: return "error"
    }
  }

  /// `disambiguation → 朝阳区 (北京市)`, `disambiguation (no entry names 广东省)`,
  /// `redirect → 广州市`.
  static func findingText(_ finding: LinkCheck.Finding) -> String {
    switch finding {
    case .disambiguation(let entry?): return "disambiguation → \(entry)"
    case .disambiguation(nil): return "disambiguation (no entry names the province)"
    case .redirect(let title): return "redirect → \(title)"
    }
  }

  /// The URL column: the final URL, or the data's URL and the redirect hop that failed.
  static func urlText(_ result: LinkCheck.Result) -> String {
    if case .failed(.afterRedirect(let hop, _)) = result.outcome {
      return URLText.ascii(result.target.url) + " → " + URLText.ascii(hop)
    }
    return URLText.ascii(result.finalURL?.absoluteString ?? result.target.url)
  }

  /// The text table's status cell: a finding, else the status or error word.
  static func statusCell(_ result: LinkCheck.Result) -> String {
    result.finding.map(findingText) ?? statusText(result.outcome)
  }

  private static func statusText(_ outcome: LinkCheck.Outcome) -> String {
    switch outcome {
    case .status(let code): return "HTTP \(code)"
    case .failed(let error): return errorWord(error)
    }
  }

  static func tsvLine(_ result: LinkCheck.Result, columns: Columns) -> String {
    let fields =
      columns.names(result.target).map(ListFormatter.tsvField)
      + [
        URLText.ascii(result.target.url), result.finding?.word ?? statusField(result.outcome),
        result.finalURL.map { URLText.ascii($0.absoluteString) } ?? "",
      ]
    // A finding's entry or title in a column after the others, so that readers of the
    // columns before it still work.
    let detail = result.finding.map { [ListFormatter.tsvField($0.detail ?? "")] } ?? []
    return (fields + detail).joined(separator: "\t") + "\n"
  }

  /// One result as a JSON object, on one line.
  static func jsonObject(_ result: LinkCheck.Result) -> String {
    var status = "null"
    var error = "null"
    var message = "null"
    switch result.outcome {
    case .status(let code):
      status = String(code)
    case .failed(let failure):
      error = JSONWriter.string(errorWord(failure))
      message = JSONWriter.string(failure.message)
    }
    let county =
      (result.target.county.map { [("county", JSONWriter.string($0))] } ?? [])
      + (result.target.township.map { [("township", JSONWriter.string($0))] } ?? [])
    return JSONWriter.object(
      [
        ("province", JSONWriter.string(result.target.province)),
        ("city", JSONWriter.string(result.target.city)),
      ] + county + [
        ("url", JSONWriter.string(URLText.ascii(result.target.url))),
        ("ok", result.isBroken ? "false" : "true"),
        ("status", status), ("error", error), ("message", message),
        ("final_url", result.finalURL.map { JSONWriter.string($0.absoluteString) } ?? "null"),
        ("attempts", String(result.attempts)),
        ("page", result.finding.map { JSONWriter.string($0.word) } ?? "null"),
        ("page_title", result.finding?.detail.map(JSONWriter.string) ?? "null"),
      ])
  }

  /// Which name columns a report has: province and city always, a county and a township
  /// column where any target is one's (empty on the rows above that level).
  struct Columns: Sendable {
    var county: Bool
    var township: Bool

    init(_ targets: [LinkCheck.Target]) {
      county = targets.contains { $0.county != nil }
      township = targets.contains { $0.township != nil }
    }

    /// The text table's headings of the name columns.
    var headings: [String] {
      ["PROVINCE", "CITY"] + (county ? ["COUNTY"] : []) + (township ? ["TOWNSHIP"] : [])
    }

    /// The target's names, one a column, not yet sanitised.
    func names(_ target: LinkCheck.Target) -> [String] {
      [target.province, target.city] + (county ? [target.county ?? ""] : [])
        + (township ? [target.township ?? ""] : [])
    }
  }
}
