/// Builds a catalog from a reader's provinces and cities, skipping bad entries with a
/// warning each, so one broken city never costs the rest of the file.
struct CatalogBuilder {
  private let source: String
  private var lines: LineIndex?
  /// XML places warnings by line; binary plists and JSON by key path.
  private let warnsByLine: Bool
  private(set) var diagnostics: [Diagnostic] = []
  private var provinces: [Province] = []
  private var provinceNames: Set<String> = []
  /// Whether the root held any key at all, usable or not.
  private var sawProvince = false

  private var provinceName = ""
  private var provinceOffset = -1
  private var provinceActive = false
  private var cities: [City] = []
  private var cityNames = ExactNameIndex()
  private var cityIndex = 0

  init(source: String, lines: LineIndex?, warnsByLine: Bool) {
    self.source = source
    self.lines = lines
    self.warnsByLine = warnsByLine
  }

  /// Reads the whole file through `reader`; a failure becomes the one fatal diagnostic.
  static func load<Reader: OrderedTreeReader>(
    _ reader: inout Reader, source: String, lines: LineIndex?, warnsByLine: Bool
  ) -> LoadResult {
    var builder = CatalogBuilder(source: source, lines: lines, warnsByLine: warnsByLine)
    do {
      try builder.read(&reader)
    } catch {
      builder.fail(error)
      return LoadResult(catalog: nil, diagnostics: builder.diagnostics)
    }
    // A catalog with nothing in it is no data at all: fatal, so that loading and
    // `--validate` both fail rather than print an empty list.
    if builder.provinces.isEmpty {
      let reason = builder.sawProvince ? Diagnostic.everyEntrySkipped : Diagnostic.noProvinces
      builder.diagnostics.append(Diagnostic(.fatal, source: builder.source, at: .none, reason))
      return LoadResult(catalog: nil, diagnostics: builder.diagnostics)
    }
    return LoadResult(
      catalog: Catalog(provinces: builder.provinces), diagnostics: builder.diagnostics)
  }

  private mutating func read<Reader: OrderedTreeReader>(_ reader: inout Reader)
    throws(LoadFailure)
  {
    if let root = try reader.openRoot() {
      throw LoadFailure(
        "the root is not a dictionary (found \(root.value.kindName))",
        at: root.offset >= 0 ? root.offset : nil)
    }
    while let (name, offset) = try reader.nextKey() {
      sawProvince = true
      if let other = try reader.openArray() {
        warn(
          at: provinceLocation(offset, name),
          "province '\(name)' is not an array (found \(other.value.kindName)); skipped")
        continue
      }
      beginProvince(name, offset: offset)
      while let element = try reader.nextElement() {
        if provinceActive { addCity(element) }
        cityIndex += 1
      }
      endProvince()
    }
    try reader.finish()
  }

  private mutating func fail(_ failure: LoadFailure) {
    let location: Diagnostic.Location
    if let offset = failure.offset, var index = lines {
      location = .line(index.line(at: offset))
      lines = index
    } else if !provinceName.isEmpty {
      location = .keyPath("\(provinceName)[\(cityIndex)]")
    } else {
      location = .none
    }
    diagnostics.append(Diagnostic(.fatal, source: source, at: location, failure.message))
  }

  // MARK: Provinces

  private mutating func beginProvince(_ name: String, offset: Int) {
    provinceName = name
    provinceOffset = offset
    cityIndex = 0
    cities = []
    cityNames = ExactNameIndex()
    provinceActive = false
    if name.isEmpty {
      warn(at: provinceLocation(offset, name), "a province has an empty name; skipped")
    } else if provinceNames.contains(name) {
      warn(
        at: provinceLocation(offset, name),
        "duplicate province '\(name)'; the first one is kept")
    } else {
      provinceNames.insert(name)
      provinceActive = true
    }
  }

  private mutating func endProvince() {
    if provinceActive {
      if cities.isEmpty {
        let why = cityIndex == 0 ? "is empty" : "has no usable cities"
        warn(
          at: provinceLocation(provinceOffset, provinceName),
          "province '\(provinceName)' \(why); skipped")
      } else {
        provinces.append(Province(name: provinceName, cities: cities))
      }
    }
    provinceName = ""
    provinceActive = false
    cities = []
    cityNames = ExactNameIndex()
  }

  // MARK: Cities

  /// Built only when a warning needs it: interpolating it for every city cost 8% of a large load.
  private var label: String { "city \(cityIndex) in '\(provinceName)'" }

  private mutating func addCity(_ node: TreeNode) {
    guard case .dictionary(let entries) = node.value else {
      warn(
        at: cityLocation(node.offset),
        "\(label) is not a dictionary (found \(node.value.kindName)); skipped")
      return
    }
    var name: String?
    var url: String?
    var urlOffset = node.offset
    var code: String?
    var pinyin: String?
    var extra: [ExtraField] = []
    var usable = true
    var seen = DuplicateKeyCheck(expected: entries.count)
    for (position, entry) in entries.enumerated() {
      let key = entry.key
      if seen.isRepeat(key, at: position, in: entries) {
        warn(
          at: fieldLocation(entry.keyOffset, key),
          "\(label) has '\(key)' more than once; the first is kept")
        continue
      }
      switch (key, entry.value.value) {
      case ("name", .string(let text)): name = text
      case ("url", .string(let text)):
        url = text
        urlOffset = entry.value.offset
      case ("code", .string(let text)): code = text
      // A code is a string in every output (`jq 'select(.code|startswith("44"))'`), so an
      // integer one is taken as its digits and any other kind is dropped, never kept raw.
      case ("code", .integer(let number)): code = String(number)
      case ("code", let other):
        warn(
          at: fieldLocation(entry.value.offset, key),
          "\(label) has a 'code' that is not a string or an integer (found \(other.kindName));"
            + " dropped")
      case ("pinyin", .string(let text)): pinyin = text
      case ("name", let other), ("url", let other):
        warn(
          at: fieldLocation(entry.value.offset, key),
          "\(label) has a '\(key)' that is not a string (found \(other.kindName)); skipped")
        usable = false
      case ("pinyin", let other):
        warn(
          at: fieldLocation(entry.value.offset, key),
          "\(label) has a '\(key)' that is not a string (found \(other.kindName));"
            + " kept as an extra field")
        keepExtra(key, entry.value, into: &extra)
      default:
        keepExtra(key, entry.value, into: &extra)
      }
    }
    guard usable else { return }
    guard let name else {
      warn(at: cityLocation(node.offset), "\(label) has no 'name'; skipped")
      return
    }
    guard let url else {
      warn(at: cityLocation(node.offset), "\(label) has no 'url'; skipped")
      return
    }
    if name.isEmpty {
      warn(at: cityLocation(node.offset), "\(label) has an empty 'name'; skipped")
      return
    }
    guard HTTPURLCheck.isAbsoluteHTTP(url) else {
      warn(
        at: fieldLocation(urlOffset, "url"),
        "city '\(name)' in '\(provinceName)' has an invalid url '\(url)'"
          + " (expected an absolute http or https URL with a host); skipped")
      return
    }
    guard cityNames.insert(name, among: cities) else {
      warn(
        at: cityLocation(node.offset),
        "duplicate city '\(name)' in '\(provinceName)'; the first one is kept")
      return
    }
    cities.append(City(name: name, url: url, code: code, pinyin: pinyin, extra: extra))
  }

  private mutating func keepExtra(_ key: String, _ node: TreeNode, into extra: inout [ExtraField]) {
    var dropped = 0
    if let value = plistValue(node, dropped: &dropped) {
      extra.append(ExtraField(key: key, value: value))
    }
    if dropped > 0 {
      warn(
        at: fieldLocation(node.offset, key),
        "\(label) has null in '\(key)', which a property list cannot hold; dropped")
    }
  }

  /// Depth is bounded by the readers, so recursion here stays shallow.
  private func plistValue(_ node: TreeNode, dropped: inout Int) -> PlistValue? {
    switch node.value {
    case .string(let value): return .string(value)
    case .integer(let value): return .integer(value)
    case .real(let value): return .real(value)
    case .bool(let value): return .bool(value)
    case .date(let value): return .date(value)
    case .data(let value): return .data(value)
    case .null:
      dropped += 1
      return nil
    case .array(let elements):
      return .array(elements.compactMap { plistValue($0, dropped: &dropped) })
    case .dictionary(let entries):
      var fields: [ExtraField] = []
      fields.reserveCapacity(entries.count)
      for entry in entries {
        if let value = plistValue(entry.value, dropped: &dropped) {
          fields.append(ExtraField(key: entry.key, value: value))
        }
      }
      return .dictionary(fields)
    }
  }

  // MARK: Locations

  private mutating func warn(at location: Diagnostic.Location, _ message: String) {
    diagnostics.append(Diagnostic(.warning, source: source, at: location, message))
  }

  private mutating func provinceLocation(_ offset: Int, _ name: String) -> Diagnostic.Location {
    if warnsByLine, let line = line(at: offset) { return .line(line) }
    return .keyPath(name)
  }

  private mutating func cityLocation(_ offset: Int) -> Diagnostic.Location {
    if warnsByLine, let line = line(at: offset) { return .line(line) }
    return .keyPath("\(provinceName)[\(cityIndex)]")
  }

  private mutating func fieldLocation(_ offset: Int, _ key: String) -> Diagnostic.Location {
    if warnsByLine, let line = line(at: offset) { return .line(line) }
    return .keyPath("\(provinceName)[\(cityIndex)].\(key)")
  }

  private mutating func line(at offset: Int) -> Int? {
    guard offset >= 0, var index = lines else { return nil }
    let line = index.line(at: offset)
    lines = index
    return line
  }
}

/// Finds repeated keys in a city. Cities have a handful of keys, so looking back over
/// the earlier ones beats hashing; a set takes over for the odd city with very many.
private struct DuplicateKeyCheck {
  private var set: Set<String> = []
  private let large: Bool

  init(expected: Int) {
    large = expected > 16
  }

  mutating func isRepeat(_ key: String, at position: Int, in entries: [TreeEntry]) -> Bool {
    if large { return !set.insert(key).inserted }
    return entries[..<position].contains { $0.key == key }
  }
}
