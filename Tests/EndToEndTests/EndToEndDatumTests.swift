import Foundation
import TestSupport
import Testing

/// `--at` and `--near` with `--datum`: a point copied from Amap or Baidu read as WGS-84.
@Suite(.timeLimit(.minutes(3))) struct EndToEndDatumTests {
  func object(_ line: Substring) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  @Test("--datum gcj02: the JSON has the WGS-84 point as lat, lng and the typed one as input")
  func gcjInJSON() async throws {
    // eviltransform's published vector: WGS-84 31.1774276,121.5272106 (浦东新区) is GCJ-02
    // 31.17530398364597,121.531541859215.
    let result = try await BrowseProcess.run(
      ["--at", "31.17530398364597,121.531541859215", "--datum", "gcj02", "--format", "json"])
    #expect(result.status == 0)
    let json = try object(Substring(result.stdout))
    #expect(json["code"] as? String == "310115")
    let lat = try #require(json["lat"] as? Double)
    let lng = try #require(json["lng"] as? Double)
    #expect(abs(lat - 31.1774276) < 1e-5 && abs(lng - 121.5272106) < 1e-5)
    // The point as typed, not as a Double prints it back.
    #expect(json["point"] as? String == "31.17530398364597,121.531541859215")
    let input = try #require(json["input"] as? [String: Any])
    #expect(input["datum"] as? String == "gcj02")
    let typed = try #require(input["lat"] as? Double)
    #expect(abs(typed - 31.17530398364597) < 1e-5)
  }

  @Test("--at - and --near take the datum too; a WGS-84 point gives no input member")
  func linesAndNear() async throws {
    let gcj = try await BrowseProcess.run(
      ["--at", "-", "--datum", "gcj02", "--format", "json"],
      input: "31.17530398364597,121.531541859215\n")
    #expect(try object(Substring(gcj.stdout.dropLast()))["input"] != nil)
    let wgs = try await BrowseProcess.run(
      ["--at", "31.1774276,121.5272106", "--format", "json"])
    let plain = try object(Substring(wgs.stdout.dropLast()))
    #expect(plain["input"] == nil && plain["code"] as? String == "310115")
    let near = try await BrowseProcess.run(
      ["--near", "31.17530398364597,121.531541859215", "--datum", "gcj02"])
    let first = near.stdout.split(separator: "\n").first.map {
      $0.split(separator: "\t", omittingEmptySubsequences: false)
    }
    #expect(first?[1] == "浦东新区" && first?[4] == "0.0")
  }

  @Test("outside China the datums agree: a point in Tokyo is abroad in WGS-84 and GCJ-02")
  func abroad() async throws {
    for datum in ["wgs84", "gcj02"] {
      let result = try await BrowseProcess.run(
        ["--at", "35.680,139.760", "--datum", datum, "--format", "json"])
      let json = try object(Substring(result.stdout.dropLast()))
      #expect(json["lat"] as? Double == 35.68 && json["lng"] as? Double == 139.76)
      #expect(json["where"] as? String == "outside China")
      // As typed: the point is given back, not the numbers printed again.
      #expect(json["point"] as? String == "35.680,139.760")
      #expect(result.status == 1)
    }
  }
}
