import FetchModel
import Foundation
import TextSupport

/// The `--check` report as the results come: each target's line is given as soon as it and
/// every target before it are known (a reorder buffer keeps the data's order, whatever order
/// the checks finish in), and the ending when the check ends or is stopped. So a script reads
/// results while a long check runs, `| head` can stop it early, and SIGTERM loses nothing
/// already known. TSV, URL and text rows are lines; JSON is one array, opened with the first
/// object and closed by the ending, so that a stopped check still leaves valid JSON.
public struct CheckReportStream: Sendable {
  /// The format the lines are in.
  public let format: OutputFormat
  /// How many targets the check has.
  public let total: Int
  private let columns: CheckReport.Columns
  /// The text table's name columns' widths, from every target's names and the headings.
  private let nameWidths: [Int]
  /// Results that came before some earlier target's, by target index.
  private var waiting: [Int: LinkCheck.Result] = [:]
  /// The first target whose line has not been given.
  private var next = 0
  private var wroteHead = false
  private var wroteObjects = false
  private var ended = false
  /// Counts for the summary, over the results given so far.
  public private(set) var checked = 0
  public private(set) var broken = 0
  private var redirects = 0

  /// A report of `targets`' results in `format`.
  public init(targets: [LinkCheck.Target], format: OutputFormat) {
    self.format = format
    total = targets.count
    columns = CheckReport.Columns(targets)
    var widths = columns.headings.map(TerminalText.width)
    if format == .text {
      for target in targets {
        for (index, name) in columns.names(target).enumerated() {
          widths[index] = max(widths[index], TerminalText.width(TerminalText.sanitize(name)))
        }
      }
    }
    nameWidths = widths
  }

  /// The text table's status column is this wide (the longest error word), so that a row
  /// can be aligned before the others are known; a longer finding pushes its URL along.
  static let statusWidth = 18

  /// Takes the result of target `index`; the text to write now (empty while an earlier
  /// target's result is still to come).
  public mutating func add(_ result: LinkCheck.Result, at index: Int) -> String {
    guard !ended, index >= next, waiting[index] == nil else { return "" }
    waiting[index] = result
    var text = ""
    while let ready = waiting.removeValue(forKey: next) {
      text += line(ready)
      next += 1
    }
    return text
  }

  /// The ending: the results still waiting for an earlier one (a stopped check: in order,
  /// past the gaps), then JSON's closing bracket, or the text report's summary line.
  /// `interrupted`: the check was stopped before every target was checked.
  public mutating func end(elapsed: TimeInterval, interrupted: Bool) -> String {
    guard !ended else { return "" }
    var text = ""
    for index in waiting.keys.sorted() {
      if let result = waiting[index] { text += line(result) }
    }
    waiting.removeAll()
    ended = true
    switch format {
    case .json, .geojson:
      text += wroteObjects ? "\n]\n" : "[]\n"
    case .text:
      text += summary(elapsed: elapsed, interrupted: interrupted)
    case .tsv, .url:
      break
    }
    return text
  }

  /// The summary line: how many were checked, in how long, and how many are broken.
  public func summary(elapsed: TimeInterval, interrupted: Bool) -> String {
    CheckReport.summary(
      checked: checked, broken: broken, redirects: redirects, total: total, elapsed: elapsed,
      interrupted: interrupted)
  }

  private mutating func line(_ result: LinkCheck.Result) -> String {
    checked += 1
    if result.isBroken { broken += 1 }
    if case .redirect = result.finding { redirects += 1 }
    switch format {
    case .tsv:
      return CheckReport.tsvLine(result, columns: columns)
    case .url:
      return result.isReported ? URLText.ascii(result.target.url) + "\n" : ""
    case .json, .geojson:
      let object = CheckReport.jsonObject(result)
      defer { wroteObjects = true }
      return (wroteObjects ? ",\n" : "[\n") + object
    case .text:
      guard result.isReported else { return "" }
      var text = ""
      if !wroteHead {
        wroteHead = true
        text += row(columns.headings, status: "STATUS", url: "URL")
      }
      let names = columns.names(result.target).map(TerminalText.sanitize)
      return text
        + row(names, status: CheckReport.statusCell(result), url: CheckReport.urlText(result))
    }
  }

  private func row(_ names: [String], status: String, url: String) -> String {
    let cells = zip(names, nameWidths).map { TerminalText.pad($0, toWidth: $1) }
    return (cells + [TerminalText.pad(status, toWidth: Self.statusWidth), url])
      .joined(separator: "  ") + "\n"
  }
}
