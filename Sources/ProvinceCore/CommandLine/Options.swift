import FetchModel
import Foundation
import GeoModel
import TextSupport

/// What the user asked for on the command line, after parsing and checking.
public struct Options: Sendable, Equatable {
  /// The one job a run does, carrying what that job needs and nothing else.
  public enum Mode: Sendable, Equatable {
    case help
    case version
    case completion(Shell)
    /// Hidden: `--man-page` prints browse(1) as roff, for an install to put in man1.
    case manPage
    /// `--validate [FILE]`: nil checks the active data (`--data`, the variable, built-in).
    case validate(file: String?)
    /// Every job that works on the active data.
    case catalog(CatalogJob)
  }

  /// A job on the active data.
  public enum CatalogJob: Sendable, Equatable {
    /// No selection: the interactive session on a terminal, else the province list.
    case automatic
    /// `-i`: the menus, reading commands from stdin even when it is not a terminal.
    case interactive
    /// `--pick`: the menus on the terminal, the chosen city on stdout.
    case pick
    /// `--city` or `--county` (within `--province`, `--city` when given): one city or
    /// county, then what to do with it.
    case lookup(CityQuery, CityAction)
    /// `--province` alone: the province's cities.
    case listProvince(String)
    /// `--counties`: the counties of the city (`--city`), of a province's cities, or all.
    case listCounties(CityQuery?)
    /// `--townships`: the townships of the county (`--county`), the city (`--city`), the
    /// province, or all.
    case listTownships(CityQuery)
    case all
    /// `--search`, within `--province` when given.
    case search(String, province: String?)
    /// `--check`: every city and county URL (of the province, or of the branch under one
    /// division, when given), and with `townships` the townships' under them too.
    case check(province: String?, branch: CityQuery? = nil, townships: Bool = false)
    /// `--at`: the divisions a point is in (or each point of stdin's lines).
    case locate(PointInput)
    /// `--address`: the division an address names (or each address of stdin's lines).
    case address(AddressInput)
    /// `--near`: the county-level divisions by distance from a point.
    case near(GeoPoint)
    /// `--history`: a division's names and codes over the years (or `-`: each old code of
    /// stdin's lines to today's).
    case history(HistoryInput)
    /// `--changes FROM [TO]`: every change in those years, both included (nil: to today).
    case changes(from: Int, to: Int?)
    /// Hidden: the names a completion script offers.
    case complete(CompletionTarget)
  }

  /// A city or county as `--city`, `--county` and `--province` name it. With `county`, the
  /// county is looked up within the city (when `city` is not empty) or the province.
  public struct CityQuery: Sendable, Equatable {
    public var city: String
    public var province: String?
    public var county: String?
    /// `--township`: a township, looked up within the county, city or province given.
    public var township: String?

    public init(
      city: String, province: String? = nil, county: String? = nil, township: String? = nil
    ) {
      self.city = city
      self.province = province
      self.county = county
      self.township = township
    }
  }

  /// Where `--at` takes its points.
  public enum PointInput: Sendable, Equatable {
    /// One point, and its text as typed (which the answer gives back).
    case point(GeoPoint, typed: String)
    /// `--at -`: one point a line, one answer a line, in order.
    case standardInput
  }

  /// Where `--address` takes its addresses.
  public enum AddressInput: Sendable, Equatable {
    case text(String)
    /// `--address -`: one address a line, one answer a line, in order.
    case standardInput
  }

  /// What `--history` reads.
  public enum HistoryInput: Sendable, Equatable {
    /// A code or a name, current or former.
    case query(String)
    /// `--history -`: one code a line, one answer a line, in order.
    case standardInput
  }

  /// What a lookup does with the city it finds.
  public enum CityAction: Sendable, Equatable {
    /// Print it (`--format`, default: its URL).
    case print
    /// `--open`: open its page in the browser.
    case open
    /// `--fetch`: its page as text on stdout.
    case fetch
  }

  /// What `--complete` lists.
  public enum CompletionTarget: Sendable, Equatable {
    case provinces
    /// The cities of a province (when the command line being completed names one), or all.
    case cities(province: String?)
    /// The counties of a city or a province (when the command line names them), or all.
    case counties(province: String?, city: String?)
  }

  public var mode: Mode = .catalog(.automatic)
  public var format: OutputFormat?
  public var dataPath: String?
  public var strict = false
  public var noColor = false
  /// `--no-mouse`: the full screen asks for no mouse reports.
  public var noMouse = false
  /// `--line-mode`: the numbered menus and a prompt even on a terminal (as `-i`, `TERM=dumb`).
  public var lineMode = false
  public var timeout: Double = Defaults.timeout
  public var maxBytes = Defaults.maxBytes
  public var jobs = Defaults.jobs
  public var offline = false
  public var noCache = false
  public var cacheSize = Defaults.cacheSize
  /// `--width`: the width `--fetch` lays a page out to (else the terminal, COLUMNS, 80).
  public var width: Int?
  /// `--full-page`: the whole page rather than the reader view's article.
  public var fullPage = false
  /// `--variant`: the script zh.wikipedia is asked for (nil: the locale's, else zh-cn;
  /// `PageVariant.chosen` decides).
  public var variant: PageVariant?
  /// `--datum`: the datum `--at`'s and `--near`'s points are typed in (WGS-84 unless said).
  public var datum: GeoDatum = .wgs84
  /// `--sort`: the order of a list's rows (nil: the data's order, or a search's ranking).
  public var sort: ListOrder.Sort?
  /// `--pick`'s start: a province (`-p`), a city (`-c`) and a filter typed (`--query`).
  public var pickStart = PickStart()

  /// Where `--pick` starts, as typed; the planner resolves the names. `townships`
  /// (`--pick --townships`): a county's townships open, to pick one of them or the county.
  public struct PickStart: Sendable, Equatable {
    public var province: String?
    public var city: String?
    public var query = ""
    public var townships = false

    public init(
      province: String? = nil, city: String? = nil, query: String = "", townships: Bool = false
    ) {
      self.province = province
      self.city = city
      self.query = query
      self.townships = townships
    }
  }

  public init() {}

  /// How pages use the cache: `--offline` and `--no-cache` (the parser lets only one through).
  public var cachePolicy: CachePolicy {
    offline ? .offline : noCache ? .bypass : .normal
  }

  /// Whether the job fetches over the network as soon as it starts (`--fetch` of one place,
  /// `--check`), so that the transport is worth making ready while the data loads.
  public var fetchesAtOnce: Bool {
    guard !offline, case .catalog(let job) = mode else { return false }
    switch job {
    case .lookup(_, .fetch), .check: return true
    default: return false
    }
  }

  /// The width a page is laid out to: `--width`, else the terminal's, else `COLUMNS` (a
  /// pipe still has a reader's width in mind: `COLUMNS=120 browse … | less`), else 80.
  public func pageWidth(terminalColumns: Int?, columnsVariable: String?) -> Int {
    if let width { return width }
    if let terminalColumns { return terminalColumns }
    if let columns = columnsVariable.flatMap({ Int($0) }), (10...1000).contains(columns) {
      return columns
    }
    return 80
  }

  /// The defaults, written once: the help text and the parser read them from here.
  public enum Defaults {
    public static let timeout: Double = FetchLimits.defaultTimeout
    public static let maxBytes = FetchLimits.defaultMaxBytes
    public static let jobs = LinkCheck.defaultJobs
    public static let cacheSize = 50_000_000
  }
}

/// A command-line mistake, shown as `browse: …` with a usage line; exit 64.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String

  /// The message made safe for a terminal here, once, since most quote what was typed.
  public init(_ message: String) {
    self.message = TerminalText.sanitize(message)
  }

  public var description: String { "browse: \(message)" }
}
