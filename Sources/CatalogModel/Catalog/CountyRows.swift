import Synchronization

/// A city's counties kept as rows of text and decoded the first time they are asked for,
/// then kept: the built-in data's 2.8k counties are no part of a start-up that does not
/// reach them (`-p 广东 -c 广州` reads one province's cities, and no county).
public final class CountyRows: Sendable {
  private let rows: String
  private let decode: @Sendable (String) -> [City]
  private let decoded = Mutex<[City]?>(nil)

  /// `rows`, to be made into counties by `decode` (which must not read these rows again).
  public init(_ rows: String, decode: @escaping @Sendable (String) -> [City]) {
    self.rows = rows
    self.decode = decode
  }

  /// The counties, decoded on the first call.
  var cities: [City] {
    decoded.withLock { cache in
      if let cities = cache { return cities }
      let cities = decode(rows)
      cache = cities
      return cities
    }
  }
}
