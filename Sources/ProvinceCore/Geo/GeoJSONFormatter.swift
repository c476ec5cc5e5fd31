import CatalogModel
import GeoModel

/// `--format geojson`: a FeatureCollection, one feature a line, each with the division's
/// simplified outline (null where the outlines have none) and the JSON output's fields.
public enum GeoJSONFormatter {
  /// Features from properties (JSON objects) and the outlines they are drawn with.
  public static func collection(
    _ features: [(properties: String, outline: Int?)], store: OutlineStore
  ) -> [String] {
    var lines = ["{\"type\":\"FeatureCollection\",\"features\":[\n"]
    for (index, feature) in features.enumerated() {
      let geometry = feature.outline.map { GeoText.geometry(store, $0) } ?? "null"
      lines.append(
        "{\"type\":\"Feature\",\"geometry\":\(geometry),\"properties\":\(feature.properties)}"
          + (index == features.count - 1 ? "\n" : ",\n"))
    }
    lines.append("]}\n")
    return lines
  }

  /// JSON objects as features, each drawn with the outline of its code (6 digits, or a
  /// province's 2), else of the province so named, else none, among the outlines that come
  /// with `catalog` (none with a data file's).
  public static func collection(
    objects: [String], codes: [String?], names: [String?], in catalog: Catalog
  ) -> [String] {
    let store =
      (try? CatalogOutlines.store(for: catalog)) ?? OutlineStore(outlines: [], xs: [], ys: [])
    return collection(
      objects.indices.map { index in
        let outline =
          codes[index].flatMap { store.index(ofCode: $0) }
          ?? names[index].flatMap { name in
            store.outlines.firstIndex { $0.level == .province && $0.name == name }
          }
        return (objects[index], outline)
      }, store: store)
  }
}
