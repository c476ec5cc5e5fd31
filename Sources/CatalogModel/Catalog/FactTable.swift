/// The facts of every division by code, read from the two TSV files the importer writes
/// (Scripts/import-facts.py): `code, area_km2` and `code, name, population_2010,
/// population_2020, note_2010, note_2020`, each with a header line. A malformed line is
/// skipped, not trusted: the files are checked against hand-typed facts by the tests.
public struct FactTable: Sendable {
  private var byCode: [String: DivisionFacts] = [:]

  /// No facts: a data file's catalog, whose codes need not name the built-in divisions.
  public static let none = FactTable()

  public init() {}

  /// Reads the two files' text.
  public init(areas: String, census: String) {
    for fields in Self.rows(areas) where fields.count >= 2 {
      guard let area = Double(fields[1]), area.isFinite, area >= 0 else { continue }
      byCode[fields[0], default: .none].areaKm2 = area
    }
    for fields in Self.rows(census) where fields.count >= 4 {
      var facts = byCode[fields[0], default: .none]
      facts.population2010 = Int(fields[2])
      facts.population2020 = Int(fields[3])
      let notes = fields.dropFirst(4).filter { !$0.isEmpty }
      facts.note = notes.isEmpty ? nil : notes.joined(separator: "; ")
      byCode[fields[0]] = facts
    }
  }

  /// The facts of the division with this code (6 digits, or a province's 2); `none` for a
  /// code the files do not have (a township's).
  public subscript(code: String?) -> DivisionFacts {
    guard let code else { return .none }
    return byCode[code.count == 2 ? code + "0000" : code] ?? .none
  }

  /// How many divisions have any fact.
  public var count: Int { byCode.count }

  /// The fields of each line after the header, split on tabs.
  private static func rows(_ text: String) -> [[String]] {
    text.split(separator: "\n", omittingEmptySubsequences: true).dropFirst().map { line in
      line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
  }
}
