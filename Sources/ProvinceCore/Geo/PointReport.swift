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
  public static let notAPoint = "not a point: expected LAT,LNG (degrees)"
  /// The facts every placed point's TSV line ends with.
  static let factFields: [PlaceRecord.Field] = [.areaKm2, .population2020, .population2010]
  /// A placed point's TSV columns (a point in no division: the point and why).
  public static let tsvColumns =
    ["point", "province", "city", "county", "code", "url"] + factFields.map(\.rawValue)
  /// What `--format url` says on stderr of a point placed in a division without a URL.
  public static let noURL = "no URL for this division"

  let places: PlaceIndex
  let locator: PointLocator
  let format: OutputFormat
  /// The datum the points are typed in (`--datum`): each is read as WGS-84 before it is
  /// placed, and JSON gives both.
  let datum: GeoDatum

  /// Made from the outlines that come with `catalog`, or the report of why it cannot be: a
  /// data file's catalog has none, or they could not be decoded.
  public static func make(catalog: Catalog, format: OutputFormat, datum: GeoDatum = .wgs84)
    -> Result<PointReport, Report>
  {
    do throws(OutlineDataError) {
      guard let places = try CatalogOutlines.places(for: catalog),
        let locator = try CatalogOutlines.locator(for: catalog)
      else { return .failure(CatalogOutlines.noneReport) }
      return .success(
        PointReport(places: places, locator: locator, format: format, datum: datum))
    } catch {
      return .failure(CatalogOutlines.failure(error))
    }
  }

  /// What one line of input says, and whether it was a point in a division.
  public enum Outcome: Sendable, Equatable {
    case placed
    case nowhere
    case notAPoint
    /// In a division without a URL (`--format url` alone tells it from `placed`).
    case noURL
  }

  /// Per leaf, what follows the point on its line (the names, code and URL): a script's
  /// points fall in the same few thousand leaves again and again.
  private var placed: [String?] = []

  /// Per leaf, `placed`'s text as bytes, for `append(line:to:)`.
  private var placedBytes: [[UInt8]?] = []

  /// Appends the output line for one input line's bytes (no newline) to `output`: as
  /// `line(for:)` says it, byte for byte, but with no String made where the line is a
  /// plain point placed in a division in text, TSV or URLs, which is what `--at -` is fed.
  /// In `--format url` a line with no URL to give (no point, in no division) writes
  /// nothing: a URL list has no empty lines.
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
      let typed = GeoPoint(parsing: body), let leaf = locator.leaf(at: datum.toWGS84(typed))
    {
      if placedBytes.isEmpty {
        placedBytes = Array(repeating: nil, count: places.store.outlines.count)
      }
      let rest = placedBytes[leaf] ?? Array(describe(leaf).utf8)
      placedBytes[leaf] = rest
      if format == .url && rest.isEmpty { return .noURL }
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
    let (shown, typed, point, leaf) = read(input)
    guard let typed, let point else {
      return (
        noteLine(shown, typed: nil, point: nil, note: Self.notAPoint, key: "error"), .notAPoint
      )
    }
    guard let leaf else {
      let note = Self.nowhere(CoastCheck.verdict(point, store: places.store))
      return (noteLine(shown, typed: typed, point: point, note: note, key: "where"), .nowhere)
    }
    if placed.isEmpty { placed = Array(repeating: nil, count: places.store.outlines.count) }
    let rest = placed[leaf] ?? describe(leaf)
    placed[leaf] = rest
    switch format {
    case .url:
      return (rest, rest.isEmpty ? .noURL : .placed)
    case .tsv, .text:
      return (shown + rest, .placed)
    case .json, .geojson:
      let object =
        "{\"point\":\(JSONWriter.string(shown)),\"lat\":\(GeoText.degrees(point.lat)),"
        + "\"lng\":\(GeoText.degrees(point.lng)),\(inputMember(typed))\(rest)"
      return (wrap(object, point: point) + "\n", .placed)
    }
  }

  /// One input line read: as shown (trimmed, sanitised), the point as typed, the WGS-84
  /// point it is read as, and the leaf holding that.
  private func read(_ input: String) -> (String, GeoPoint?, GeoPoint?, Int?) {
    let shown = Self.trimmed(input)
    guard let typed = GeoPoint(parsing: shown) else { return (shown, nil, nil, nil) }
    let point = datum.toWGS84(typed)
    return (shown, typed, point, locator.leaf(at: point))
  }

  /// Why a line has no URL, for stderr in `--format url` (which writes no line for it).
  func whyNoURL(_ input: String) -> String {
    let (shown, _, point, leaf) = read(input)
    guard let point else { return "\(shown): \(Self.notAPoint)" }
    guard leaf != nil else {
      return "\(shown): " + Self.nowhere(CoastCheck.verdict(point, store: places.store))
    }
    return "\(shown): \(Self.noURL)"
  }

  /// JSON's `input` member (with its comma) where the point was typed in another datum than
  /// WGS-84: the point as typed and its datum (`lat` and `lng` are the WGS-84 point).
  private func inputMember(_ typed: GeoPoint) -> String {
    guard datum != .wgs84 else { return "" }
    return "\"input\":{\"lat\":\(GeoText.degrees(typed.lat)),\"lng\":\(GeoText.degrees(typed.lng)),"
      + "\"datum\":\(JSONWriter.string(datum.rawValue))},"
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
      return url.isEmpty ? "" : url + "\n"
    case .tsv:
      // The columns `--at` has always had, then the facts (`PointReport.tsvColumns`).
      let record = PlaceRecord(place, in: places.catalog, store: places.store)
      let fields = [place.province, place.city, place.county ?? "", place.code, url]
      return "\t"
        + (fields.map(TerminalText.sanitize) + record.cells(Self.factFields))
        .joined(separator: "\t") + "\n"
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

  private func noteLine(
    _ shown: String, typed: GeoPoint?, point: GeoPoint?, note: String, key: String
  ) -> String {
    switch format {
    case .url: return ""
    case .tsv: return shown + "\t" + note + "\n"
    case .text: return (shown.isEmpty ? "(empty)" : shown) + "  " + note + "\n"
    case .json, .geojson:
      var members = [("point", JSONWriter.string(shown))]
      if let point {
        members += [("lat", GeoText.degrees(point.lat)), ("lng", GeoText.degrees(point.lng))]
      }
      if let typed, datum != .wgs84 {
        let input = [
          ("lat", GeoText.degrees(typed.lat)), ("lng", GeoText.degrees(typed.lng)),
          ("datum", JSONWriter.string(datum.rawValue)),
        ]
        members.append(("input", JSONWriter.object(input)))
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

  /// `--at LAT,LNG`: the one line, and exit 1 where the point is in no division. In
  /// `--format url` such a point writes no line, and says why on stderr, as a lookup that
  /// finds nothing does.
  public mutating func report(_ input: String) -> Report {
    let (text, outcome) = line(for: input)
    if format == .url && outcome != .placed { return .failure(whyNoURL(input)) }
    return Report(output: [text], exitCode: outcome == .placed ? .success : .failure)
  }
}
