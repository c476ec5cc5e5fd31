import CatalogModel
import TextSupport

/// `--history` and `--changes`: a division's timeline by code or name, every change in some
/// years, and old codes one a line to today's (`--history -`), for a spreadsheet's column.
public struct HistoryReport: Sendable {
  /// The columns of `--history -`'s TSV lines.
  public static let codeColumns = ["input", "codes", "names", "note"]

  public let history: CodeHistory
  let catalog: Catalog
  let matcher: Matcher
  let rows: DivisionHistory
  let variants: CharacterVariants
  public let format: OutputFormat

  public init(
    catalog: Catalog, matcher: Matcher, history: DivisionHistory, variants: CharacterVariants,
    format: OutputFormat
  ) {
    self.catalog = catalog
    self.matcher = matcher
    self.rows = history
    self.variants = variants
    self.format = format
    self.history =
      CatalogHistory.graph(history, catalog) ?? CodeHistory(history: history, catalog: catalog)
  }

  // MARK: --history CODE|NAME

  /// The timelines of every division `query` names, current or former (a code, a name as
  /// `-c` reads it, a former name as a lookup reads it, else the text as `--address` reads
  /// it); exit 1 where none.
  public func timelines(_ query: String) -> Report {
    var seen: Set<[DivisionSpan]> = []
    let lines = spans(for: query).map(history.timeline(of:)).filter {
      seen.insert($0.spans).inserted
    }
    guard !lines.isEmpty else {
      return Report(
        output: format == .json ? ["[]\n"] : [],
        messages: [
          "browse: no division, current or former, matches '\(EchoedValue.shown(query))'\n"
        ],
        exitCode: .failure)
    }
    return Report(output: HistoryFormatter.timelines(lines, in: history, format: format))
  }

  /// The spans `query` names: a code's, else current divisions so named, then former ones.
  func spans(for query: String) -> [Int] {
    let text = query.trimmingCharacters(in: " \t")
    if text.utf8.count == 6, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
      return history.spans(code: text)
    }
    var found: [Int] = []
    func add(_ index: Int?) {
      if let index, !found.contains(index) { found.append(index) }
    }
    func addCurrent(_ place: ResolvedAddress.Place) {
      let code = place.ref.flatMap { catalog[$0].code } ?? catalog.provinceCode(place.province)
      let name = place.ref.map { catalog[$0].name } ?? catalog.provinces[place.province].name
      if let code { add(history.span(code: code, name: name)) }
    }
    if case .unique(let province) = matcher.province(text) {
      addCurrent(ResolvedAddress.Place(province: province))
    }
    switch matcher.place(text, inProvince: nil) {
    case .unique(let ref): addCurrent(ResolvedAddress.Place(province: ref.province, ref: ref))
    case .ambiguous(let refs):
      for ref in refs { addCurrent(ResolvedAddress.Place(province: ref.province, ref: ref)) }
    case .notFound: break
    }
    for entry in rows.entries(matching: text) {
      add(history.span(code: entry.code, name: entry.name))
    }
    guard found.isEmpty else { return found }
    // A province, a name in pinyin or another script, an address: as `--address` reads it.
    let resolved = AddressResolver(catalog: catalog, history: rows, variants: variants).resolve(
      text)
    for entry in resolved.former { add(history.span(code: entry.code, name: entry.name)) }
    if resolved.former.isEmpty {
      (resolved.place.map { [$0] } ?? resolved.candidates).forEach(addCurrent)
    }
    return found
  }

  // MARK: --changes FROM [TO]

  /// Every change from `from` to `to` (nil: to today), both years included.
  public func changes(from: Int, to: Int?) -> Report {
    let found = history.changes(from: from, to: to ?? Int.max)
    guard !found.isEmpty else {
      let years = to.map { $0 == from ? "in \(from)" : "from \(from) to \($0)" } ?? "since \(from)"
      return Report(
        output: format == .json ? ["[]\n"] : [],
        messages: ["browse: the history holds no change \(years)\n"], exitCode: .failure)
    }
    return Report(output: HistoryFormatter.changes(found, format: format))
  }

  // MARK: --history -

  /// The answer line for one old code (ending in "\n"), and whether it has a code today.
  public func line(for typed: String) -> (text: String, found: Bool) {
    let input = (typed.hasSuffix("\r") ? String(typed.dropLast()) : typed)
      .trimmingCharacters(in: " \t")
    var codes: [(code: String, name: String)] = []
    var note = ""
    if input.utf8.count != 6 || !input.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
      note = "not a six-digit code"
    } else if let index = history.spans(code: input).first {
      let span = history.spans[index]
      codes = history.today(of: index).map { (history.spans[$0].code, history.spans[$0].name) }
      if span.end != .current {
        let change = history.change(endingWith: index)
        note = "\(span.name): " + (change?.kind.rawValue ?? span.end.rawValue)
        if let year = span.until { note += " \(year)" }
        if codes.isEmpty { note += ", no successor known" }
      }
    } else {
      note = "no such code, current or former"
    }
    let shown = TerminalText.sanitize(input)
    switch format {
    case .json, .geojson:
      let object = JSONWriter.object([
        ("input", JSONWriter.string(shown)),
        ("codes", "[" + codes.map { JSONWriter.string($0.code) }.joined(separator: ",") + "]"),
        ("names", "[" + codes.map { JSONWriter.string($0.name) }.joined(separator: ",") + "]"),
        ("note", JSONWriter.string(note)),
      ])
      return (object + "\n", !codes.isEmpty)
    case .tsv:
      let fields = [
        shown, codes.map(\.code).joined(separator: ";"), codes.map(\.name).joined(separator: ";"),
        note,
      ]
      return (fields.map(TerminalText.sanitize).joined(separator: "\t") + "\n", !codes.isEmpty)
    case .text, .url:
      let today = codes.map { "\($0.code) \($0.name)" }.joined(separator: ", ")
      var line = shown + "  →  " + (today.isEmpty ? "no code today" : today)
      if !note.isEmpty { line += "  (" + note + ")" }
      return (TerminalText.sanitize(line) + "\n", !codes.isEmpty)
    }
  }

  /// The end of `--history -`: exit 1 with a count on stderr where some lines have no code
  /// today.
  public static func summary(lines: Int, unknown: Int) -> Report {
    guard unknown > 0 else { return Report() }
    return Report(
      messages: ["browse: \(unknown) of \(lines) codes have no code today\n"], exitCode: .failure)
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: String) -> String {
    var text = Substring(self)
    while let first = text.first, set.contains(first) { text.removeFirst() }
    while let last = text.last, set.contains(last) { text.removeLast() }
    return String(text)
  }
}
