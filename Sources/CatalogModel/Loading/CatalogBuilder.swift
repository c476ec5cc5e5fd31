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
  /// Each city's and county's code, with who has it first: a code names one division, and
  /// a second holder (which a lookup by code would also find) is reported.
  private var codeHolders = CodeHolderIndex()
  /// The counties of the city being read, kept here rather than in the city so that a
  /// county's code can be found to repeat one of its siblings' (see `holder(_:)`).
  private var openCounties: [City] = []
  /// The city being read, before its counties (name and code only), for the same purpose:
  /// a county may repeat its own city's code.
  private var openCity = City(name: "", url: "")

  /// `byteCount`: the file's size, from which the number of divisions is guessed.
  init(source: String, lines: LineIndex?, warnsByLine: Bool, byteCount: Int = 0) {
    self.source = source
    self.lines = lines
    self.warnsByLine = warnsByLine
    // A coded city takes about 250 bytes in XML and 150 in JSON or a binary plist: a table
    // sized for one per 256 bytes is seldom rehashed, and its unwritten slots cost no memory.
    codeHolders = CodeHolderIndex(expected: byteCount / 256)
  }

  /// Reads the whole file through `reader`; a failure becomes the one fatal diagnostic.
  static func load<Reader: OrderedTreeReader>(
    _ reader: inout Reader, source: String, lines: LineIndex?, warnsByLine: Bool,
    byteCount: Int = 0
  ) -> LoadResult {
    var builder = CatalogBuilder(
      source: source, lines: lines, warnsByLine: warnsByLine, byteCount: byteCount)
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
    cityNames.removeAll()
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
    cityNames.removeAll()
  }

  // MARK: Cities and counties

  /// Where the entry being read sits: a city of the current province, or a county of a
  /// city. Labels and key paths are built only when a warning needs them: interpolating
  /// them for every city cost 8% of a large load.
  private struct Place {
    var province: String
    var city: Int
    /// The city's name and the county's index, for a county.
    var county: (parent: String, index: Int)?
    /// The county's name and the township's index, for a township.
    var township: (parent: String, index: Int)? = nil

    var isCity: Bool { county == nil }
    var isCounty: Bool { county != nil && township == nil }
    var kind: String { township != nil ? "township" : isCity ? "city" : "county" }
    var index: Int { township?.index ?? county?.index ?? city }
    /// `province[3]`, `province[3].counties[2]` or `province[3].counties[2].townships[5]`.
    var path: String {
      let city = "\(province)[\(self.city)]"
      let county = self.county.map { "\(city).counties[\($0.index)]" } ?? city
      return township.map { "\(county).townships[\($0.index)]" } ?? county
    }
    /// `'广东省'`, `'苏州市' in '江苏省'` or `'昆山市' in '江苏省'`.
    var parent: String {
      if let township { return "'\(township.parent)' in '\(province)'" }
      return county.map { "'\($0.parent)' in '\(province)'" } ?? "'\(province)'"
    }
  }

  private var cityPlace: Place { Place(province: provinceName, city: cityIndex) }

  private mutating func addCity(_ node: TreeNode) {
    // Moved out and back, not copied: the index must stay uniquely held as it grows.
    var names = ExactNameIndex()
    swap(&names, &cityNames)
    if let city = division(node, at: cityPlace, among: &names, siblings: cities) {
      cities.append(city)
    }
    swap(&names, &cityNames)
  }

  /// The city (or county) `node` describes, or nil with a warning when it is unusable.
  private mutating func division(
    _ node: TreeNode, at place: Place, among names: inout ExactNameIndex, siblings: [City]
  ) -> City? {
    func label() -> String { "\(place.kind) \(place.index) in \(place.parent)" }
    guard case .dictionary(let entries) = node.value else {
      warn(
        at: entryLocation(node.offset, place),
        "\(label()) is not a dictionary (found \(node.value.kindName)); skipped")
      return nil
    }
    var name: String?
    var url: String?
    var urlOffset = node.offset
    var code: String?
    var pinyin: String?
    var extra: [ExtraField] = []
    var counties: TreeNode?
    var usable = true
    var seen = DuplicateKeyCheck(expected: entries.count)
    for (position, entry) in entries.enumerated() {
      let key = entry.key
      if seen.isRepeat(key, at: position, in: entries) {
        warn(
          at: fieldLocation(entry.keyOffset, key, place),
          "\(label()) has '\(key)' more than once; the first is kept")
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
          at: fieldLocation(entry.value.offset, key, place),
          "\(label()) has a 'code' that is not a string or an integer (found \(other.kindName));"
            + " dropped")
      case ("pinyin", .string(let text)): pinyin = text
      // A city's children are its `counties`, a county's its `townships`; any other
      // such key (a county's `counties`, a township's own) is kept as an extra field.
      case ("counties", .array) where place.isCity: counties = entry.value
      case ("townships", .array) where place.isCounty: counties = entry.value
      case ("townships", let other) where place.isCounty:
        warn(
          at: fieldLocation(entry.value.offset, key, place),
          "\(label()) has a 'townships' that is not an array (found \(other.kindName)); dropped")
      case ("counties", let other) where place.isCity:
        warn(
          at: fieldLocation(entry.value.offset, key, place),
          "\(label()) has a 'counties' that is not an array (found \(other.kindName)); dropped")
      case ("name", let other), ("url", let other):
        warn(
          at: fieldLocation(entry.value.offset, key, place),
          "\(label()) has a '\(key)' that is not a string (found \(other.kindName)); skipped")
        usable = false
      case ("pinyin", let other):
        warn(
          at: fieldLocation(entry.value.offset, key, place),
          "\(label()) has a '\(key)' that is not a string (found \(other.kindName));"
            + " kept as an extra field")
        keepExtra(key, entry.value, place, into: &extra)
      default:
        keepExtra(key, entry.value, place, into: &extra)
      }
    }
    guard usable else { return nil }
    guard let name else {
      warn(at: entryLocation(node.offset, place), "\(label()) has no 'name'; skipped")
      return nil
    }
    guard let url else {
      warn(at: entryLocation(node.offset, place), "\(label()) has no 'url'; skipped")
      return nil
    }
    if name.isEmpty {
      warn(at: entryLocation(node.offset, place), "\(label()) has an empty 'name'; skipped")
      return nil
    }
    guard HTTPURLCheck.isAbsoluteHTTP(url) else {
      warn(
        at: fieldLocation(urlOffset, "url", place),
        "\(place.kind) '\(name)' in \(place.parent) has an invalid url '\(url)'"
          + " (expected an absolute http or https URL with a host); skipped")
      return nil
    }
    guard names.insert(name, among: siblings) else {
      warn(
        at: entryLocation(node.offset, place),
        "duplicate \(place.kind) '\(name)' in \(place.parent); the first one is kept")
      return nil
    }
    if let code, !code.isEmpty, place.township == nil {
      // The place this division will have once kept: the catalog's next city, or the
      // next county of the city being read.
      let here = CodeHolderIndex.Holder(
        province: Int32(provinces.count), city: Int32(cities.count),
        county: place.isCity ? -1 : Int32(openCounties.count))
      // Moved out and back, so the index can ask this builder for a holder's code.
      var index = CodeHolderIndex()
      swap(&index, &codeHolders)
      let first = index.firstHolder(of: code, recording: here) { holder($0).division.code }
      swap(&index, &codeHolders)
      if let first {
        warn(
          at: entryLocation(node.offset, place),
          "duplicate code '\(code)': \(place.kind) '\(name)' in \(place.parent) has the code"
            + " of \(holder(first).label); both are kept")
      }
    }
    var city = City(name: name, url: url, code: code, pinyin: pinyin, extra: extra)
    if let counties, case .array(let elements) = counties.value {
      var countyNames = ExactNameIndex()
      if place.isCity {
        openCity = City(name: name, url: "", code: code)
        openCounties = []
      }
      var townships: [City] = []
      for (index, element) in elements.enumerated() {
        var at = Place(province: place.province, city: place.city, county: (name, index))
        if let county = place.county {
          at = Place(
            province: place.province, city: place.city, county: county,
            township: (name, index))
        }
        let siblings = place.isCity ? openCounties : townships
        if let lower = division(element, at: at, among: &countyNames, siblings: siblings) {
          if place.isCity { openCounties.append(lower) } else { townships.append(lower) }
        }
      }
      if place.isCity {
        city.counties = openCounties
        openCounties = []
      } else {
        city.counties = townships
      }
    }
    return city
  }

  /// A division `codeHolders` recorded, kept by now or being read, and its label as a
  /// warning spells it: `city '乙市' in '甲省'`, `county '丁县' in '丙市' in '甲省'`.
  private func holder(_ at: CodeHolderIndex.Holder) -> (division: City, label: String) {
    let p = Int(at.province)
    let c = Int(at.city)
    let province = p < provinces.count ? provinces[p].name : provinceName
    let siblings = p < provinces.count ? provinces[p].cities : cities
    let city = c < siblings.count ? siblings[c] : openCity
    guard at.county >= 0 else { return (city, "city '\(city.name)' in '\(province)'") }
    let county = (c < siblings.count ? city.counties : openCounties)[Int(at.county)]
    return (county, "county '\(county.name)' in '\(city.name)' in '\(province)'")
  }

  private mutating func keepExtra(
    _ key: String, _ node: TreeNode, _ place: Place, into extra: inout [ExtraField]
  ) {
    var dropped = 0
    if let value = plistValue(node, dropped: &dropped) {
      extra.append(ExtraField(key: key, value: value))
    }
    if dropped > 0 {
      warn(
        at: fieldLocation(node.offset, key, place),
        "\(place.kind) \(place.index) in \(place.parent) has null in '\(key)', which a"
          + " property list cannot hold; dropped")
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

  private mutating func entryLocation(_ offset: Int, _ place: Place) -> Diagnostic.Location {
    if warnsByLine, let line = line(at: offset) { return .line(line) }
    return .keyPath(place.path)
  }

  private mutating func fieldLocation(_ offset: Int, _ key: String, _ place: Place)
    -> Diagnostic.Location
  {
    if warnsByLine, let line = line(at: offset) { return .line(line) }
    return .keyPath("\(place.path).\(key)")
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
