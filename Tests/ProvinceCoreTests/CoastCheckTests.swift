import BuiltInCatalog
import BuiltInOutlines
import Testing

@testable import GeoModel
@testable import ProvinceCore

/// A point in no division: at sea off China's coast, or outside China. Points placed by
/// hand: two seas, two neighbours inland, and North Korea across the Yalu from 丹东.
@Suite("At sea or outside China")
struct CoastCheckTests {
  func verdict(_ lat: Double, _ lng: Double) throws -> CoastCheck.Verdict {
    let store = try BuiltInOutlines.store.get()
    let point = GeoPoint(lat: lat, lng: lng)
    // Each point lies in no division: that is what is being told apart.
    #expect(try BuiltInOutlines.locator.get().leaf(at: point) == nil)
    return CoastCheck.verdict(point, store: store)
  }

  @Test(
    "a point in the Bohai or the East China Sea is at sea, tens of kilometres off the coast",
    arguments: [
      // The middle of the Bohai: 60–130 km from 辽东, 山东 and 河北's shores.
      (38.8, 120.0, 40, 140),
      // The East China Sea east of 舟山 and 台州's islands.
      (29.5, 123.5, 40, 150),
    ])
  func atSea(lat: Double, lng: Double, nearest: Int, farthest: Int) throws {
    guard case .atSea(let kilometres) = try verdict(lat, lng) else {
      Issue.record("\(lat),\(lng) is not said to be at sea")
      return
    }
    #expect(kilometres >= nearest && kilometres <= farthest)
  }

  @Test(
    "a point inland in a neighbour, or across a coastal province's land border, is outside China",
    arguments: [
      // Ulaanbaatar (Mongolia), Almaty (Kazakhstan), Sinuiju across the Yalu from 丹东
      // (North Korea), Hanoi (Vietnam), Seoul (South Korea).
      (47.92, 106.92), (43.24, 76.95), (40.10, 124.40), (21.03, 105.85), (37.57, 126.98),
    ])
  func outside(lat: Double, lng: Double) throws {
    #expect(try verdict(lat, lng) == .outsideChina)
  }

  @Test("--at says at sea or outside China on the point's line")
  func lines() throws {
    var report = try PointReport.make(catalog: BuiltInCatalog.catalog, format: .tsv).get()
    let sea = report.line(for: "38.8,120.0")
    #expect(sea.outcome == .nowhere && sea.text.hasPrefix("38.8,120.0\tat sea, "))
    #expect(sea.text.hasSuffix(" km off China's coast\n"))
    let abroad = report.line(for: "47.92,106.92")
    #expect(abroad.outcome == .nowhere && abroad.text == "47.92,106.92\toutside China\n")
  }
}
