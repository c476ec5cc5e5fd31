/// Finds repeated city names by their UTF-8 bytes. A Set<String> compares by canonical
/// equivalence, which normalises every CJK name, and touches every string again as it
/// grows: together a third of the load time. Only hashes and indices are stored here.
/// Data files spell a repeated name the same way, so exact bytes find what matters.
struct ExactNameIndex {
  private var firstByHash: [Int: Int] = [:]

  /// Whether `name` is new among `cities`; if so it is recorded as the next city's.
  mutating func insert(_ name: String, among cities: [City]) -> Bool {
    var name = name
    var hasher = Hasher()
    name.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    let hash = hasher.finalize()
    guard let other = firstByHash[hash] else {
      firstByHash[hash] = cities.count
      return true
    }
    if Self.same(name, cities[other].name) { return false }
    // A 64-bit collision between different names: settle it the slow, certain way.
    for city in cities where Self.same(name, city.name) {
      return false
    }
    return true
  }

  /// Forgets every name but keeps the table's size, for the next province's cities: a new
  /// table grew by doubling through each province's thousand names.
  mutating func removeAll() {
    firstByHash.removeAll(keepingCapacity: true)
  }

  private static func same(_ a: String, _ b: String) -> Bool {
    var a = a
    var b = b
    return a.withUTF8 { x in b.withUTF8 { y in x.elementsEqual(y) } }
  }
}
