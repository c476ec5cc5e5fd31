import FetchModel
import GeoModel

/// One option `browse` understands: its spellings, its value and its help line.
struct OptionSpec: Sendable {
  enum Key: Sendable {
    case province, city, county, counties, township, townships, search, all, format, data, strict,
      validate, interactive,
      pick
    case open, fetch, timeout, maxBytes, noColor, completion, complete, help, version
    case check, jobs, offline, noCache, cacheSize, lineMode
    case width, fullPage, variant, noMouse
    case manPage, query
    case at, near, datum, address, sort
    case history, changes
  }

  var key: Key
  var long: String
  var short: Character?
  /// The value's name in help (`<name>`); nil for flags.
  var value: String?
  var help: String
  var hidden = false

  var display: String {
    let name = value.map { "--\(long) <\($0)>" } ?? "--\(long)"
    return short.map { "-\($0), \(name)" } ?? "    \(name)"
  }

  static let all: [OptionSpec] = [
    .init(
      key: .province, long: "province", short: "p", value: "name",
      help: "A province: name, short name, pinyin, initials"),
    .init(
      key: .city, long: "city", short: "c", value: "name",
      help:
        "A city, or a county where no city is so named; prints its URL (every province without -p)"
    ),
    .init(
      key: .county, long: "county", short: "x", value: "name",
      help: "A county-level division (x: 县 xian), within -c or -p when given; prints its URL"),
    .init(
      key: .counties, long: "counties", short: nil, value: nil,
      help: "List the counties of -c's city, of -p's cities, or of every city"),
    .init(
      key: .township, long: "township", short: "t", value: "name",
      help: "A township (镇, 乡, 街道): name, pinyin or code, within -x, -c or -p when given"),
    .init(
      key: .townships, long: "townships", short: nil, value: nil,
      help:
        "List the townships of -x's county, of -c's city, of -p's province, or every one;"
        + " with --pick: pick a township"),
    .init(
      key: .search, long: "search", short: "s", value: "query",
      help: "List the provinces, cities and counties matching a query or a code, best first"),
    .init(
      key: .all, long: "all", short: "a", value: nil, help: "List every city of every province"),
    .init(
      key: .format, long: "format", short: "f", value: "format",
      help: "text, tsv, json, url or geojson (default: text on a terminal, else tsv)"),
    .init(
      key: .sort, long: "sort", short: nil, value: "field",
      help:
        "Order a list by "
        + ListOrder.Sort.allCases.map(\.rawValue).joined(separator: ", ")
        + " (the 2020 census, km²: largest first; name: by pinyin)"),
    .init(
      key: .at, long: "at", short: nil, value: "lat,lng",
      help:
        "The province, city and county a point is in (WGS-84 unless --datum;"
        + " '-': one point a line from stdin)"),
    .init(
      key: .address, long: "address", short: nil, value: "text",
      help:
        "The province, city, county and township an address names ('-': one address a line"
        + " from stdin)"),
    .init(
      key: .history, long: "history", short: nil, value: "query",
      help:
        "A division's names and codes over the years (by code or name, current or former),"
        + " what it came from and what it became ('-': one old code a line from stdin to"
        + " today's codes)"),
    .init(
      key: .changes, long: "changes", short: nil, value: "year",
      help:
        "List every change to the divisions from this year to today, or to a second year"
        + " given after it (--changes 2020 2026)"),
    .init(
      key: .near, long: "near", short: nil, value: "lat,lng",
      help: "List the county-level divisions by distance from a point, nearest first"),
    .init(
      key: .datum, long: "datum", short: nil, value: "datum",
      help:
        "The datum of --at's and --near's points: "
        + GeoDatum.allCases.map(\.rawValue).joined(separator: ", ")
        + " (default wgs84; gcj02: Amap, Tencent; bd09: Baidu)"),
    .init(
      key: .data, long: "data", short: "d", value: "file",
      help: "Read this data file ('-' for stdin) instead of the built-in data"),
    .init(
      key: .strict, long: "strict", short: nil, value: nil,
      help: "Treat any problem in the data file as fatal"),
    .init(
      key: .validate, long: "validate", short: nil, value: nil,
      help: "Check a data file (default: the active data) and list every problem"),
    .init(
      key: .interactive, long: "interactive", short: "i", value: nil,
      help: "Browse menus, reading commands from stdin even when it is not a terminal"),
    .init(
      key: .pick, long: "pick", short: nil, value: nil,
      help:
        "Browse on the terminal, then print the chosen city or county on stdout"
        + " (with --townships: or a township)"),
    .init(
      key: .query, long: "query", short: nil, value: "text",
      help: "With --pick: start with this searched for, as / does (with -p or -c: filtering there)"),
    .init(
      key: .lineMode, long: "line-mode", short: nil, value: nil,
      help: "Browse with numbered menus and a prompt instead of the full screen"),
    .init(
      key: .open, long: "open", short: "o", value: nil,
      help: "Open the city's page in the browser ($BROWSER, else xdg-open)"),
    .init(
      key: .fetch, long: "fetch", short: nil, value: nil,
      help: "Fetch the city's page and print it as text"),
    .init(
      key: .timeout, long: "timeout", short: nil, value: "seconds",
      help: "Give up on a page after this long (default \(seconds(Options.Defaults.timeout)))"),
    .init(
      key: .maxBytes, long: "max-bytes", short: nil, value: "bytes",
      help:
        "Read at most this much of a page (default \(size(Options.Defaults.maxBytes)); k and M suffixes)"
    ),
    .init(
      key: .width, long: "width", short: nil, value: "n",
      help: "Lay pages out n cells wide, on screen too (default: the terminal, $COLUMNS, 80)"),
    .init(
      key: .fullPage, long: "full-page", short: nil, value: nil,
      help: "Show the whole page, not just its article (the reader view)"),
    .init(
      key: .variant, long: "variant", short: nil, value: "variant",
      help:
        "Ask zh.wikipedia for this script: "
        + PageVariant.allCases.map(\.rawValue).joined(separator: ", ")
        + " (zh: as stored; default: from the locale, else zh-cn)"),
    .init(
      key: .check, long: "check", short: nil, value: nil,
      help:
        "Check every city and county URL (a province's with -p, one branch with -c or -x;"
        + " townships too with --townships) and report the broken ones"),
    .init(
      key: .jobs, long: "jobs", short: "j", value: "n",
      help:
        "With --check: URLs checked at once (default \(Options.Defaults.jobs), at most 4 per host)"),
    .init(
      key: .offline, long: "offline", short: nil, value: nil,
      help: "Show pages from the cache only; never touch the network"),
    .init(
      key: .noCache, long: "no-cache", short: nil, value: nil,
      help: "Neither read nor write the page cache"),
    .init(
      key: .cacheSize, long: "cache-size", short: nil, value: "bytes",
      help: "Bound the page cache (default \(size(Options.Defaults.cacheSize)); k and M suffixes)"),
    .init(
      key: .noColor, long: "no-color", short: nil, value: nil,
      help: "No colour or bold (also: NO_COLOR set, TERM=dumb)"),
    .init(
      key: .noMouse, long: "no-mouse", short: nil, value: nil,
      help: "Leave the mouse to the terminal (selecting text) in full screen"),
    .init(
      key: .completion, long: "completion", short: nil, value: "shell",
      help: "Print a completion script for bash, zsh or fish"),
    .init(key: .complete, long: "complete", short: nil, value: "what", help: "", hidden: true),
    .init(key: .help, long: "help", short: "h", value: nil, help: "Show this help"),
    .init(key: .version, long: "version", short: nil, value: nil, help: "Show the version"),
    .init(key: .manPage, long: "man-page", short: nil, value: nil, help: "", hidden: true),
  ]

  /// `5M`, `512k`: a default as the options' own suffixes spell it.
  static func size(_ bytes: Int) -> String {
    if bytes % 1_000_000 == 0 { return "\(bytes / 1_000_000)M" }
    if bytes % 1000 == 0 { return "\(bytes / 1000)k" }
    return "\(bytes)"
  }

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
