/// What loading a data file produced: the catalog (nil when a fatal problem stopped it)
/// and every problem found, in file order. There is at most one fatal diagnostic and it
/// is always the last, so a capped printout can show the first warnings, a count of the
/// rest (`diagnostics.count`), then the fatal line.
public struct LoadResult: Sendable {
  public var catalog: Catalog?
  public var diagnostics: [Diagnostic]

  public init(catalog: Catalog?, diagnostics: [Diagnostic]) {
    self.catalog = catalog
    self.diagnostics = diagnostics
  }

  /// Whether a fatal diagnostic stopped the load.
  public var isFatal: Bool {
    diagnostics.contains { $0.severity == .fatal }
  }
}
