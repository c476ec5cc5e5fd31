/// How lists of cities are written: for people, for `cut`/`grep`, for `jq`, for `xargs`.
public enum OutputFormat: String, Sendable, CaseIterable {
  case text
  case tsv
  case json
  case url
  /// A GeoJSON FeatureCollection: each division's simplified outline and its JSON fields.
  case geojson
}

/// A shell that `--completion` writes a script for.
public enum Shell: String, Sendable, CaseIterable {
  case bash
  case zsh
  case fish
}
