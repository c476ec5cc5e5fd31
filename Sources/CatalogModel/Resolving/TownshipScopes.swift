import Synchronization

/// The township names of each division an address has been resolved under, made once and
/// shared by every copy of a resolver: the threads of `--address -` each hold a copy, and
/// every scope is worth making once, not once a thread.
final class TownshipScopes: Sendable {
  private let scopes = Mutex<[AddressResolver.TownshipScope?]>([])

  /// The scope of the division at `index`, where it has been made.
  func scope(_ index: Int32) -> AddressResolver.TownshipScope? {
    scopes.withLock { $0.indices.contains(Int(index)) ? $0[Int(index)] : nil }
  }

  /// Keeps `scope` for the division at `index` of `count`.
  func keep(_ scope: AddressResolver.TownshipScope, for index: Int32, of count: Int) {
    scopes.withLock { scopes in
      if scopes.isEmpty { scopes = Array(repeating: nil, count: count) }
      scopes[Int(index)] = scope
    }
  }
}
