import Foundation

/// Where a page handed out by `CachingFetcher` came from.
public enum PageSource: Sendable, Hashable {
  /// Fetched afresh (and stored).
  case network
  /// The cached copy, confirmed current by the server (304).
  case revalidated
  /// The cached copy without asking the server (offline, or the network failed), `age` seconds old.
  case cache(age: TimeInterval)
}

extension PageSource {
  /// A short note for the status line when the page did not come fresh from the server
  /// ("cached copy, 3 h old"); nil when it did.
  public var note: String? {
    guard case .cache(let age) = self else { return nil }
    return "cached copy, \(Self.describe(age: age)) old"
  }

  /// An age in the largest whole unit that fits: "40 s", "5 min", "3 h", "2 days".
  public static func describe(age: TimeInterval) -> String {
    let seconds = max(0, Int(age))
    switch seconds {
    case ..<60: return "\(seconds) s"
    case ..<3600: return "\(seconds / 60) min"
    case ..<86_400: return "\(seconds / 3600) h"
    default:
      let days = seconds / 86_400
      return days == 1 ? "1 day" : "\(days) days"
    }
  }
}
