/// A city entry: the seed's `name` and `url`, the optional `code` and `pinyin`,
/// and any other keys the file had, kept in file order.
public struct City: Sendable, Hashable {
  public var name: String
  public var url: String
  public var code: String?
  public var pinyin: String?
  public var extra: [ExtraField]

  public init(
    name: String, url: String, code: String? = nil, pinyin: String? = nil,
    extra: [ExtraField] = []
  ) {
    self.name = name
    self.url = url
    self.code = code
    self.pinyin = pinyin
    self.extra = extra
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
