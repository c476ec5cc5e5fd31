import Synchronization

/// The township names of each division an address has been resolved under, shared by
/// every copy of a resolver: the threads of `--address -` each hold a copy. Two threads
/// may make one scope at once (it is made outside the lock); the first kept is the one
/// both use from then on.
final class TownshipScopes: Sendable {
  private let scopes = Mutex<[AddressResolver.TownshipScope?]>([])

  /// The scope of the division at `index`, where it has been made.
  func scope(_ index: Int32) -> AddressResolver.TownshipScope? {
    scopes.withLock { $0.indices.contains(Int(index)) ? $0[Int(index)] : nil }
  }

  /// Keeps `scope` for the division at `index` of `count`, unless one is kept already:
  /// the scope kept.
  func keep(_ scope: AddressResolver.TownshipScope, for index: Int32, of count: Int)
    -> AddressResolver.TownshipScope
  {
    scopes.withLock { scopes in
      if scopes.isEmpty { scopes = Array(repeating: nil, count: count) }
      if let kept = scopes[Int(index)] { return kept }
      scopes[Int(index)] = scope
      return scope
    }
  }
}
