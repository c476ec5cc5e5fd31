import CatalogModel
import Foundation

/// Builds data files in code, so the tests need no resource files.
package enum LoaderFixtures {
  /// A city whose value nests `depth` arrays, as an XML plist and as JSON.
  package static func deeplyNested(depth: Int) -> (xml: String, json: String) {
    let xml =
      "<plist><dict><key>a</key><array><dict><key>x</key>"
      + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
      + "</dict></array></dict></plist>"
    let json =
      "{\"a\": [{\"x\": " + String(repeating: "[", count: depth)
      + String(repeating: "]", count: depth) + "}]}"
    return (xml, json)
  }

  package typealias Entry = (key: String, value: String)

  package static let header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """

  /// An XML plist in the seed's shape: province → array of string-valued dicts.
  package static func xml(_ provinces: [(String, [[Entry]])]) -> String {
    var out = header + "<dict>\n"
    for (province, cities) in provinces {
      out += "\t<key>\(escape(province))</key>\n\t<array>\n"
      for city in cities {
        out += "\t\t<dict>\n"
        for (key, value) in city {
          out += "\t\t\t<key>\(escape(key))</key>\n\t\t\t<string>\(escape(value))</string>\n"
        }
        out += "\t\t</dict>\n"
      }
      out += "\t</array>\n"
    }
    return out + "</dict>\n</plist>\n"
  }

  /// The same shape as JSON.
  package static func json(_ provinces: [(String, [[Entry]])]) -> String {
    func quote(_ text: String) -> String {
      var out = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        default: out.unicodeScalars.append(scalar)
        }
      }
      return out + "\""
    }
    let body = provinces.map { province, cities in
      let list = cities.map { city in
        "{" + city.map { "\(quote($0.key)): \(quote($0.value))" }.joined(separator: ", ") + "}"
      }
      return "  \(quote(province)): [\n    " + list.joined(separator: ",\n    ") + "\n  ]"
    }
    return "{\n" + body.joined(separator: ",\n") + "\n}\n"
  }

  package static func city(_ name: String, _ url: String? = nil) -> [Entry] {
    [("name", name), ("url", url ?? "https://baike.baidu.com/item/\(name)")]
  }

  package static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }

  /// Five provinces in neither sorted nor hash order, with cities likewise.
  package static let unordered: [(String, [[Entry]])] = [
    ("浙江省", [city("温州市"), city("杭州市"), city("宁波市")]),
    ("北京市", [city("北京")]),
    ("广东省", [city("深圳市"), city("广州市"), city("珠海市"), city("佛山市")]),
    ("安徽省", [city("芜湖市"), city("合肥市")]),
    ("上海市", [city("上海")]),
  ]

  package static func load(_ text: String, source: String = "test.plist") -> LoadResult {
    CatalogLoader.load(Data(text.utf8), source: source)
  }

  package static func names(_ catalog: Catalog?) -> [String] {
    catalog?.provinces.map(\.name) ?? []
  }

  package static func cityNames(_ catalog: Catalog?) -> [[String]] {
    catalog?.provinces.map { $0.cities.map(\.name) } ?? []
  }

  package static func warnings(_ result: LoadResult) -> [String] {
    result.diagnostics.filter { $0.severity == .warning }.map(\.message)
  }
}
