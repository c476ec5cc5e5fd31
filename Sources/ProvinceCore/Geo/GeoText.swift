import CatalogModel
import Foundation
import GeoModel
import TextSupport

/// Coordinates and geometry as JSON text: degrees to 5 decimals (the data's own precision,
/// about a metre), `[lng, lat]` as GeoJSON orders them.
public enum GeoText {
  /// `120.98123`, `-0.5`, `31`: at most 5 decimals, trailing zeros dropped.
  public static func degrees(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    let units = Int((value * 100_000).rounded())
    let sign = units < 0 ? "-" : ""
    let whole = abs(units) / 100_000
    var fraction = String(abs(units) % 100_000)
    fraction = String(repeating: "0", count: 5 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
  }

  /// `31.39° N, 120.98° E`: to 2 decimals (about a kilometre), as a page's facts say it.
  public static func readable(_ point: GeoPoint) -> String {
    latitude(point.lat, point.lat) + ", " + longitude(point.lng, point.lng)
  }

  /// `30.76–32.04° N, 119.92–121.34° E`: a box's south to north, then west to east.
  public static func readable(_ box: GeoBox) -> String {
    latitude(box.south, box.north) + ", " + longitude(box.west, box.east)
  }

  private static func latitude(_ from: Double, _ to: Double) -> String {
    span(from, to) + (from < 0 && to <= 0 ? " S" : " N")
  }

  private static func longitude(_ from: Double, _ to: Double) -> String {
    span(from, to) + (from < 0 && to <= 0 ? " W" : " E")
  }

  /// `30.76–32.04°`, or `31.39°` where both ends are one value; south and west unsigned.
  private static func span(_ from: Double, _ to: Double) -> String {
    func text(_ value: Double) -> String { String(format: "%.2f", abs(value)) }
    let southOrWest = from < 0 && to <= 0
    let (low, high) = southOrWest ? (to, from) : (from, to)
    return (low == high ? text(low) : text(low) + "–" + text(high)) + "°"
  }

  /// `centroid` ({lat, lng}: the centroid, or a point inside where the centroid is not)
  /// and `bbox` ([west, south, east, north], GeoJSON's order) of an outline.
  public static func facts(_ outline: Outline) -> [(String, String)] {
    let box = outline.box
    return [
      (
        "centroid",
        JSONWriter.object([
          ("lat", degrees(outline.point.lat)), ("lng", degrees(outline.point.lng)),
        ])
      ),
      (
        "bbox",
        "[" + [box.west, box.south, box.east, box.north].map(degrees).joined(separator: ",") + "]"
      ),
    ]
  }

  /// The facts of the outline with this code (6 digits, or a province's 2) among those
  /// that come with `catalog`: null where they have none (a township), so that every object
  /// of a list has the same keys; none at all with a data file's catalog.
  public static func facts(code: String?, in catalog: Catalog) -> [(String, String)] {
    guard let store = try? CatalogOutlines.facts(for: catalog) else { return [] }
    guard let code, let index = store.index(ofCode: code) else {
      return [("centroid", "null"), ("bbox", "null")]
    }
    return facts(store.outlines[index])
  }

  /// A GeoJSON MultiPolygon of the outline at `index`: each shell followed by its holes,
  /// shells counter-clockwise and holes clockwise (RFC 7946's right-hand rule).
  public static func geometry(_ store: OutlineStore, _ index: Int) -> String {
    let outline = store.outlines[index]
    var polygons: [[String]] = []
    for (ring, hole) in zip(outline.rings, outline.holes) {
      var area = 0.0
      for vertex in ring.dropLast() {
        area += store.xs[vertex] * store.ys[vertex + 1] - store.xs[vertex + 1] * store.ys[vertex]
      }
      var vertices = Array(ring)
      if (area > 0) == hole { vertices.reverse() }
      let text =
        "["
        + vertices.map { "[\(degrees(store.xs[$0])),\(degrees(store.ys[$0]))]" }.joined(
          separator: ",")
        + "]"
      if hole, !polygons.isEmpty {
        polygons[polygons.count - 1].append(text)
      } else {
        polygons.append([text])
      }
    }
    return "{\"type\":\"MultiPolygon\",\"coordinates\":["
      + polygons.map { "[" + $0.joined(separator: ",") + "]" }.joined(separator: ",") + "]}"
  }
}
