import CatalogModel

/// The data compiled into the binary, so that `browse` works copied alone anywhere: the
/// catalog of `Resources/provinces_cities.plist`, generated from `Data/divisions.tsv`.
public enum BuiltInCatalog {
  /// The built-in catalog, ready-made at build time.
  public static var catalog: Catalog { generated }
}
