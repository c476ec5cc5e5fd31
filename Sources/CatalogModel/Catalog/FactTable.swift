/// The facts of every division by code, read from the two TSV files the importer writes
/// (Scripts/import-facts.py): `code, area_km2` and `code, name, population_2010,
/// population_2020, note_2010, note_2020`, each with a header line and sorted by code.
///
/// Nothing is parsed up front: a lookup finds its code's line by a binary search over the
/// bytes (the files are sorted by code; DivisionFactsTests holds them to it) and reads that
/// line alone, so a run pays for the facts it prints and start-up pays nothing. A malformed
/// field reads as unknown, never as a wrong number.
public struct FactTable: Sendable {
  private let areas: [UInt8]
  private let census: [UInt8]

  /// No facts: a data file's catalog, whose codes need not name the built-in divisions.
  public static let none = FactTable(areas: [], census: [])

  /// The two files' bytes.
  public init(areas: [UInt8], census: [UInt8]) {
    self.areas = areas
    self.census = census
  }

  /// The facts of the division with this code (6 digits, or a province's 2); `none` for a
  /// code the files do not have (a township's).
  public subscript(code: String?) -> DivisionFacts {
    guard let code, code.count == 2 || code.count == 6 else { return .none }
    let key = Array((code.count == 2 ? code + "0000" : code).utf8)
    var facts = DivisionFacts.none
    if let fields = Self.fields(of: key, in: areas), fields.count >= 2,
      let area = Double(String(decoding: fields[1], as: UTF8.self)), area.isFinite, area >= 0
    {
      facts.areaKm2 = area
    }
    if let fields = Self.fields(of: key, in: census), fields.count >= 4 {
      facts.population2010 = Int(String(decoding: fields[2], as: UTF8.self))
      facts.population2020 = Int(String(decoding: fields[3], as: UTF8.self))
      let notes = fields.dropFirst(4).filter { !$0.isEmpty }.map {
        String(decoding: $0, as: UTF8.self)
      }
      facts.note = notes.isEmpty ? nil : notes.joined(separator: "; ")
    }
    return facts
  }

  /// Whether each file's lines after the header are in strictly ascending code order, as the
  /// binary search needs.
  public var isSorted: Bool {
    [areas, census].allSatisfy { bytes in
      let codes = bytes.split(separator: 0x0A).dropFirst().map { $0.prefix { $0 != 0x09 } }
      return zip(codes, codes.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) }
    }
  }

  /// The tab-separated fields of the line whose first field is `key`, found by bisection.
  /// Plain loops over the bytes: the generic slice algorithms cost tens of milliseconds a
  /// list in a debug build, where nothing is specialised.
  private static func fields(of key: [UInt8], in data: [UInt8]) -> [[UInt8]]? {
    data.withUnsafeBufferPointer { bytes -> [[UInt8]]? in
      var low = 0
      while low < bytes.count && bytes[low] != 0x0A { low += 1 }
      low += 1  // past the header
      var high = bytes.count
      while low < high {
        var start = (low + high) / 2
        while start > low && bytes[start - 1] != 0x0A { start -= 1 }
        var end = start
        while end < high && bytes[end] != 0x0A { end += 1 }
        // -1, 0 or 1: the line's code against the key.
        var order = 0
        var index = 0
        while order == 0 {
          let position = start + index
          let byte: UInt8? = position < end && bytes[position] != 0x09 ? bytes[position] : nil
          let wanted: UInt8? = index < key.count ? key[index] : nil
          switch (byte, wanted) {
          case (nil, nil): order = 2
          case (nil, _): order = -1
          case (_, nil): order = 1
          case (let have?, let want?): order = have < want ? -1 : have > want ? 1 : 0
          }
          index += 1
        }
        if order == 2 {
          var fields: [[UInt8]] = [[]]
          for position in start..<end {
            if bytes[position] == 0x09 {
              fields.append([])
            } else {
              fields[fields.count - 1].append(bytes[position])
            }
          }
          return fields
        }
        if order < 0 {
          low = end + 1
        } else {
          high = start
        }
      }
      return nil
    }
  }
}
