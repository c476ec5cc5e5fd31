// The Foundation peer: load a plist with PropertyListSerialization, find province → city, print the url.
// Usage: plist-lookup FILE PROVINCE CITY
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
  FileHandle.standardError.write(
    "usage: plist-lookup FILE PROVINCE CITY\n".data(using: .utf8) ?? Data())
  exit(64)
}
do {
  let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
  let root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
  guard let provinces = root as? [String: Any],
    let cities = provinces[arguments[2]] as? [[String: Any]],
    let city = cities.first(where: { ($0["name"] as? String) == arguments[3] }),
    let url = city["url"] as? String
  else { exit(1) }
  print(url)
} catch {
  FileHandle.standardError.write("plist-lookup: \(error)\n".data(using: .utf8) ?? Data())
  exit(65)
}
