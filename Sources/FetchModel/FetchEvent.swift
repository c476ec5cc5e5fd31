/// Progress of one fetch, reported so a shell can show what is happening.
public enum FetchEvent: Sendable, Hashable {
  /// The request is under way (the connection is being made).
  case started
  /// The status line and headers of the final response arrived.
  case responseReceived(status: Int)
  /// Body bytes received so far; the first one means "first bytes arrived".
  case bytes(total: Int)
}
