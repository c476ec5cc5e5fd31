import CatalogModel
import FactBytes

/// The facts compiled into the binary (Data/areas.tsv, Data/census.tsv): the bytes are
/// copied once, on first use, and each lookup reads only its own line (`FactTable`).
public enum BuiltInFacts {
  /// Every division's area and census figures by code.
  public static let table: FactTable = {
    func bytes(_ start: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
      guard let start else { return [] }
      return Array(UnsafeBufferPointer(start: start, count: count))
    }
    return FactTable(
      areas: bytes(area_bytes(), area_bytes_count()),
      census: bytes(census_bytes(), census_bytes_count()))
  }()
}
