import CatalogModel
import Foundation
import PageReader
import TextSupport

/// What the user asked for on the command line, after parsing and checking.
public struct Options: Sendable, Equatable {
  /// The one job a run does.
  public enum Mode: Sendable, Equatable {
    /// No selection: the interactive session on a terminal, else the province list.
    case automatic
    case interactive
    case pick
    /// `--city` (with or without `--province`): print one city.
    case lookup
    /// `--province` alone: the province's cities.
    case listProvince
    case all
    case search(String)
    case validate(file: String?)
    /// `--check`: every city URL (of `--province`, if given).
    case check
    case help
    case version
    case completion(Shell)
    /// Hidden: the names a completion script offers (`province`, or `city`).
    case complete(String)
  }

  public var mode: Mode = .automatic
  public var province: String?
  public var city: String?
  public var format: OutputFormat?
  public var dataPath: String?
  public var strict = false
  public var open = false
  public var fetch = false
  public var noColor = false
  public var timeout: Double = 15
  public var maxBytes = 5_000_000
  public var jobs = 8
  public var offline = false
  public var noCache = false
  public var cacheSize = 50_000_000
  /// `--width`: the width `--fetch` lays a page out to (else the terminal, COLUMNS, 80).
  public var width: Int?
  /// `--full-page`: the whole page rather than the reader view's article.
  public var fullPage = false

  public init() {}

  /// How pages use the cache: `--offline` and `--no-cache` (the parser lets only one through).
  public var cachePolicy: CachePolicy {
    offline ? .offline : noCache ? .bypass : .normal
  }
}

/// A command-line mistake, shown as `Error: …` with a usage line; exit 64.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { "Error: \(message)" }
}
