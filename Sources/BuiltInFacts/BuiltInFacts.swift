import CatalogModel
import FactBytes

/// The facts compiled into the binary (Data/areas.tsv, Data/census.tsv), read the first time
/// they are asked for: a run that prints no fact never pays.
public enum BuiltInFacts {
  /// Every division's area and census figures by code.
  public static let table: FactTable = {
    func text(_ start: UnsafePointer<UInt8>?, _ count: Int) -> String {
      guard let start else { return "" }
      return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }
    return FactTable(
      areas: text(area_bytes(), area_bytes_count()),
      census: text(census_bytes(), census_bytes_count()))
  }()
}
