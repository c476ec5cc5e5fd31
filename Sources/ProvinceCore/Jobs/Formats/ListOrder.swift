import CatalogModel

/// `--sort`: the order of a list's rows by a field of their `PlaceRecord`.
public enum ListOrder {
  /// What a list is sorted by.
  public enum Sort: String, Sendable, CaseIterable {
    /// The 2020 census's figure, largest first; those without one last.
    case population
    /// The area, largest first; those without one (townships) last.
    case area
    /// The name's pinyin, then the name (so 长沙 and 常州 sort apart, by their readings).
    case name
    /// The division code, ascending (a province's `320000` before its cities').
    case code
  }

  /// What a row is sorted on, taken once a row.
  public struct Key: Sendable {
    var name: String
    var pinyin: String
    var code: String
    var area: Double?
    var population: Int?

    public init(_ record: PlaceRecord) {
      name =
        [record.township, record.county, record.city, record.province].first { !$0.isEmpty } ?? ""
      pinyin = record.pinyin
      code = record.code
      area = record.facts.areaKm2
      population = record.facts.population2020
    }
  }

  /// `items` in `sort`'s order; rows equal on it keep the order they came in (stable).
  public static func sorted<Item>(_ items: [Item], by sort: Sort, key: (Item) -> Key) -> [Item] {
    let keyed = items.enumerated().map {
      (offset: $0.offset, key: key($0.element), item: $0.element)
    }
    func before(_ a: Key, _ b: Key) -> Bool? {
      switch sort {
      case .population: return descending(a.population, b.population)
      case .area: return descending(a.area, b.area)
      case .name:
        if a.pinyin != b.pinyin { return a.pinyin < b.pinyin }
        return a.name == b.name ? nil : a.name < b.name
      case .code:
        // Rows without a code (a data file's) after those with one.
        if a.code.isEmpty != b.code.isEmpty { return !a.code.isEmpty }
        return a.code == b.code ? nil : a.code < b.code
      }
    }
    return keyed.sorted { a, b in before(a.key, b.key) ?? (a.offset < b.offset) }.map(\.item)
  }

  /// Larger first, a missing value after every value; nil where equal.
  private static func descending<Value: Comparable>(_ a: Value?, _ b: Value?) -> Bool? {
    switch (a, b) {
    case (nil, nil): return nil
    case (nil, _): return false
    case (_, nil): return true
    case (let a?, let b?): return a == b ? nil : a > b
    }
  }
}
