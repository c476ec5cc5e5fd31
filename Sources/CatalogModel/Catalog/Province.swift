/// A provincial-level division and its cities, in file order.
public struct Province: Sendable, Hashable {
  public var name: String
  public var cities: [City]

  public init(name: String, cities: [City]) {
    self.name = name
    self.cities = cities
  }
}
