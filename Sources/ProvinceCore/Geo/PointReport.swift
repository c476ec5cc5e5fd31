import CatalogModel
import GeoModel
import TextSupport

/// `--at`: the province, city and county holding each point, one line a point in every
/// format, so that `--at -` answers a script line for line.
public struct PointReport: Sendable {
  /// What a point in no division is told.
  public static let nowhere = "not in China (abroad or at sea)"
  public static let notAPoint = "not a point: expected LAT,LNG (WGS-84 degrees)"

  let places: PlaceIndex
  let locator: PointLocator
  let format: OutputFormat

  /// Made from the built-in outlines, or the report of why they could not be read.
  public static func make(catalog: Catalog, format: OutputFormat) -> Result<PointReport, Report> {
    do throws(OutlineDataError) {
      let store = try BuiltInOutlinesAccess.store()
      let locator = try BuiltInOutlinesAccess.locator()
      return .success(
        PointReport(
          places: PlaceIndex(catalog: catalog, store: store), locator: locator, format: format))
    } catch {
      return .failure(BuiltInOutlinesAccess.failure(error))
    }
  }

  /// What one line of input says, and whether it was a point in a division.
  public enum Outcome: Sendable, Equatable {
    case placed
    case nowhere
    case notAPoint
  }

  /// The output line (ending in "\n") for one input line.
  public func line(for input: String) -> (text: String, outcome: Outcome) {
    let shown = TerminalText.sanitize(
      String(
        input.drop { $0 == " " || $0 == "\t" }.reversed().drop {
          $0 == " " || $0 == "\t" || $0 == "\r"
        }.reversed()))
    guard let point = GeoPoint(parsing: shown) else {
      return (noteLine(shown, point: nil, note: Self.notAPoint, key: "error"), .notAPoint)
    }
    guard let leaf = locator.leaf(at: point) else {
      return (noteLine(shown, point: point, note: Self.nowhere, key: "where"), .nowhere)
    }
    let place = places.place(ofOutline: leaf)
    let url = place.ref.map { URLText.ascii(places.catalog[$0].url) } ?? ""
    switch format {
    case .url:
      return (url + "\n", .placed)
    case .tsv:
      let fields = [shown, place.province, place.city, place.county ?? "", place.code, url]
      return (fields.map(TerminalText.sanitize).joined(separator: "\t") + "\n", .placed)
    case .text:
      let fields = [shown, place.province, place.city, place.county ?? "", place.code]
      return (
        fields.filter { !$0.isEmpty }.map(TerminalText.sanitize).joined(separator: "  ") + "\n",
        .placed
      )
    case .json, .geojson:
      var members: [(String, String)] = [
        ("point", JSONWriter.string(shown)), ("lat", GeoText.degrees(point.lat)),
        ("lng", GeoText.degrees(point.lng)), ("province", JSONWriter.string(place.province)),
        ("city", JSONWriter.string(place.city)),
      ]
      if let county = place.county { members.append(("county", JSONWriter.string(county))) }
      members.append(("code", JSONWriter.string(place.code)))
      if !url.isEmpty { members.append(("url", JSONWriter.string(url))) }
      return (wrap(JSONWriter.object(members), point: point) + "\n", .placed)
    }
  }

  private func noteLine(_ shown: String, point: GeoPoint?, note: String, key: String) -> String {
    switch format {
    case .url: return "\n"
    case .tsv: return shown + "\t" + note + "\n"
    case .text: return (shown.isEmpty ? "(empty)" : shown) + "  " + note + "\n"
    case .json, .geojson:
      var members = [("point", JSONWriter.string(shown))]
      if let point {
        members += [("lat", GeoText.degrees(point.lat)), ("lng", GeoText.degrees(point.lng))]
      }
      members.append((key, JSONWriter.string(note)))
      return wrap(JSONWriter.object(members), point: point) + "\n"
    }
  }

  /// In GeoJSON, a Feature whose geometry is the point and whose properties are the object.
  private func wrap(_ object: String, point: GeoPoint?) -> String {
    guard format == .geojson else { return object }
    let geometry = point.map {
      "{\"type\":\"Point\",\"coordinates\":[\(GeoText.degrees($0.lng)),\(GeoText.degrees($0.lat))]}"
    }
    return "{\"type\":\"Feature\",\"geometry\":\(geometry ?? "null"),\"properties\":\(object)}"
  }

  /// `--at LAT,LNG`: the one line, and exit 1 where the point is in no division.
  public func report(_ input: String) -> Report {
    let (text, outcome) = line(for: input)
    return Report(output: [text], exitCode: outcome == .placed ? .success : .failure)
  }
}
