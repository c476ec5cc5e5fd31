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
  public var counties: [City]

  public init(
    name: String, url: String, code: String? = nil, pinyin: String? = nil,
    extra: [ExtraField] = [], counties: [City] = []
  ) {
    self.name = name
    self.url = url
    self.code = code
    self.pinyin = pinyin
    self.extra = extra
    self.counties = counties
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
