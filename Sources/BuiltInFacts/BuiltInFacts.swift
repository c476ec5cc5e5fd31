import BuiltInCatalog
import CatalogModel

/// The facts compiled into the binary (Data/areas.tsv, Data/census.tsv, embedded with the
/// other data files: DataFile): the bytes are copied once, on first use, and each lookup
/// reads only its own line (`FactTable`).
public enum BuiltInFacts {
  /// Every division's area and census figures by code.
  public static let table: FactTable = FactTable(
    areas: DataFile.areas.withBytes { Array($0) },
    census: DataFile.census.withBytes { Array($0) })
}
