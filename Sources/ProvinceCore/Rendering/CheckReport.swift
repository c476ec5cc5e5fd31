import FetchModel
import Foundation
import TextSupport

/// The `--check` report: a summary and the broken URLs for people, every result for scripts.
/// Names and addresses are sanitised; TSV columns are province, city, url, status, final url,
/// with a county column after the city's where any county was checked (empty on a city's row),
/// and a township column after that where any township was.
public enum CheckReport {
  /// The whole outcome of a check: the report on stdout, the summary also on stderr when an
  /// interrupted report went to a script, and 0, 1 (something broken) or 130.
  public static func report(
    _ results: [LinkCheck.Result], format: OutputFormat, total: Int, elapsed: TimeInterval,
    interrupted: Bool
  ) -> Report {
    let output = lines(
      results, format: format, total: total, elapsed: elapsed, interrupted: interrupted)
    let messages =
      interrupted && format != .text
      ? [summary(results, total: total, elapsed: elapsed, interrupted: true)] : []
    let code: ExitCode =
      interrupted ? .interrupted : results.contains(where: \.isBroken) ? .failure : .success
    return Report(output: output, messages: messages, exitCode: code)
  }

  /// The report lines for `format`, each ending in "\n". `total` is how many URLs were to
  /// be checked (more than `results.count` when the check was interrupted).
  public static func lines(
    _ results: [LinkCheck.Result], format: OutputFormat, total: Int, elapsed: TimeInterval,
    interrupted: Bool
  ) -> [String] {
    switch format {
    case .text:
      return text(results, total: total, elapsed: elapsed, interrupted: interrupted)
    case .tsv:
      let columns = Columns(results)
      return results.map { tsvLine($0, columns: columns) }
    case .json, .geojson:
      return json(results)
    case .url:
      return results.filter(\.isReported).map { URLText.ascii($0.target.url) + "\n" }
    }
  }

  /// One line: how many were checked, in how long, and how many are broken.
  public static func summary(
    _ results: [LinkCheck.Result], total: Int, elapsed: TimeInterval, interrupted: Bool
  ) -> String {
    let broken = results.filter(\.isBroken).count
    let seconds = String(format: "%.1f", elapsed)
    let checked =
      interrupted
      ? "Interrupted: checked \(results.count) of \(total) URLs"
      : "Checked \(total) URL\(total == 1 ? "" : "s")"
    var verdict = broken == 0 ? "none broken" : "\(broken) broken"
    let redirects = results.filter { if case .redirect = $0.finding { true } else { false } }.count
    if redirects > 0 {
      verdict += ", \(redirects) redirected to another title"
    }
    return "\(checked) in \(seconds) s: \(verdict).\n"
  }

  /// The summary, then a table of the broken URLs: province, city, status or error, final URL.
  public static func text(
    _ results: [LinkCheck.Result], total: Int, elapsed: TimeInterval, interrupted: Bool
  ) -> [String] {
    var lines = [summary(results, total: total, elapsed: elapsed, interrupted: interrupted)]
    let reported = results.filter(\.isReported)
    let columns = Columns(reported)
    let rows = reported.map { result in
      columns.names(result.target).map(TerminalText.sanitize)
        + [
          result.finding.map(findingText) ?? statusText(result.outcome),
          urlText(result),
        ]
    }
    if !rows.isEmpty {
      let head =
        ["PROVINCE", "CITY"] + (columns.county ? ["COUNTY"] : [])
        + (columns.township ? ["TOWNSHIP"] : []) + ["STATUS", "URL"]
      lines += ListFormatter.alignedRows([head] + rows)
    }
    return lines
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
  private static func findingText(_ finding: LinkCheck.Finding) -> String {
    switch finding {
    case .disambiguation(let entry?): return "disambiguation → \(entry)"
    case .disambiguation(nil): return "disambiguation (no entry names the province)"
    case .redirect(let title): return "redirect → \(title)"
    }
  }

  /// The URL column: the final URL, or the data's URL and the redirect hop that failed.
  private static func urlText(_ result: LinkCheck.Result) -> String {
    if case .failed(.afterRedirect(let hop, _)) = result.outcome {
      return URLText.ascii(result.target.url) + " → " + URLText.ascii(hop)
    }
    return URLText.ascii(result.finalURL?.absoluteString ?? result.target.url)
  }

  private static func statusText(_ outcome: LinkCheck.Outcome) -> String {
    switch outcome {
    case .status(let code): return "HTTP \(code)"
    case .failed(let error): return errorWord(error)
    }
  }

  private static func tsvLine(_ result: LinkCheck.Result, columns: Columns) -> String {
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

  private static func json(_ results: [LinkCheck.Result]) -> [String] {
    guard !results.isEmpty else { return ["[]\n"] }
    let objects = results.map { result -> String in
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
    return ["[\n"] + objects.enumerated().map { $0.1 + ($0.0 == objects.count - 1 ? "\n" : ",\n") }
      + ["]\n"]
  }

  /// Which name columns a report has: province and city always, a county and a township
  /// column where any result is one's (empty on the rows above that level).
  private struct Columns {
    var county: Bool
    var township: Bool

    init(_ results: [LinkCheck.Result]) {
      county = results.contains { $0.target.county != nil }
      township = results.contains { $0.target.township != nil }
    }

    /// The target's names, one a column, not yet sanitised.
    func names(_ target: LinkCheck.Target) -> [String] {
      [target.province, target.city] + (county ? [target.county ?? ""] : [])
        + (township ? [target.township ?? ""] : [])
    }
  }
}
