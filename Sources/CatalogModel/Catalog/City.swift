/// A division below a province, in the seed's shape: `name` and `url`, the optional `code`
/// and `pinyin`, any other keys the file had (in file order), and the divisions one level
/// down (a city's `counties`), each of the same shape.
public struct City: Sendable, Hashable {
  public var name: String
  public var url: String
  public var code: String?
  public var pinyin: String?
  public var extra: [ExtraField]
  /// The county-level divisions under this city, in file order; empty for most data files.
  /// The built-in data's are decoded from their rows the first time they are asked for.
  public var counties: [City] {
    get { lower.cities }
    _modify {
      // The array leaves `lower` while it is changed, so that an append does not copy it.
      var cities = lower.cities
      lower = .cities([])
      defer { lower = .cities(cities) }
      yield &cities
    }
  }
  private var lower: Lower

  /// The divisions one level down: values, or rows not yet decoded.
  private enum Lower: Sendable {
    case cities([City])
    case rows(CountyRows)

    var cities: [City] {
      switch self {
      case .cities(let cities): cities
      case .rows(let rows): rows.cities
      }
    }
  }

  public init(
    name: String, url: String, code: String? = nil, pinyin: String? = nil,
    extra: [ExtraField] = [], counties: [City] = []
  ) {
    self.name = name
    self.url = url
    self.code = code
    self.pinyin = pinyin
    self.extra = extra
    self.lower = .cities(counties)
  }

  /// A city whose counties are rows decoded on first use (the built-in data's).
  public init(
    name: String, url: String, code: String? = nil, pinyin: String? = nil, counties: CountyRows
  ) {
    self.name = name
    self.url = url
    self.code = code
    self.pinyin = pinyin
    self.extra = []
    self.lower = .rows(counties)
  }

  /// Equal fields and equal counties, however the counties are held.
  public static func == (a: City, b: City) -> Bool {
    a.name == b.name && a.url == b.url && a.code == b.code && a.pinyin == b.pinyin
      && a.extra == b.extra && a.counties == b.counties
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(url)
    hasher.combine(code)
    hasher.combine(pinyin)
    hasher.combine(extra)
    hasher.combine(counties)
  }
}

/// A key on a city entry that the model has no field for.
public struct ExtraField: Sendable, Hashable {
  public var key: String
  public var value: PlistValue

  public init(key: String, value: PlistValue) {
    self.key = key
    self.value = value
  }
}
