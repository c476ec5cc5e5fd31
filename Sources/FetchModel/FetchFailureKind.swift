/// What a failed fetch means for the run (`FetchError.kind`).
public enum FetchFailureKind: Sendable, Hashable {
  /// No usable answer came: the host, the connection or TLS failed, or time ran out.
  /// A one-shot run exits 69 (EX_UNAVAILABLE), and a cached copy may stand in.
  case networkUnavailable
  /// The server answered, but not with a page to show (an error status, a redirect loop
  /// or one to another scheme, an empty body), or the address was unusable. Exit 1.
  case pageFailed
  /// The user stopped the fetch.
  case cancelled
}
