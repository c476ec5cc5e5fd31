import FetchModel
import GeoModel
import TextSupport

/// Parses `browse`'s arguments in swift-argument-parser's conventions: `--name value`,
/// `--name=value`, short aliases, bundled short flags, and `--` ending the options.
public enum OptionParser {
  public static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var seen: [(OptionSpec.Key, String)] = []
    var values: [OptionSpec.Key: String] = [:]
    var positionals: [String] = []
    var index = 0

    func value(for spec: OptionSpec, spelled: String, inline: String?) throws(UsageError) -> String
    {
      let text: String
      if let inline {
        text = inline
      } else {
        index += 1
        guard index < arguments.count, !isOption(arguments[index]) else {
          throw UsageError("missing value for '\(spelled) <\(spec.value ?? "value")>'")
        }
        text = arguments[index]
      }
      // One value per option: a second one was silently kept over the first.
      if let earlier = values[spec.key] {
        throw UsageError(
          "'\(spelled)' was given twice ('\(EchoedValue.shown(earlier))', then"
            + " '\(EchoedValue.shown(text))'); give it once")
      }
      return text
    }

    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" {
        positionals.append(contentsOf: arguments[(index + 1)...])
        break
      }
      if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        let name = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
        let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        guard let spec = OptionSpec.all.first(where: { $0.long == name }) else {
          throw unknownOption("--\(name)")
        }
        if spec.value == nil {
          if inline != nil { throw UsageError("'--\(name)' takes no value") }
          seen.append((spec.key, "--\(name)"))
        } else {
          values[spec.key] = try value(for: spec, spelled: "--\(name)", inline: inline)
          seen.append((spec.key, "--\(name)"))
        }
      } else if argument.hasPrefix("-") && argument.count > 1 && !isNumber(argument) {
        let letters = Array(argument.dropFirst())
        for (offset, letter) in letters.enumerated() {
          guard let spec = OptionSpec.all.first(where: { $0.short == letter }) else {
            throw unknownOption("-\(letter)")
          }
          if spec.value != nil {
            guard offset == letters.count - 1 else {
              throw UsageError("'-\(letter)' takes a value and must come last in '\(argument)'")
            }
            values[spec.key] = try value(for: spec, spelled: "-\(letter)", inline: nil)
          }
          seen.append((spec.key, "-\(letter)"))
        }
      } else {
        positionals.append(argument)
      }
      index += 1
    }
    return try build(seen: seen, values: values, positionals: positionals)
  }

  /// The one-line reminder printed after every usage error.
  public static let usageLine =
    "Usage: browse [--province <name>] [--city <name>] [--county <name>] [--township <name>]"
    + " [--counties | --townships] [--search <query>] [--all] [--at <lat,lng>] [--near <lat,lng>]"
    + " [--datum <datum>] [--history <query>] [--changes <year> [<year>]]"
    + " [--format text|tsv|json|url|geojson] [--data <file>] [--interactive | --pick]"
    + "\n  See 'browse --help'."

  private static func isOption(_ argument: String) -> Bool {
    argument.hasPrefix("-") && argument.count > 1 && !isNumber(argument)
  }

  /// A number, or a negative one with a unit (`-5k`): a value to refuse as such rather
  /// than an option, so that `--max-bytes -5k` says it needs a positive size.
  private static func isNumber(_ argument: String) -> Bool {
    Double(argument) != nil
      || (argument.hasPrefix("-") && argument.dropFirst().first?.isASCII == true
        && argument.dropFirst().first?.isNumber == true)
  }

  private static func unknownOption(_ spelled: String) -> UsageError {
    // No option is longer than 16 characters: a longer word is no misspelling of one,
    // and comparing a huge one letter by letter would only cost time.
    guard spelled.count <= 64 else {
      return UsageError("unknown option '\(spelled.prefix(64))…'")
    }
    let candidates = OptionSpec.all.filter { !$0.hidden }.map { "--\($0.long)" }
    let typed = spelled.hasPrefix("--") ? spelled : "--" + spelled.dropFirst()
    let best = candidates.map { ($0, EditDistance.between($0, typed)) }.min { $0.1 < $1.1 }
    if let best, spelled.hasPrefix("--"), best.1 <= max(2, typed.count / 4) {
      return UsageError("unknown option '\(spelled)' (did you mean '\(best.0)'?)")
    }
    return UsageError("unknown option '\(spelled)'")
  }

  private static func build(
    seen: [(OptionSpec.Key, String)], values: [OptionSpec.Key: String], positionals: [String]
  ) throws(UsageError) -> Options {
    var options = Options()
    let keys = Set(seen.map(\.0))
    func spelled(_ key: OptionSpec.Key) -> String {
      seen.last { $0.0 == key }?.1 ?? "?"
    }
    func forbid(_ key: OptionSpec.Key, with others: [OptionSpec.Key]) throws(UsageError) {
      guard keys.contains(key) else { return }
      for other in others where keys.contains(other) {
        throw UsageError("'\(spelled(key))' cannot be used with '\(spelled(other))'")
      }
    }

    if keys.contains(.help) {
      options.mode = .help
      return options
    }
    /// One reading of `--format` for every mode, `--version` among them.
    func format(_ text: String) throws(UsageError) -> OutputFormat {
      guard let parsed = OutputFormat(rawValue: text.lowercased()) else {
        throw UsageError(
          "the value '\(EchoedValue.shown(text))' is invalid for '\(spelled(.format)) <format>';"
            + " expected one of: "
            + OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))
      }
      return parsed
    }
    if keys.contains(.version) {
      options.mode = .version
      // `--version --format json` is the data's date and source for a script.
      if let text = values[.format] { options.format = try format(text) }
      return options
    }
    if keys.contains(.manPage) {
      options.mode = .manPage
      return options
    }

    options.dataPath = values[.data]
    options.strict = keys.contains(.strict)
    options.noColor = keys.contains(.noColor)
    options.noMouse = keys.contains(.noMouse)
    options.lineMode = keys.contains(.lineMode)
    if let text = values[.format] { options.format = try format(text) }
    if let text = values[.timeout] {
      // Decimal only: Double("0x10") is 16 (a hexadecimal float), which no one means.
      guard text.allSatisfy({ $0.isASCII && ($0.isNumber || ".eE+-".contains($0)) }),
        let seconds = Double(text), seconds > 0, seconds.isFinite
      else {
        throw UsageError(
          "'--timeout' needs a positive number of seconds, not '\(EchoedValue.shown(text))'")
      }
      // Past a day no fetch is worth waiting for, and 1e16 seconds overflowed the
      // conversions to milliseconds and dispatch time that honour it.
      guard seconds <= Self.longestTimeout else {
        throw UsageError(
          "'--timeout' can be at most \(Int(Self.longestTimeout)) seconds (a day), not '\(EchoedValue.shown(text))'"
        )
      }
      options.timeout = seconds
    }
    if let text = values[.maxBytes] {
      guard let bytes = parseByteCount(text) else {
        throw UsageError(
          "'--max-bytes' needs a positive size such as 500000, 512k or 5M, not '\(EchoedValue.shown(text))'"
        )
      }
      // The page is held in memory whole, so the bound is one that memory can honour.
      guard bytes <= Self.largestPage else {
        throw UsageError("'--max-bytes' can be at most 1000M, not '\(EchoedValue.shown(text))'")
      }
      options.maxBytes = bytes
    }
    if let text = values[.cacheSize] {
      guard let bytes = parseByteCount(text) else {
        throw UsageError(
          "'--cache-size' needs a positive size such as 500000, 512k or 50M, not '\(EchoedValue.shown(text))'"
        )
      }
      options.cacheSize = bytes
    }
    if let text = values[.jobs] {
      guard let jobs = Int(text), (1...256).contains(jobs) else {
        throw UsageError(
          "'\(spelled(.jobs))' needs a whole number from 1 to 256, not '\(EchoedValue.shown(text))'"
        )
      }
      options.jobs = jobs
    }
    if let text = values[.width] {
      guard let width = Int(text), (10...1000).contains(width) else {
        throw UsageError(
          "'--width' needs a whole number from 10 to 1000, not '\(EchoedValue.shown(text))'")
      }
      options.width = width
    }
    if let text = values[.variant] {
      guard let variant = PageVariant(rawValue: text.lowercased()) else {
        throw UsageError(
          "the value '\(EchoedValue.shown(text))' is invalid for '--variant <variant>'; expected one of: "
            + PageVariant.allCases.map(\.rawValue).joined(separator: ", "))
      }
      options.variant = variant
    }
    if let text = values[.datum] {
      guard let datum = GeoDatum(rawValue: String(text.lowercased().filter { $0 != "-" }))
      else {
        throw UsageError(
          "the value '\(EchoedValue.shown(text))' is invalid for '--datum <datum>'; expected one of: "
            + GeoDatum.allCases.map(\.rawValue).joined(separator: ", "))
      }
      options.datum = datum
    }
    if let text = values[.sort] {
      guard let sort = ListOrder.Sort(rawValue: text.lowercased()) else {
        throw UsageError(
          "the value '\(EchoedValue.shown(text))' is invalid for '--sort <field>'; expected one of: "
            + ListOrder.Sort.allCases.map(\.rawValue).joined(separator: ", "))
      }
      options.sort = sort
    }
    options.fullPage = keys.contains(.fullPage)
    options.offline = keys.contains(.offline)
    options.noCache = keys.contains(.noCache)
    for key in [OptionSpec.Key.province, .city, .county, .township, .search, .address, .history] {
      if let text = values[key], text.unicodeScalars.allSatisfy(\.isSpaceOrTab) {
        throw UsageError("'\(spelled(key))' needs a non-empty value")
      }
    }

    let lookups: [OptionSpec.Key] = [
      .province, .city, .county, .counties, .township, .townships, .search, .all,
    ]
    try forbid(.completion, with: lookups + [.interactive, .pick, .validate, .format])
    try forbid(.validate, with: lookups + [.interactive, .pick, .open, .fetch, .format])
    try forbid(.interactive, with: [.pick] + lookups + [.open, .fetch, .format])
    // --pick may start at a province or a city (-p, -c) with a filter typed (--query), and
    // go down to the townships (--townships).
    try forbid(.pick, with: [.county, .counties, .township, .search, .all, .fetch, .open])
    if keys.contains(.query) && !keys.contains(.pick) {
      throw UsageError("'--query' goes with '--pick'")
    }
    if keys.contains(.pick) {
      options.pickStart = Options.PickStart(
        province: values[.province], city: values[.city], query: values[.query] ?? "",
        townships: keys.contains(.townships))
    }
    try forbid(
      .all,
      with: [.province, .city, .county, .counties, .township, .townships, .search, .open, .fetch])
    try forbid(.search, with: [.city, .county, .counties, .township, .townships, .open, .fetch])
    try forbid(.counties, with: [.county, .township, .townships, .open, .fetch])
    try forbid(.townships, with: [.township, .open, .fetch])
    try forbid(.open, with: [.fetch])
    try forbid(
      .check,
      with: [
        .counties, .township, .search, .all, .interactive, .pick, .open, .fetch, .validate,
        .offline,
      ])
    // A check's results are links and their answers, not places with shapes: GeoJSON would
    // need an outline per link, a format of its own, where json already says it all.
    if keys.contains(.check) && options.format == .geojson {
      throw UsageError("'--check' cannot print geojson: its results are links; use '--format json'")
    }
    try forbid(.offline, with: [.noCache])
    let places: [OptionSpec.Key] = [.at, .near, .address]
    try forbid(.at, with: [.near, .address])
    try forbid(.near, with: [.address])
    if keys.contains(.datum) && !keys.contains(.at) && !keys.contains(.near) {
      throw UsageError("'--datum' goes with '--at' or '--near'")
    }
    for key in places {
      try forbid(key, with: lookups + [.interactive, .pick, .open, .fetch, .check, .validate])
    }
    for key in [OptionSpec.Key.history, .changes] {
      try forbid(
        key,
        with: lookups + places + [.history, .changes].filter { $0 != key }
          + [.interactive, .pick, .open, .fetch, .check, .validate])
    }
    // A list's order: --near's is its distance, --at's and --address's their input's.
    try forbid(
      .sort,
      with: places + [
        .history, .changes, .interactive, .pick, .open, .fetch, .check, .validate, .completion,
      ])

    // `--validate FILE` and `--changes FROM TO` take one word after their value.
    let trailing = keys.contains(.validate) || keys.contains(.changes) ? 1 : 0
    if positionals.count > trailing {
      throw UsageError("unexpected argument '\(positionals[trailing])'")
    }
    if (keys.contains(.fetch) || keys.contains(.open)) && values[.city] == nil
      && values[.county] == nil && values[.township] == nil
    {
      let flag = keys.contains(.fetch) ? "--fetch" : "--open"
      throw UsageError("'\(flag)' needs a city: add '--city <name>'")
    }
    options.mode = try mode(keys: keys, values: values, positionals: positionals, options: options)
    return options
  }

  /// The one job the checked keys ask for, with the values it needs.
  private static func mode(
    keys: Set<OptionSpec.Key>, values: [OptionSpec.Key: String], positionals: [String],
    options: Options
  ) throws(UsageError) -> Options.Mode {
    let province = values[.province]
    if let shell = values[.completion] {
      guard let parsed = Shell(rawValue: shell) else {
        throw UsageError(
          "the value '\(shell)' is invalid for '--completion <shell>'; expected one of: bash, zsh, fish"
        )
      }
      return .completion(parsed)
    }
    if let what = values[.complete] {
      switch what {
      case "province": return .catalog(.complete(.provinces))
      case "city": return .catalog(.complete(.cities(province: province)))
      case "county":
        return .catalog(.complete(.counties(province: province, city: values[.city])))
      default: throw UsageError("'--complete' takes province, city or county")
      }
    }
    if keys.contains(.validate) {
      if positionals.first != nil && options.dataPath != nil {
        throw UsageError(
          "give the file to check either after '--validate' or with '--data', not both")
      }
      return .validate(file: positionals.first)
    }
    if keys.contains(.check) {
      // -c and -x narrow the check to one division and what is under it.
      let branch =
        values[.city] == nil && values[.county] == nil
        ? nil
        : Options.CityQuery(city: values[.city] ?? "", province: province, county: values[.county])
      return .catalog(
        .check(province: province, branch: branch, townships: keys.contains(.townships)))
    }
    if keys.contains(.interactive) { return .catalog(.interactive) }
    if keys.contains(.pick) { return .catalog(.pick) }
    if let text = values[.at] {
      if text == "-" { return .catalog(.locate(.standardInput)) }
      return .catalog(.locate(.point(try point(text, spelled: "--at"), typed: text)))
    }
    if let text = values[.near] { return .catalog(.near(try point(text, spelled: "--near"))) }
    if let text = values[.address] {
      return .catalog(.address(text == "-" ? .standardInput : .text(text)))
    }
    if let text = values[.history] {
      return .catalog(.history(text == "-" ? .standardInput : .query(text)))
    }
    if let text = values[.changes] {
      return .catalog(try changes(text, to: positionals.first))
    }
    if let query = values[.search] { return .catalog(.search(query, province: province)) }
    if keys.contains(.all) { return .catalog(.all) }
    if keys.contains(.counties) {
      let scope = values[.city].map { Options.CityQuery(city: $0, province: province) }
      return .catalog(
        .listCounties(scope ?? province.map { Options.CityQuery(city: "", province: $0) }))
    }
    if keys.contains(.townships) {
      return .catalog(
        .listTownships(
          Options.CityQuery(city: values[.city] ?? "", province: province, county: values[.county])
        ))
    }
    if values[.city] != nil || values[.county] != nil || values[.township] != nil {
      let action: Options.CityAction =
        keys.contains(.fetch) ? .fetch : keys.contains(.open) ? .open : .print
      let query = Options.CityQuery(
        city: values[.city] ?? "", province: province, county: values[.county],
        township: values[.township])
      return .catalog(.lookup(query, action))
    }
    if let province { return .catalog(.listProvince(province)) }
    return .catalog(.automatic)
  }

  /// `31.38,120.98`, or the usage error that says what a point is.
  private static func point(_ text: String, spelled: String) throws(UsageError) -> GeoPoint {
    guard let point = GeoPoint(parsing: text) else {
      throw UsageError(
        "'\(spelled)' needs a point as LAT,LNG in degrees (WGS-84), such as 31.38,120.98,"
          + " not '\(EchoedValue.shown(text))'")
    }
    return point
  }

  /// `--changes FROM [TO]` (or `FROM..TO`): the years, the first no later than the second.
  private static func changes(_ text: String, to second: String?) throws(UsageError)
    -> Options.CatalogJob
  {
    var first = text
    var last = second
    if second == nil, let range = text.range(of: "..") {
      first = String(text[..<range.lowerBound])
      last = String(text[range.upperBound...])
    }
    func year(_ text: String) throws(UsageError) -> Int {
      guard text.utf8.count == 4, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
        let year = Int(text), (1900...2100).contains(year)
      else {
        throw UsageError(
          "'--changes' needs a year such as 2020 (then, if you like, a second: 2020 2026),"
            + " not '\(EchoedValue.shown(text))'")
      }
      return year
    }
    let from = try year(first)
    var to: Int?
    if let last { to = try year(last) }
    if let to, to < from {
      throw UsageError("'--changes \(from) \(to)': the first year must not be after the second")
    }
    return .changes(from: from, to: to)
  }

  /// The longest `--timeout`, in seconds.
  static let longestTimeout: Double = 86_400
  /// The largest `--max-bytes`.
  static let largestPage = FetchLimits.largestMaxBytes

  /// `500000`, `512k`, `5M` (powers of 1000, as the default's "5 MB").
  static func parseByteCount(_ text: String) -> Int? {
    let lower = text.lowercased()
    var multiplier = 1
    var digits = Substring(lower)
    if lower.hasSuffix("k") || lower.hasSuffix("kb") {
      multiplier = 1000
      digits = lower.hasSuffix("kb") ? lower.dropLast(2) : lower.dropLast()
    } else if lower.hasSuffix("m") || lower.hasSuffix("mb") {
      multiplier = 1_000_000
      digits = lower.hasSuffix("mb") ? lower.dropLast(2) : lower.dropLast()
    }
    guard let count = Int(digits), count > 0 else { return nil }
    let (product, overflow) = count.multipliedReportingOverflow(by: multiplier)
    return overflow ? nil : product
  }

}
