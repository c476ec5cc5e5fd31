import CatalogModel
import FetchModel
import TextSupport

/// The one-shot jobs as pure functions: options and the catalog in, a plan out.
public struct JobPlanner: Sendable {
  public let catalog: Catalog
  public let matcher: Matcher
  public let options: Options
  /// Whether stdin and stdout are terminals (they pick the session and the default format).
  public let inputIsTerminal: Bool
  public let outputIsTerminal: Bool
  /// The codes and names no longer in use, for queries that find nothing current.
  public let history: DivisionHistory
  /// The characters an address may write for the names' own (Traditional forms).
  public let variants: CharacterVariants

  public init(
    catalog: Catalog, matcher: Matcher, options: Options, inputIsTerminal: Bool,
    outputIsTerminal: Bool, history: DivisionHistory = .none, variants: CharacterVariants = .none
  ) {
    self.history = history
    self.variants = variants
    self.catalog = catalog
    self.matcher = matcher
    self.options = options
    self.inputIsTerminal = inputIsTerminal
    self.outputIsTerminal = outputIsTerminal
  }

  private var provinces: ProvinceResolver { ProvinceResolver(catalog: catalog, matcher: matcher) }
  private var listFormat: OutputFormat { options.format ?? (outputIsTerminal ? .text : .tsv) }

  /// The session the options ask for: `-i` (or `--line-mode`) asks for lines.
  private func session(_ mode: Navigator.Mode, lines: Bool = false) -> SessionPlan {
    SessionPlan(mode, linesAsked: lines || options.lineMode, pageWidth: options.width)
  }

  public func plan(_ job: Options.CatalogJob) -> Plan {
    switch job {
    case .automatic:
      // No selection on a terminal is the seed app's menus; on a pipe, the province list.
      if inputIsTerminal && outputIsTerminal { return .session(session(.browse)) }
      return .report(provinceList())
    case .interactive:
      return .session(session(.browse, lines: true))
    case .pick:
      switch pickStart() {
      case .success(let start):
        var plan = session(.pick)
        plan.start = start
        return .session(plan)
      case .failure(let report):
        return .report(report)
      }
    case .lookup(let query, let action):
      return lookup(query, action)
    case .listProvince(let name):
      return .report(
        resolved(name) { province in
          let refs = catalog.provinces[province].cities.indices.map {
            CityRef(province: province, city: $0)
          }
          return Report(output: list(refs, layout: .cities))
        })
    case .all:
      return .report(
        Report(output: list(catalog.allCities, layout: .cities)))
    case .listCounties(let scope):
      return .report(counties(scope))
    case .listTownships(let scope):
      switch townshipParents(scope) {
      case .success(let parents):
        let refs = catalog.townshipRefs(of: parents)
        if refs.isEmpty {
          let output =
            listFormat == .json ? ListFormatter.cities([], in: catalog, format: .json) : []
          return .report(
            Report(output: output, messages: ["browse: no townships there\n"], exitCode: .failure))
        }
        return .report(Report(output: list(refs, layout: .townships)))
      case .failure(let report): return .report(report)
      }
    case .search(let query, let province):
      return .report(search(query, province: province))
    case .check(let province, let branch, let townships):
      if let branch {
        switch place(branch, .fetch) {
        case .success(let ref):
          return .check(targets(ref, townships: townships), format: listFormat)
        case .failure(let report): return .report(report)
        }
      }
      guard let province else {
        return .check(
          catalog.provinces.indices.flatMap { provinceTargets($0, townships: townships) },
          format: listFormat)
      }
      switch provinces.resolve(province) {
      case .success(let index):
        return .check(provinceTargets(index, townships: townships), format: listFormat)
      case .failure(let report): return .report(report)
      }
    case .complete(let target):
      return .report(complete(target))
    case .locate(.point(_, let typed)):
      switch PointReport.make(catalog: catalog, format: listFormat, datum: options.datum) {
      case .success(var report): return .report(report.report(typed))
      case .failure(let report): return .report(report)
      }
    case .locate(.standardInput):
      return .locate(format: listFormat)
    case .near(let point):
      return .report(
        NearReport.report(options.datum.toWGS84(point), catalog: catalog, format: listFormat))
    case .address(let input):
      if listFormat == .geojson {
        return .report(
          Report(
            messages: ["browse: '--address' writes text, tsv, json or url, not geojson\n"],
            exitCode: .usage))
      }
      guard case .text(let text) = input else { return .addresses(format: listFormat) }
      var report = addressReport(format: listFormat)
      let (line, outcome) = report.line(for: text)
      var summary = AddressReport.summary(
        lines: 1, unresolved: outcome == .found ? 0 : 1, format: listFormat)
      summary.output = line.isEmpty ? [] : [line]
      return .report(summary)
    case .history, .changes:
      return history(job)
    }
  }

  /// `--history` and `--changes`: text, TSV or JSON, never URLs or outlines.
  private func history(_ job: Options.CatalogJob) -> Plan {
    if listFormat == .url || listFormat == .geojson {
      let option = if case .changes = job { "--changes" } else { "--history" }
      return .report(
        .failure("'\(option)' writes text, tsv or json, not \(listFormat.rawValue)", .usage))
    }
    // A data file's codes are its own: the built-in history says nothing of them.
    guard !history.isEmpty else {
      return .report(
        .failure(
          "a data file (--data) has no history; --history and --changes read the built-in data's"))
    }
    switch job {
    case .history(.standardInput): return .oldCodes(format: listFormat)
    case .history(.query(let query)):
      return .report(historyReport(format: listFormat).timelines(query))
    case .changes(let from, let to):
      return .report(historyReport(format: listFormat).changes(from: from, to: to))
    default: return .report(Report())
    }
  }

  /// The report `--history` and `--changes` answer with, on this planner's data.
  public func historyReport(format: OutputFormat) -> HistoryReport {
    HistoryReport(
      catalog: catalog, matcher: matcher, history: history, variants: variants, format: format)
  }

  /// The report `--address` writes its lines with, resolving on this planner's data.
  public func addressReport(format: OutputFormat) -> AddressReport {
    AddressReport(
      resolver: AddressResolver(catalog: catalog, history: history, variants: variants),
      format: format)
  }

  private func provinceList() -> Report {
    if options.format == .url {
      return .failure("'--format url' lists cities: add --all, --province or --search", .usage)
    }
    let order = options.sort.map { sort in
      ListOrder.sorted(Array(catalog.provinces.indices), by: sort) {
        ListOrder.Key(PlaceRecord(province: $0, in: catalog))
      }
    }
    return Report(output: ListFormatter.provinces(catalog, format: listFormat, order: order))
  }

  /// A list command's rows in its fixed columns, in `--sort`'s order where one is asked for.
  private func list(_ refs: [CityRef], layout: PlaceRecord.Layout) -> [String] {
    let ordered = options.sort.map { sort in
      ListOrder.sorted(refs, by: sort) { ListOrder.Key(PlaceRecord($0, in: catalog)) }
    }
    return ListFormatter.cities(ordered ?? refs, in: catalog, format: listFormat, layout: layout)
  }

  /// `--search`'s hits in `--sort`'s order (provinces and places together), else as ranked.
  private func sorted(_ hits: [SearchHit]) -> [SearchHit] {
    guard let sort = options.sort else { return hits }
    return ListOrder.sorted(hits, by: sort) { hit in
      switch hit {
      case .province(let index): ListOrder.Key(PlaceRecord(province: index, in: catalog))
      case .place(let ref): ListOrder.Key(PlaceRecord(ref, in: catalog))
      }
    }
  }

  /// `body` for the province `name` resolves to, or the report of why it does not.
  private func resolved(_ name: String, _ body: (Int) -> Report) -> Report {
    switch provinces.resolve(name) {
    case .success(let index): return body(index)
    case .failure(let report): return report
    }
  }

  private func search(_ query: String, province: String?) -> Report {
    var hits = matcher.searchEveryLevel(query)
    // Townships come after the upper levels: exact names first, then names that start so.
    let townships = TownshipSearch.find(
      query, in: catalog, under: catalog.townshipParents(of: catalog.allCities))
    hits += (townships.exact + townships.prefix).map(SearchHit.place)
    // Codes and names no longer in use come after every current one.
    var former = history.entries(matching: query)
    if hits.isEmpty && former.isEmpty {
      // A pasted address (or any text naming a place among other words) finds the
      // division it names, as `--address` reads it.
      let found = AddressResolver(catalog: catalog, history: history, variants: variants)
        .resolve(query)
      let places = found.isAmbiguous ? found.candidates : found.place.map { [$0] } ?? []
      hits = places.map { $0.ref.map(SearchHit.place) ?? .province($0.province) }
    }
    if let province {
      // Within one province, its own row would say nothing: only its cities and counties.
      switch provinces.resolve(province) {
      case .success(let index):
        hits = hits.filter { if case .place(let ref) = $0 { ref.province == index } else { false } }
        former = former.filter { $0.place.hasPrefix(catalog.provinces[index].name) }
      case .failure(let report): return report
      }
    }
    if !former.isEmpty && (listFormat != .url || hits.isEmpty) {
      let rows = former.map(formerRow)
      if hits.isEmpty { return formerReport(rows, action: .print, explicitFormat: listFormat) }
      let current = ListFormatter.hits(sorted(hits), in: catalog, format: listFormat)
      if listFormat == .json {
        return Report(
          output: FormerFormatter.appending(rows.map(FormerFormatter.object), toJSONArray: current))
      }
      // One FeatureCollection: the former divisions, outlines none, stay out of it.
      if listFormat == .geojson { return Report(output: current) }
      if listFormat == .tsv {
        // In the current rows' columns, so that a column means one thing all down the list.
        return Report(output: current + ListFormatter.formerRows(rows))
      }
      return Report(output: current + FormerFormatter.lines(rows, format: listFormat))
    }
    if hits.isEmpty {
      // An empty JSON array keeps `jq` pipelines whole; the exit code still says "no match".
      let output = listFormat == .json ? ListFormatter.cities([], in: catalog, format: .json) : []
      return Report(
        output: output,
        messages: [
          "browse: no province, city, county or township matches '\(EchoedValue.shown(query))'\n"
        ],
        exitCode: .failure)
    }
    if listFormat == .url, !hits.contains(where: { if case .place = $0 { true } else { false } }) {
      // Only provinces matched, and the data gives a province no page: say where its URLs are.
      return Report(
        messages: [
          "browse: only provinces match '\(TerminalText.sanitize(query))', and they have no URL;"
            + " list a province's cities with --province NAME --format url\n"
        ], exitCode: .failure)
    }
    return Report(
      output: ListFormatter.hits(sorted(hits), in: catalog, format: listFormat))
  }

  /// `--counties`: every county, a province's, or one city's.
  private func counties(_ query: Options.CityQuery?) -> Report {
    var cities: [CityRef]?
    var place = ""
    if let query {
      let scope: Scope
      switch resolve(query, cityLevel: .city, action: nil) {
      case .success(let found): scope = found
      case .failure(let report): return report
      }
      if let city = scope.division {
        cities = [city]
        place = catalog[city].name
      } else if let province = scope.province {
        cities = catalog.provinces[province].cities.indices.map {
          CityRef(province: province, city: $0)
        }
        place = catalog.provinces[province].name
      }
    }
    let refs = catalog.counties(of: cities)
    if refs.isEmpty {
      let whose = place.isEmpty ? "the data has" : "\(TerminalText.sanitize(place)) has"
      let output = listFormat == .json ? ListFormatter.cities([], in: catalog, format: .json) : []
      return Report(
        output: output, messages: ["browse: \(whose) no counties\n"], exitCode: .failure)
    }
    return Report(output: list(refs, layout: .counties))
  }

  /// Every candidate, with where it is, on stderr: `鼓楼区  福州市  福建省  gu lou qu`.
  private func ambiguity(_ query: String, _ refs: [CityRef]) -> Report {
    let noun =
      refs.allSatisfy(\.isTownship)
      ? "townships" : refs.allSatisfy(\.isCounty) ? "counties" : "cities"
    let rows = refs.map { ref in
      var row = ListFormatter.placeRow(ref, in: catalog)
      row[0] = "  " + row[0]
      return row + [matcher.pinyin(of: ref)]
    }
    return Report(
      messages: [
        "browse: '\(TerminalText.sanitize(query))' matches \(refs.count) \(noun); say which:\n"
      ]
        + ListFormatter.alignedRows(rows), exitCode: .failure)
  }

  private func notFound(
    _ noun: String, _ query: String, province: Int?, city: CityRef? = nil, _ suggestions: [String]
  ) -> Report {
    let scope = city.map { catalog[$0].name } ?? province.map { catalog.provinces[$0].name }
    let place = scope.map { " in \(TerminalText.sanitize($0))" } ?? ""
    return .failure(
      "no \(noun) matches '\(EchoedValue.shown(query))'\(place)"
        + ProvinceResolver.hint(suggestions))
  }

  /// The parents whose townships `query` covers: its county (`-x`), its city or county
  /// (`-c`), its province's, or every one.
  private func townshipParents(_ query: Options.CityQuery) -> Result<[CityRef], Report> {
    switch resolve(query, cityLevel: .cityOrCounty, action: nil) {
    case .failure(let report): return .failure(report)
    case .success(let scope):
      if let division = scope.division { return .success(catalog.townshipParents(of: [division])) }
      let cities =
        scope.province.map { p in
          catalog.provinces[p].cities.indices.map { CityRef(province: p, city: $0) }
        } ?? catalog.allCities
      return .success(catalog.townshipParents(of: cities))
    }
  }

  /// The one division a lookup names (`-p`, `-c`, `-x`, `-t`), or the report that says why
  /// there is none: ambiguous, not found, or a former division (worded for `action`).
  private func place(_ query: Options.CityQuery, _ action: Options.CityAction)
    -> Result<CityRef, Report>
  {
    if let township = query.township {
      switch townshipParents(query) {
      case .failure(let report): return .failure(report)
      case .success(let parents):
        switch TownshipSearch.lookup(township, in: catalog, under: parents) {
        case .unique(let found): return .success(found)
        case .ambiguous(let refs): return .failure(ambiguity(township, refs))
        case .notFound:
          return .failure(.failure("no township matches '\(EchoedValue.shown(township))'"))
        }
      }
    }
    switch resolve(query, cityLevel: .cityOrCounty, action: action) {
    case .failure(let report): return .failure(report)
    case .success(let scope):
      guard let division = scope.division else {
        return .failure(notFound("city or county", query.city, province: scope.province, []))
      }
      return .success(division)
    }
  }

  private func lookup(_ query: Options.CityQuery, _ action: Options.CityAction) -> Plan {
    let ref: CityRef
    switch place(query, action) {
    case .success(let found): ref = found
    case .failure(let report): return .report(report)
    }
    switch action {
    case .print:
      return .report(
        Report(output: ListFormatter.cities([ref], in: catalog, format: options.format ?? .url)))
    case .open:
      return .open(url: catalog[ref].url)
    case .fetch:
      return .fetch(url: catalog[ref].url, parents: DivisionParents.of(ref, in: catalog))
    }
  }

  /// A lookup that found nothing current but names a former division: the record where a
  /// format was asked for, else a message that says what took its place; nil when the
  /// history knows the query no better.
  private func former(_ query: String, _ action: Options.CityAction) -> Report? {
    let entries = history.entries(matching: query)
    guard !entries.isEmpty else { return nil }
    return formerReport(entries.map(formerRow), action: action, explicitFormat: options.format)
  }

  private func formerReport(
    _ rows: [FormerFormatter.Row], action: Options.CityAction, explicitFormat: OutputFormat?
  ) -> Report {
    if case .print = action, let format = explicitFormat, format != .url {
      let lines = FormerFormatter.lines(rows, format: format)
      return Report(
        output: format == .json ? FormerFormatter.appending(lines, toJSONArray: []) : lines)
    }
    // A URL, a page or a browser was asked for: a former division has none of its own.
    return Report(
      messages: rows.map { "browse: \(FormerFormatter.sentence($0)); no longer a division\n" },
      exitCode: .failure)
  }

  /// An entry of the history with the current names of the codes that replaced it.
  private func formerRow(_ entry: FormerDivision) -> FormerFormatter.Row {
    FormerFormatter.Row(
      entry: entry,
      replacements: entry.replacedBy.map { code in
        (code, currentName(code) ?? history.entries(matching: code).first?.name)
      })
  }

  /// The name of the current division with `code`, at the second or third level.
  private func currentName(_ code: String) -> String? {
    catalog.division(code: code).map { catalog[$0].name }
  }

  /// Where `--pick` starts: the names of `-p` and `-c` resolved as a lookup resolves them.
  private func pickStart() -> Result<SessionStart, Report> {
    let asked = options.pickStart
    var start = SessionStart(query: asked.query, pickTownships: asked.townships)
    if let name = asked.province {
      switch provinces.resolve(name) {
      case .success(let index): start.province = index
      case .failure(let report): return .failure(report)
      }
    }
    if let name = asked.city {
      switch division(named: name, inProvince: start.province, level: .cityOrCounty, action: nil) {
      case .success(let found): start.division = found
      case .failure(let report): return .failure(report)
      }
      start.province = start.division?.province
    }
    return .success(start)
  }

  /// Where a query's `-p`, `-c` and `-x` point: the province, and the deepest division named.
  private struct Scope {
    var province: Int?
    var division: CityRef?
  }

  /// What `-c` may name: a city only (`--counties`, completion), or a county too (lookups,
  /// `--townships`, `--check -c`, `--pick`).
  private enum CityLevel {
    case city
    case cityOrCounty
  }

  /// `-p`, `-c` and `-x` resolved as every command resolves them: a six-digit code names its
  /// division, else a name is matched in the scope of the options before it (`-x` within
  /// `-c`'s city). `action` is the lookup's, for the messages about former divisions; nil
  /// for listings, which have none.
  private func resolve(
    _ query: Options.CityQuery, cityLevel: CityLevel, action: Options.CityAction?
  ) -> Result<Scope, Report> {
    var scope = Scope()
    if let name = query.province {
      switch provinces.resolve(name) {
      case .success(let index): scope.province = index
      case .failure(let report): return .failure(report)
      }
    }
    // A county's code names it wherever `-c` points, even where `-c` alone is ambiguous.
    if let county = query.county, let found = division(code: county, inProvince: scope.province) {
      scope.division = found
      return .success(scope)
    }
    if !query.city.isEmpty {
      // The former-division messages are for the option that names the division asked for.
      let cityAction = query.county == nil ? action : nil
      // With `-x`, `-c` is the city the county is in: `-c 黔西 -x 兴义` is 黔西南州's 兴义,
      // not a county of the county 黔西市; a `-c` that names no city may still name a county.
      let asCity =
        query.county != nil && cityLevel == .cityOrCounty
        ? division(named: query.city, inProvince: scope.province, level: .city, action: nil)
        : nil
      if case .success(let found)? = asCity {
        scope.division = found
      } else {
        switch division(
          named: query.city, inProvince: scope.province, level: cityLevel, action: cityAction)
        {
        case .success(let found): scope.division = found
        case .failure(let report): return .failure(report)
        }
      }
    }
    guard let county = query.county else { return .success(scope) }
    let within = scope.division?.cityOnly
    switch matcher.county(county, inProvince: scope.province, inCity: within) {
    case .unique(let found): scope.division = found
    case .ambiguous(let refs): return .failure(ambiguity(county, refs))
    case .notFound(let suggestions):
      if let action, let report = former(county, action) { return .failure(report) }
      return .failure(
        notFound("county", county, province: scope.province, city: within, suggestions))
    }
    return .success(scope)
  }

  /// The division `text` names at `level`: its code, or its name (unique in `province`).
  private func division(
    named text: String, inProvince province: Int?, level: CityLevel,
    action: Options.CityAction?
  ) -> Result<CityRef, Report> {
    if let found = division(code: text, inProvince: province),
      level == .cityOrCounty || !found.isCounty
    {
      return .success(found)
    }
    let result =
      level == .city
      ? matcher.city(text, inProvince: province) : matcher.place(text, inProvince: province)
    switch result {
    case .unique(let found): return .success(found)
    case .ambiguous(let refs): return .failure(ambiguity(text, refs))
    case .notFound(let suggestions):
      if let action {
        if province == nil, let named = matcher.provinceGivenAsCity(text) {
          return .failure(.failure(provinceNamedAsCity(named, query: text)))
        }
        if let report = former(text, action) { return .failure(report) }
      }
      let noun = level == .city ? "city" : "city or county"
      return .failure(notFound(noun, text, province: province, suggestions))
    }
  }

  /// The city or county whose six-digit division code is `code` (in `province`, if given).
  private func division(code: String, inProvince province: Int?) -> CityRef? {
    guard code.utf8.count == 6, code.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      return nil
    }
    let found = catalog.divisions(code: code).filter { province == nil || $0.province == province }
    return found.count == 1 ? found.first : nil
  }

  /// `-c 上海`: the user named a province where a city was asked for; say how to list it.
  private func provinceNamedAsCity(_ index: Int, query: String) -> String {
    let name = TerminalText.sanitize(catalog.provinces[index].name)
    let typed = TerminalText.sanitize(query)
    let (kind, parts) =
      name.hasSuffix("市") ? ("a province-level city", "districts") : ("a province", "cities")
    return "\(name) is \(kind), not a city in one; list its \(parts) with -p \(typed)"
  }

  /// Every city of a province, each followed by what is under it, as the link checker takes
  /// them: a county's (and a township's) URL is the data's as much as a city's.
  private func provinceTargets(_ index: Int, townships: Bool) -> [LinkCheck.Target] {
    catalog.provinces[index].cities.indices.flatMap {
      targets(CityRef(province: index, city: $0), townships: townships)
    }
  }

  /// A division, then the divisions under it in catalog order, each followed by its own:
  /// counties always, townships when asked for.
  private func targets(_ ref: CityRef, townships: Bool) -> [LinkCheck.Target] {
    var found = [target(ref)]
    if ref.county == nil && ref.township == nil {
      for k in catalog[ref].counties.indices {
        found += targets(
          CityRef(province: ref.province, city: ref.city, county: k), townships: townships)
      }
    }
    // A city with counties has its townships under them, found above.
    if townships && ref.township == nil && (ref.county != nil || catalog[ref].counties.isEmpty) {
      found += catalog.townshipRefs(of: [ref]).map(target)
    }
    return found
  }

  /// The link checker's target for one division: its names at each level, and its URL.
  private func target(_ ref: CityRef) -> LinkCheck.Target {
    let city = catalog[ref.cityOnly]
    let county = ref.county.map {
      catalog[CityRef(province: ref.province, city: ref.city, county: $0)]
    }
    return LinkCheck.Target(
      province: catalog.provinces[ref.province].name, city: city.name, county: county?.name,
      township: ref.township == nil ? nil : catalog[ref].name, url: catalog[ref].url)
  }

  /// Names for a completion script, one a line; a tab or newline in a name cannot split it.
  private func complete(_ target: Options.CompletionTarget) -> Report {
    var names: [String]
    switch target {
    case .provinces:
      names = catalog.provinces.map(\.name)
    case .cities(let province?):
      // A province the completion cannot resolve completes nothing, quietly.
      guard case .success(let index) = provinces.resolve(province) else {
        return Report(exitCode: .failure)
      }
      names = catalog.provinces[index].cities.map(\.name)
    case .cities(nil):
      names = catalog.provinces.flatMap { $0.cities.map(\.name) }
    case .counties(let province, let city):
      var scope: Int?
      if let province {
        guard case .success(let index) = provinces.resolve(province) else {
          return Report(exitCode: .failure)
        }
        scope = index
      }
      var cities: [CityRef]?
      if let city {
        guard
          case .success(let ref) = division(
            named: city, inProvince: scope, level: .city, action: nil)
        else {
          return Report(exitCode: .failure)
        }
        cities = [ref]
      } else if let scope {
        cities = catalog.provinces[scope].cities.indices.map { CityRef(province: scope, city: $0) }
      }
      names = catalog.counties(of: cities).map { catalog[$0].name }
    }
    var seen = Set<String>()
    names = names.map(TerminalText.sanitize).filter { seen.insert($0).inserted }
    return Report(output: names.map { $0 + "\n" })
  }
}
