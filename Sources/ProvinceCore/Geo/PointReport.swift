import CatalogModel
import GeoModel
import TextSupport

/// `--at`: the province, city and county holding each point, one line a point in every
/// format, so that `--at -` answers a script line for line.
public struct PointReport: Sendable {
  /// What a point in no division is told: at sea off China's coast, or outside China
  /// (CoastCheck says which).
  public static func nowhere(_ verdict: CoastCheck.Verdict) -> String {
    switch verdict {
    case .atSea(let kilometres): return "at sea, \(kilometres) km off China's coast"
    case .outsideChina: return "outside China"
    }
  }
  public static let notAPoint = "not a point: expected LAT,LNG (WGS-84 degrees)"

  let places: PlaceIndex
  let locator: PointLocator
  let format: OutputFormat

  /// Made from the outlines that come with `catalog`, or the report of why it cannot be: a
  /// data file's catalog has none, or they could not be decoded.
  public static func make(catalog: Catalog, format: OutputFormat) -> Result<PointReport, Report> {
    do throws(OutlineDataError) {
      guard let places = try CatalogOutlines.places(for: catalog),
        let locator = try CatalogOutlines.locator(for: catalog)
      else { return .failure(CatalogOutlines.noneReport) }
      return .success(PointReport(places: places, locator: locator, format: format))
    } catch {
      return .failure(CatalogOutlines.failure(error))
    }
  }

  /// What one line of input says, and whether it was a point in a division.
  public enum Outcome: Sendable, Equatable {
    case placed
    case nowhere
    case notAPoint
  }

  /// Per leaf, what follows the point on its line (the names, code and URL): a script's
  /// points fall in the same few thousand leaves again and again.
  private var placed: [String?] = []

  /// Per leaf, `placed`'s text as bytes, for `append(line:to:)`.
  private var placedBytes: [[UInt8]?] = []

  /// Appends the output line for one input line's bytes (no newline) to `output`: as
  /// `line(for:)` says it, byte for byte, but with no String made where the line is a
  /// plain point placed in a division in text, TSV or URLs, which is what `--at -` is fed.
  public mutating func append(line input: UnsafeBufferPointer<UInt8>, to output: inout [UInt8])
    -> Outcome
  {
    var start = 0
    var end = input.count
    func blank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
    while start < end, blank(input[start]) { start += 1 }
    while end > start, blank(input[end - 1]) { end -= 1 }
    let body = UnsafeBufferPointer(rebasing: input[start..<end])
    if format != .json && format != .geojson, body.allSatisfy(Self.isPlain),
      let point = GeoPoint(parsing: body), let leaf = locator.leaf(at: point)
    {
      if placedBytes.isEmpty {
        placedBytes = Array(repeating: nil, count: places.store.outlines.count)
      }
      let rest = placedBytes[leaf] ?? Array(describe(leaf).utf8)
      placedBytes[leaf] = rest
      if format != .url { output.append(contentsOf: body) }
      output.append(contentsOf: rest)
      return .placed
    }
    let (text, outcome) = line(for: String(decoding: input, as: UTF8.self))
    output.append(contentsOf: text.utf8)
    return outcome
  }

  /// A byte of a plain `lat,lng`: digits, signs, points, a comma, an exponent, a space.
  private static func isPlain(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || byte == 0x2C || byte == 0x2E || byte == 0x2D
      || byte == 0x2B || byte == 0x65 || byte == 0x45 || byte == 0x20
  }

  /// The output line (ending in "\n") for one input line.
  public mutating func line(for input: String) -> (text: String, outcome: Outcome) {
    let shown = Self.trimmed(input)
    guard let point = GeoPoint(parsing: shown) else {
      return (noteLine(shown, point: nil, note: Self.notAPoint, key: "error"), .notAPoint)
    }
    guard let leaf = locator.leaf(at: point) else {
      let note = Self.nowhere(CoastCheck.verdict(point, store: places.store))
      return (noteLine(shown, point: point, note: note, key: "where"), .nowhere)
    }
    if placed.isEmpty { placed = Array(repeating: nil, count: places.store.outlines.count) }
    let rest = placed[leaf] ?? describe(leaf)
    placed[leaf] = rest
    switch format {
    case .url:
      return (rest, .placed)
    case .tsv, .text:
      return (shown + rest, .placed)
    case .json, .geojson:
      let object =
        "{\"point\":\(JSONWriter.string(shown)),\"lat\":\(GeoText.degrees(point.lat)),"
        + "\"lng\":\(GeoText.degrees(point.lng)),\(rest)"
      return (wrap(object, point: point) + "\n", .placed)
    }
  }

  /// The input line without its surrounding blanks, sanitised: a plain `lat,lng` (digits,
  /// signs, points, a comma, an exponent) needs no sanitising, and most lines are that.
  static func trimmed(_ input: String) -> String {
    var text = input
    return text.withUTF8 { bytes -> String in
      var start = 0
      var end = bytes.count
      func blank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
      while start < end, blank(bytes[start]) { start += 1 }
      while end > start, blank(bytes[end - 1]) { end -= 1 }
      let body = UnsafeBufferPointer(rebasing: bytes[start..<end])
      let plain = body.allSatisfy(isPlain)
      let text = String(decoding: body, as: UTF8.self)
      return plain ? text : TerminalText.sanitize(text)
    }
  }

  /// The part of a placed point's line after the point, for the leaf at `leaf`.
  private func describe(_ leaf: Int) -> String {
    let place = places.place(ofOutline: leaf)
    let url = place.ref.map { URLText.ascii(places.catalog[$0].url) } ?? ""
    switch format {
    case .url:
      return url + "\n"
    case .tsv:
      let fields = [place.province, place.city, place.county ?? "", place.code, url]
      return "\t" + fields.map(TerminalText.sanitize).joined(separator: "\t") + "\n"
    case .text:
      let fields = [place.province, place.city, place.county ?? "", place.code]
      return "  "
        + fields.filter { !$0.isEmpty }.map(TerminalText.sanitize)
        .joined(separator: "  ") + "\n"
    case .json, .geojson:
      let members = ListFormatter.placeMembers(place, in: places.catalog, store: places.store)
      // The object's members without its opening brace: the point's come first.
      return String(JSONWriter.object(members).dropFirst())
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
  public mutating func report(_ input: String) -> Report {
    let (text, outcome) = line(for: input)
    return Report(output: [text], exitCode: outcome == .placed ? .success : .failure)
  }
}
