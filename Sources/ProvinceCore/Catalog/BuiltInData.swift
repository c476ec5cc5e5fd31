import Foundation

/// The data compiled into the binary, so that `browse` works copied alone anywhere.
public enum BuiltInData {
  public static var bytes: Data { Data(EmbeddedData.plist.utf8) }

  /// `bytes` as the loader reads them (with no diagnostics), ready-made at build time.
  public static var catalog: Catalog { EmbeddedData.catalog }
}
