extension Catalog {
  /// The level an address gives a division: 0 a province, 1 a prefecture-level city, 2 a
  /// county. A municipality's (北京市) or a special region's districts are counties, under
  /// the municipality as their city, and so are the county-level cities and districts a
  /// province administers itself (济源市 419001, 东方市 469007: `XX90XX`), under no city,
  /// as the address parsers and the statistics write them.
  public func addressLevel(of ref: CityRef?) -> Int {
    guard let ref else { return 0 }
    if ref.county != nil || isMunicipality(ref.province) { return 2 }
    if let code = self[ref.cityOnly].code, code.utf8.count == 6,
      code.utf8.dropFirst(2).prefix(2).elementsEqual("90".utf8)
    {
      return 2
    }
    return 1
  }

  /// Whether the province's second level is districts: a municipality or a special region.
  public func isMunicipality(_ province: Int) -> Bool {
    let name = provinces[province].name
    return name.hasSuffix("市") || name.hasSuffix("特别行政区")
  }
}
