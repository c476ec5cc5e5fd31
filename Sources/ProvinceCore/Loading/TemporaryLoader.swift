// TEMPORARY until the loader branch lands (unordered!).
import Foundation

public struct LoadResult: Sendable {
  public var catalog: Catalog?
  public var diagnostics: [Diagnostic]
}

public enum CatalogLoader {
  public static func load(_ data: Data, source: String) -> LoadResult {
    guard let root = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: [[String: String]]] else {
      return LoadResult(catalog: nil, diagnostics: [Diagnostic(.fatal, source: source, at: .none, "unparsable")])
    }
    let provinces = root.keys.sorted().map { key in
      Province(name: key, cities: root[key]!.map { City(name: $0["name"]!, url: $0["url"]!, code: $0["code"], pinyin: $0["pinyin"]) })
    }
    return LoadResult(catalog: Catalog(provinces: provinces), diagnostics: [])
  }
}
