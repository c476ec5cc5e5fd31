import TextSupport

/// Why a page could not be stored in the cache.
public enum PageCacheError: Error, Sendable, Equatable {
  /// The cache folder or an entry could not be written (path, reason).
  case cannotWrite(String, String)

  /// One line for the user, safe to print on a terminal.
  public var message: String {
    switch self {
    case .cannotWrite(let path, let reason):
      return TerminalText.sanitize("The page cache could not be written at \(path) (\(reason)).")
    }
  }
}
