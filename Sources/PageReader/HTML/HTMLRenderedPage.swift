import TextSupport

/// A web page read as text: what `HTMLRenderer.render` returns.
public struct RenderedPage: Sendable, Equatable {
  /// The `<title>`, whitespace collapsed and sanitised, on one line.
  public var title: String?
  /// `<meta name="description">` (or `og:description`), sanitised, on one line.
  public var description: String?
  /// The body laid out to the requested width, one sanitised line each; `pre` lines
  /// are kept whole and may be wider.
  public var lines: [String]
  /// Absolute http(s) URLs; link `[n]` in `lines` is `links[n - 1]`.
  public var links: [String]

  public init(title: String?, description: String?, lines: [String], links: [String]) {
    self.title = title
    self.description = description
    self.lines = lines
    self.links = links
  }
}
