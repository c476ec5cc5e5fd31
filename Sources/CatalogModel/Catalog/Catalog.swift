import Foundation

/// The whole data set: provinces in file order, each with its cities in file order, each
/// city with its counties (when the data has them) in file order.
public struct Catalog: Sendable, Hashable {
  public var provinces: [Province] {
    // The index describes the divisions it was made from: changed ones get a new one.
    didSet { codes = CodeIndex() }
  }
  /// The township level where the counties do not carry their own (the built-in data's,
  /// decoded a county at a time); a data file's townships are its counties' `counties`.
  public var townshipTable: TownshipTable {
    didSet { codes = CodeIndex() }
  }
  /// The outlines that go with the catalog's codes: the built-in ones with the built-in
  /// catalog alone; a data file's codes need not name the divisions they name.
  public var outlines: Outlines
  /// The divisions by code, made on first use (see `division(code:)`).
  private var codes = CodeIndex()

  /// Which outlines a catalog comes with.
  public enum Outlines: Sendable, Hashable {
    /// None: no map, centroid or point lookup from its codes.
    case none
    /// The outlines compiled into the binary (BuiltInOutlines), of the built-in codes.
    case builtIn
  }

  public init(
    provinces: [Province], townshipTable: TownshipTable = .none, outlines: Outlines = .none
  ) {
    self.provinces = provinces
    self.townshipTable = townshipTable
    self.outlines = outlines
  }

  /// Equal divisions make equal catalogs, whatever their code indexes hold so far.
  public static func == (a: Catalog, b: Catalog) -> Bool {
    a.provinces == b.provinces && a.townshipTable == b.townshipTable && a.outlines == b.outlines
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(provinces)
    hasher.combine(townshipTable)
    hasher.combine(outlines)
  }

  /// Every city and county whose code is `code`, in catalog order (a data file may give
  /// two the same code; the built-in data never does). Townships are not among them: a
  /// township's code is asked for by `townships(code:prefix:)`.
  public func divisions(code: String) -> [CityRef] {
    codes.divisions(code, in: self)
  }

  /// The first city or county, in catalog order, whose code is `code`.
  public func division(code: String) -> CityRef? {
    divisions(code: code).first
  }

  /// The townships whose code is `code` or, with `prefix`, starts with it, in code order.
  /// The first such question reads every township's code once (not its name).
  public func townships(code: String, prefix: Bool = false) -> [CityRef] {
    codes.townships(code, prefix: prefix, in: self)
  }

  /// Every city with its province, in catalog order.
  public var allCities: [CityRef] {
    var refs: [CityRef] = []
    refs.reserveCapacity(provinces.reduce(0) { $0 + $1.cities.count })
    for (p, province) in provinces.enumerated() {
      for c in province.cities.indices {
        refs.append(CityRef(province: p, city: c))
      }
    }
    return refs
  }

  /// Every county under the given cities (all cities when nil), in catalog order.
  public func counties(of cities: [CityRef]? = nil) -> [CityRef] {
    var refs: [CityRef] = []
    for city in cities ?? allCities where city.county == nil {
      for k in self[city].counties.indices {
        refs.append(CityRef(province: city.province, city: city.city, county: k))
      }
    }
    return refs
  }

  /// Whether any city has counties: lists show a county column only then.
  public var hasCounties: Bool {
    provinces.contains { $0.cities.contains { !$0.counties.isEmpty } }
  }

  /// The city, the county when `ref` names one, or the township when it names one.
  public subscript(ref: CityRef) -> City {
    let city = provinces[ref.province].cities[ref.city]
    if let township = ref.township { return townships(of: ref.parent)[township] }
    guard let county = ref.county else { return city }
    return city.counties[county]
  }

  /// Whether `ref` names an entry of this catalog.
  public func contains(_ ref: CityRef) -> Bool {
    guard provinces.indices.contains(ref.province),
      provinces[ref.province].cities.indices.contains(ref.city)
    else { return false }
    if let township = ref.township {
      return contains(ref.parent) && townships(of: ref.parent).indices.contains(township)
    }
    guard let county = ref.county else { return true }
    return provinces[ref.province].cities[ref.city].counties.indices.contains(county)
  }

  /// The township-level divisions under the county (or the second-level division without
  /// counties, 东城区 or 东莞市) at `ref`: its own `counties` where the data gives them,
  /// else the township table's. Empty for a city with counties and for a township.
  public func townships(of ref: CityRef) -> [City] {
    guard ref.township == nil, contains(ref) else { return [] }
    let division = self[ref]
    if ref.county == nil && !division.counties.isEmpty { return [] }
    if ref.county != nil && !division.counties.isEmpty { return division.counties }
    return townshipTable.townships(ofCounty: division.code)
  }

  /// The divisions whose townships `refs` cover, in their order: a county itself, a
  /// city's counties, or the city where it has none (东城区, 东莞市). The one walk down to
  /// the township level: listings, search and the code index all start from it.
  public func townshipParents(of refs: [CityRef]) -> [CityRef] {
    var parents: [CityRef] = []
    for ref in refs where ref.township == nil {
      if ref.county == nil && !self[ref].counties.isEmpty {
        parents += counties(of: [ref])
      } else {
        parents.append(ref)
      }
    }
    return parents
  }

  /// Every township under the given divisions (a city's through its counties), in order.
  public func townshipRefs(of refs: [CityRef]) -> [CityRef] {
    var found: [CityRef] = []
    for parent in townshipParents(of: refs) {
      for t in townships(of: parent).indices {
        found.append(
          CityRef(province: parent.province, city: parent.city, county: parent.county, township: t))
      }
    }
    return found
  }

  /// Whether the townships of `parent` (one of `townshipParents`) are the township
  /// table's rather than its own array, with the code its block is filed under.
  func tableCode(of parent: CityRef) -> String? {
    let division = self[parent]
    return division.counties.isEmpty ? division.code : nil
  }

  /// Calls `body` with each township of `parent` (one of `townshipParents`) whose code is
  /// not its county's and three digits more: its index and code. Those are all of a data
  /// file's townships, and the table's few rows that are filed with their whole code.
  func forEachUnfiledTownshipCode(of parent: CityRef, _ body: (Int, String) -> Void) {
    if let county = tableCode(of: parent) {
      townshipTable.scanRows(ofCounty: county) { t, code, _, _ in
        if code.count != 3 { body(t, String(decoding: code, as: UTF8.self)) }
      }
      return
    }
    for (t, township) in townships(of: parent).enumerated() {
      if let code = township.code { body(t, code) }
    }
  }

  /// The province's six-digit code, from its first city that has one (`44` and four zeros
  /// for 广东省); nil when none of its cities has a code of six ASCII digits.
  public func provinceCode(_ index: Int) -> String? {
    guard provinces.indices.contains(index) else { return nil }
    for city in provinces[index].cities {
      guard let code = city.code, code.utf8.count == 6,
        code.utf8.allSatisfy({ (0x30...0x39).contains($0) })
      else { continue }
      return String(code.prefix(2)) + "0000"
    }
    return nil
  }

  /// Whether any township is known: lists show a township column only then.
  public var hasTownships: Bool {
    !townshipTable.isEmpty
      || provinces.contains { $0.cities.contains { $0.counties.contains { !$0.counties.isEmpty } } }
  }
}

/// A city's position in a catalog, with `county` a county's under that city, and with
/// `township` a township's under that county (or under the city itself where it has no
/// counties, as 东城区 and 东莞市): cheap to store in menus and navigation state, and one
/// shape for every level below the province.
public struct CityRef: Sendable, Hashable {
  public var province: Int
  public var city: Int
  /// The county's index under the city; nil for the city itself.
  public var county: Int?
  /// The township's index under its county (or city); nil above the township level.
  public var township: Int?

  public init(province: Int, city: Int, county: Int? = nil, township: Int? = nil) {
    self.province = province
    self.city = city
    self.county = county
    self.township = township
  }

  /// Whether this names a county rather than a city or a township.
  public var isCounty: Bool { county != nil && township == nil }

  /// Whether this names a township.
  public var isTownship: Bool { township != nil }

  /// The division this one is under (a township's county or city; a county's city).
  public var parent: CityRef {
    if township != nil { return CityRef(province: province, city: city, county: county) }
    return cityOnly
  }

  /// The county a township is under, or the county itself; nil at the city level or for a
  /// township directly under a city.
  public var countyOnly: CityRef? {
    county.map { CityRef(province: province, city: city, county: $0) }
  }

  /// The city itself (for a county, the city it is under).
  public var cityOnly: CityRef { CityRef(province: province, city: city) }
}
