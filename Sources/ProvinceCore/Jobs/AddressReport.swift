import CatalogModel
import TextSupport

/// `--address`: one line an address in every format, with the same fields whatever the
/// text said, so that `--address -` answers a script line for line.
///
/// A place is written as an address names it: a municipality's or a special region's
/// districts are its county level, with the municipality as the city (北京市 北京市 朝阳区),
/// as the address parsers cpca and jionlp write them.
public struct AddressReport: Sendable {
  public static let tsvColumns =
    ["input", "province", "city", "county", "township", "code", "rest", "note"]
    + PointReport.factFields.map(\.rawValue)

  let resolver: AddressResolver
  public let format: OutputFormat
  /// Each place's fields as written once: a file of addresses names the same few
  /// thousand divisions again and again.
  private var written: [ResolvedAddress.Place: Written] = [:]

  /// A place's fields and its TSV columns: a class, so that a line takes them out of the
  /// memo with one retain, not one a field.
  final class Written: Sendable {
    let fields: Fields
    let tsv: [UInt8]
    /// The facts' columns, which end a TSV line after the rest and the note.
    let factTSV: [UInt8]

    init(_ fields: Fields) {
      self.fields = fields
      tsv = Array(fields.tsv.utf8)
      factTSV = Array(fields.factTSV.utf8)
    }
  }

  public init(resolver: AddressResolver, format: OutputFormat) {
    self.resolver = resolver
    self.format = format
  }

  /// The same report with a resolver object of its own and no memo yet: one a thread, so
  /// that the threads retain and write nothing in common.
  public func forAnotherThread() -> AddressReport {
    AddressReport(resolver: resolver.forAnotherThread(), format: format)
  }

  /// The end of a run: exit 1 with a count on stderr where some lines found no one
  /// division (none, or several equally), else success.
  public static func summary(lines: Int, unresolved: Int, format: OutputFormat) -> Report {
    guard unresolved > 0 else { return Report() }
    let what =
      format == .url
      ? "gave no URL (no one division, or a province)" : "named no one division"
    let said =
      lines == 1
      ? "browse: the address \(what)\n" : "browse: \(unresolved) of \(lines) addresses \(what)\n"
    return Report(messages: [said], exitCode: .failure)
  }

  /// Whether a line found one division, several, or none.
  public enum Outcome: Sendable, Equatable {
    case found
    case ambiguous
    case nothing
    /// With `--format url`: a division with no page (a province), or none.
    case noURL
  }

  /// The output line (ending in "\n"; empty for `url` where there is no URL) for one line
  /// of input, and what it found.
  public mutating func line(for typed: String) -> (text: String, outcome: Outcome) {
    var bytes: [UInt8] = []
    let outcome = append(lineFor: typed, to: &bytes)
    return (String(decoding: bytes, as: UTF8.self), outcome)
  }

  /// Appends the output line for one line of input (as `line(for:)` gives it) to `output`:
  /// `--address -` writes a file of lines into one buffer, with no string a line.
  public mutating func append(lineFor typed: String, to output: inout [UInt8]) -> Outcome {
    // A line of a file written on Windows: its CR is no part of the address. (A CR is a
    // character of its own when no LF follows: the last byte says it.)
    let input =
      typed.utf8.last == 0x0D ? String(decoding: typed.utf8.dropLast(), as: UTF8.self) : typed
    let resolved = resolver.resolve(input)
    let outcome: Outcome =
      resolved.isAmbiguous ? .ambiguous : resolved.place == nil ? .nothing : .found
    var known: Written?
    if let place = resolved.place { known = written(place) }
    // The names every candidate shares are what the text does fix (朝阳区 alone: the
    // county's name, not which one); the code stays unknown. (TSV has its columns made.)
    let fields =
      format == .tsv || format == .url
      ? Fields()
      : resolved.isAmbiguous
        ? common(resolved.candidates) : known?.fields ?? Fields()
    switch format {
    case .url:
      // No empty line where there is no page (a province, nothing, several): the line is
      // counted and said at the end, as `--at -` does.
      guard outcome == .found, let ref = resolved.place?.ref else { return .noURL }
      let url = URLText.ascii(resolver.catalog[ref].url)
      if url.isEmpty { return .noURL }
      output += url.utf8
      output.append(0x0A)
      return outcome
    case .tsv:
      // The rest is a part of the input: where the input has nothing to sanitise, neither
      // has the rest.
      let clean = TerminalText.bytesNeedNoChange(input)
      output += (clean ? input : TerminalText.sanitize(input)).utf8
      // Where the candidates have a division in common, its columns (as before).
      // Several candidates: what they share, as JSON and text write it (a province the
      // text fixed is no answer, and its code and facts would read as one).
      let shared = resolved.isAmbiguous ? common(resolved.candidates) : nil
      if let shared {
        output += shared.tsv.utf8
      } else if let known {
        output += known.tsv
      } else {
        output += Fields().tsv.utf8
      }
      output.append(0x09)
      output += (clean ? resolved.rest : TerminalText.sanitize(resolved.rest)).utf8
      output.append(0x09)
      output += TerminalText.sanitize(note(resolved)).utf8
      if let shared {
        output += shared.factTSV.utf8
      } else if let known {
        output += known.factTSV
      } else {
        output += Fields().factTSV.utf8
      }
      output.append(0x0A)
      return outcome
    case .text:
      var parts = fields.names.compactMap { $0.isEmpty ? nil : TerminalText.sanitize($0) }
      if let code = fields.code { parts.append(TerminalText.sanitize(code)) }
      if parts.isEmpty { parts.append("no place found") }
      var line = TerminalText.sanitize(input) + "  →  " + parts.joined(separator: " ")
      if !resolved.rest.isEmpty { line += "  | " + TerminalText.sanitize(resolved.rest) }
      let said = note(resolved)
      if !said.isEmpty { line += "  (" + TerminalText.sanitize(said) + ")" }
      output += line.utf8
      output.append(0x0A)
      return outcome
    case .json, .geojson:
      output += JSONWriter.object(members(resolved, fields, resolver.catalog)).utf8
      output.append(0x0A)
      return outcome
    }
  }

  /// The fields all of `candidates` share.
  private mutating func common(_ candidates: [ResolvedAddress.Place]) -> Fields {
    Fields.common(candidates.map { written($0).fields })
  }

  private mutating func written(_ place: ResolvedAddress.Place) -> Written {
    if let known = written[place] { return known }
    // Only JSON writes a place's URL: the other formats leave it unmade.
    let url = format == .json || format == .geojson
    let made = Written(Fields(place, in: resolver.catalog, withURL: url))
    written[place] = made
    return made
  }

  /// A division's fields as an address gives them: names by level, its code and level.
  struct Fields {
    var province = ""
    var city = ""
    var county = ""
    var township = ""
    var code: String?
    var level: String?
    var url: String?
    /// The deepest division's pinyin and facts (area, census figures).
    var pinyin: String?
    var facts = DivisionFacts.none

    init() {}

    /// `withURL`: with the division's page (which only JSON writes).
    init(_ place: ResolvedAddress.Place, in catalog: Catalog, withURL: Bool = true) {
      let provinceName = catalog.provinces[place.province].name
      province = provinceName
      // A municipality (北京市) is its districts' city; a county-level city a province
      // administers itself (济源市) has none (`Catalog.addressLevel`).
      let municipality = catalog.isMunicipality(place.province)
      guard let ref = place.ref else {
        level = "province"
        code = catalog.provinceCode(place.province)
        if municipality { city = provinceName }
        let record = PlaceRecord(province: place.province, in: catalog)
        (pinyin, facts) = (record.pinyin, record.facts)
        return
      }
      let record = PlaceRecord(ref, in: catalog)
      (pinyin, facts) = (record.pinyin, record.facts)
      let division = catalog[ref]
      code = division.code
      if withURL { url = URLText.ascii(division.url) }
      let countyLevel = catalog.addressLevel(of: ref.cityOnly) == 2
      if municipality {
        city = provinceName
      } else if !countyLevel {
        city = catalog[ref.cityOnly].name
      }
      if let county = ref.countyOnly {
        self.county = catalog[county].name
      } else if countyLevel {
        county = catalog[ref.cityOnly].name
      }
      if ref.isTownship {
        township = division.name
        level = "township"
      } else {
        level = catalog.addressLevel(of: ref) == 2 ? "county" : "city"
      }
    }

    var names: [String] { [province, city, county, township] }

    /// The TSV columns from the province to the code, each after a tab, sanitised: made
    /// once a place (`AddressReport.written`), as every line of it repeats them.
    var tsv: String { (names + [code ?? ""]).map { "\t" + TerminalText.sanitize($0) }.joined() }

    /// The fact columns after the note, each after a tab: made once a place, as `tsv`.
    var factTSV: String {
      var record = PlaceRecord()
      record.facts = facts
      return record.cells(PointReport.factFields).map { "\t" + $0 }.joined()
    }

    /// The names at each level that all of `list` share, and no code.
    static func common(_ list: [Fields]) -> Fields {
      var shared = Fields()
      guard let first = list.first else { return shared }
      func same(_ level: KeyPath<Fields, String>) -> String {
        list.allSatisfy { $0[keyPath: level] == first[keyPath: level] } ? first[keyPath: level] : ""
      }
      shared.province = same(\.province)
      shared.city = same(\.city)
      shared.county = same(\.county)
      shared.township = same(\.township)
      return shared
    }

  }

  /// What judgement was needed, in words: the old names read, the candidates left open.
  private mutating func note(_ resolved: ResolvedAddress) -> String {
    var notes: [String] = []
    for former in resolved.former {
      var said = "former name \(former.name) \(former.code)"
      if let until = former.until { said += ", until \(until)" }
      notes.append(said)
    }
    if resolved.isAmbiguous {
      let listed = resolved.candidates.map { candidate -> String in
        let fields = written(candidate).fields
        let names = fields.names.filter { !$0.isEmpty }.joined(separator: " ")
        return [fields.code, names].compactMap { $0 }.joined(separator: " ")
      }
      notes.append("ambiguous: " + listed.joined(separator: "; "))
    } else if resolved.place == nil {
      notes.append("no place found")
    }
    return notes.joined(separator: "; ")
  }

  private func members(_ resolved: ResolvedAddress, _ fields: Fields, _ catalog: Catalog)
    -> [(String, String)]
  {
    func nullable(_ text: String) -> String { text.isEmpty ? "null" : JSONWriter.string(text) }
    var members: [(String, String)] = [
      ("input", JSONWriter.string(resolved.input)),
      ("province", nullable(fields.province)),
      ("city", nullable(fields.city)),
      ("county", nullable(fields.county)),
      ("township", nullable(fields.township)),
      ("code", nullable(fields.code ?? "")),
      ("level", nullable(fields.level ?? "")),
      ("url", nullable(fields.url ?? "")),
      ("pinyin", nullable(fields.pinyin ?? "")),
      ("rest", JSONWriter.string(resolved.rest)),
    ]
    members += CatalogFacts.jsonMembers(fields.facts)
    if !resolved.former.isEmpty {
      let objects = resolved.former.map { former in
        JSONWriter.object([
          ("name", JSONWriter.string(former.name)), ("code", JSONWriter.string(former.code)),
          ("until", former.until.map(JSONWriter.string) ?? "null"),
        ])
      }
      members.append(("former", "[" + objects.joined(separator: ",") + "]"))
    }
    if resolved.isAmbiguous {
      let objects = resolved.candidates.map { candidate in
        let fields = Fields(candidate, in: catalog)
        return JSONWriter.object([
          ("province", nullable(fields.province)), ("city", nullable(fields.city)),
          ("county", nullable(fields.county)), ("township", nullable(fields.township)),
          ("code", nullable(fields.code ?? "")),
        ])
      }
      members.append(("candidates", "[" + objects.joined(separator: ",") + "]"))
    }
    return members
  }
}
