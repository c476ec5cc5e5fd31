import BuiltInCatalog
import CatalogModel

/// The facts compiled into the binary (Data/areas.tsv, Data/census.tsv, embedded with the
/// other data files: EmbeddedFile): the bytes are copied once, on first use, and each lookup
/// reads only its own line (`FactTable`).
public enum BuiltInFacts {
  /// Every division's area and census figures by code.
  public static let table: FactTable = FactTable(
    areas: EmbeddedFile.areas.withBytes { Array($0) },
    census: EmbeddedFile.census.withBytes { Array($0) })
}
