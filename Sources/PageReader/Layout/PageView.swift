/// Which part of a page to show.
public enum PageView: Sendable, Equatable {
  /// The main article, as Firefox's reader view finds it; the whole page when none is
  /// found with confidence.
  case reader
  /// Everything, in source order.
  case fullPage
}
