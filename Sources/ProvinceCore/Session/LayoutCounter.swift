import Synchronization

/// Counts the page layouts made while it is the task's (`$current.withValue`): a page laid
/// out for a width, or its text and link list put together. Tests use it to show that a
/// key on a long page moves a window over what was laid out and lays nothing out again;
/// with no counter set, counting costs one task-local read.
public final class LayoutCounter: Sendable {
  /// The counter of the task, if one is set.
  @TaskLocal public static var current: LayoutCounter?

  private let value = Mutex(0)

  /// A counter at zero.
  public init() {}

  /// The layouts counted so far.
  public var count: Int { value.withLock { $0 } }

  /// Counts one layout on the task's counter, if it has one.
  static func count() {
    current?.value.withLock { $0 += 1 }
  }
}
