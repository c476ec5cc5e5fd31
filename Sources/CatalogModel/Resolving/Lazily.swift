import Synchronization

/// A value made the first time it is asked for and kept, shared by every holder.
public final class Lazily<Value: Sendable>: Sendable {
  private let stored = Mutex<Value?>(nil)

  public init() {}

  /// The value, made by `make` if this is the first time.
  public func value(_ make: () -> Value) -> Value {
    stored.withLock { value in
      if let value { return value }
      let made = make()
      value = made
      return made
    }
  }
}
