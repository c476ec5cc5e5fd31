/// The outcome of looking a name up: one entry, several equally good ones, or none
/// with a few close names to suggest (already sanitised for display).
public enum MatchResult<T: Sendable & Hashable>: Sendable, Hashable {
  case unique(T)
  case ambiguous([T])
  case notFound(suggestions: [String])
}
