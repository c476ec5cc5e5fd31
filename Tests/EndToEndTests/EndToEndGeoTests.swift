import Foundation
import TestSupport
import Testing

/// The built `browse` placing points (`--at`), listing by distance (`--near`), and writing
/// GeoJSON that other tools read back.
@Suite(.timeLimit(.minutes(3))) struct EndToEndGeoTests {
  let kunshanURL = "https://zh.wikipedia.org/wiki/%E6%98%86%E5%B1%B1%E5%B8%82"

  @Test("--at names the province, city and county of Kunshan's city hall")
  func atACountySeat() async throws {
    let result = try await BrowseProcess.run(["--at", "31.385,120.981"])
    #expect(result.status == 0)
    // Then 昆山's facts: about 931 km², 2,092,496 people in 2020 and 1,644,860 in 2010.
    #expect(
      result.stdout.hasPrefix("31.385,120.981\t江苏省\t苏州市\t昆山市\t320583\t\(kunshanURL)\t9"))
    #expect(result.stdout.hasSuffix("\t2092496\t1644860\n"))
  }

  @Test("--at - answers each line in order: the four municipalities, the sea, a bad line")
  func atFromStandardInput() async throws {
    let input = """
      39.9087,116.3975
      31.2304,121.4737
      30.5,123.0
      39.1170,117.2000
      not a point
      29.5576,106.5770

      """
    let result = try await BrowseProcess.run(["--at", "-"], input: input)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 7 && lines.last == "")
    func fields(_ line: Int) -> [Substring] {
      lines[line].split(separator: "\t", omittingEmptySubsequences: false)
    }
    #expect(fields(0)[0...4] == ["39.9087,116.3975", "北京市", "东城区", "", "110101"])
    #expect(fields(1)[0...4] == ["31.2304,121.4737", "上海市", "黄浦区", "", "310101"])
    // East of 舟山's islands, in the East China Sea.
    #expect(fields(2).count == 2 && fields(2)[0] == "30.5,123.0")
    #expect(fields(2).last?.hasPrefix("at sea, ") == true)
    #expect(fields(3)[0...4] == ["39.1170,117.2000", "天津市", "和平区", "", "120101"])
    #expect(fields(4)[0] == "not a point")
    #expect(fields(5)[0...4] == ["29.5576,106.5770", "重庆市", "渝中区", "", "500103"])
    // A line that is no point is bad input: said on its line and in the exit code.
    #expect(result.status == 65)
    let good = try await BrowseProcess.run(["--at", "-"], input: "30.0,125.0\n")
    #expect(good.status == 0)
  }

  @Test("--at - answers an endless line by its start, once, and goes on with the next")
  func atAnOverlongLine() async throws {
    let long = String(repeating: "1", count: 2_000_000)
    let result = try await BrowseProcess.run(
      ["--at", "-"], input: "31.385,120.981\n\(long)\n39.9,116.4\n")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 4 && lines[3].isEmpty)
    #expect(lines[0].hasPrefix("31.385,120.981\t江苏省\t苏州市\t昆山市"))
    #expect(lines[1].hasPrefix(String(repeating: "1", count: 64) + "\t"))
    #expect(lines[1].utf8.count < 200)
    #expect(lines[2].hasPrefix("39.9,116.4\t北京市\t东城区"))
    #expect(result.status == 65)
  }

  @Test("--at in JSON is one object a line; a point at sea says where it is not")
  func atInJSON() async throws {
    let result = try await BrowseProcess.run(
      ["--at", "-", "--format", "json"], input: "31.385,120.981\n18.0,110.0\n")
    let objects = try result.stdout.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.count == 2)
    #expect(objects[0]["county"] as? String == "昆山市")
    #expect(objects[0]["code"] as? String == "320583")
    // Off 三亚, south of 海南岛.
    #expect((objects[1]["where"] as? String)?.hasPrefix("at sea, ") == true)
    #expect(objects[1]["province"] == nil)
  }

  @Test("a point that is not LAT,LNG is a usage error")
  func badPoint() async throws {
    for value in ["91,120", "31.38", "north"] {
      let result = try await BrowseProcess.run(["--at", value])
      #expect(result.status == 64, "\(value)")
      #expect(result.stderr.contains("LAT,LNG"), "\(value)")
    }
  }

  @Test("--near lists first the county the point is in, then its neighbours")
  func near() async throws {
    let result = try await BrowseProcess.run(["--near", "31.385,120.981"])
    let rows = result.stdout.split(separator: "\n").prefix(6).map {
      $0.split(separator: "\t", omittingEmptySubsequences: false)
    }
    // The distance is the fifth column, before the code and the facts.
    #expect(rows.first?[2] == "昆山市" && rows.first?[4] == "0.0" && rows.first?[5] == "320583")
    // 太仓市 borders 昆山市 on the north-east: among the nearest few, at a border's distance.
    #expect(rows.dropFirst().contains { $0[2] == "太仓市" })
  }

  @Test("JSON has each division's centroid and bounding box around it")
  func centroidAndBox() async throws {
    let result = try await BrowseProcess.run(["-c", "昆山", "--format", "json"])
    let array = try #require(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    let object = try #require(array.first)
    let centroid = try #require(object["centroid"] as? [String: Double])
    let box = try #require(object["bbox"] as? [Double])
    // 昆山市 lies between about 31.1° and 31.5° N, 120.7° and 121.1° E.
    #expect(box.count == 4)
    #expect(box[0] > 120.6 && box[0] < 120.9 && box[2] > 121.0 && box[2] < 121.2)
    #expect(box[1] > 31.0 && box[1] < 31.3 && box[3] > 31.4 && box[3] < 31.6)
    let lat = try #require(centroid["lat"])
    let lng = try #require(centroid["lng"])
    #expect(lat > box[1] && lat < box[3] && lng > box[0] && lng < box[2])
  }

  @Test("--format geojson is a FeatureCollection of outlines that JSON readers take")
  func geojson() async throws {
    let result = try await BrowseProcess.run(["-p", "江苏", "--format", "geojson"])
    #expect(result.status == 0)
    let collection = try #require(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(collection["type"] as? String == "FeatureCollection")
    let features = try #require(collection["features"] as? [[String: Any]])
    // 江苏省 has 13 prefecture-level cities.
    #expect(features.count == 13)
    let suzhou = try #require(
      features.first { ($0["properties"] as? [String: Any])?["city"] as? String == "苏州市" })
    let geometry = try #require(suzhou["geometry"] as? [String: Any])
    #expect(geometry["type"] as? String == "MultiPolygon")
    let polygons = try #require(geometry["coordinates"] as? [[[[Double]]]])
    // Kunshan's city hall is inside 苏州市's outline (even-odd over every ring).
    var inside = false
    for ring in polygons.flatMap({ $0 }) {
      for (a, b) in zip(ring, ring.dropFirst())
      where (a[1] > 31.385) != (b[1] > 31.385)
        && 120.981 < a[0] + (31.385 - a[1]) / (b[1] - a[1]) * (b[0] - a[0])
      {
        inside.toggle()
      }
    }
    #expect(inside)

    // Python's json reads it back in .ci/run (no Python in the tests).
    let ogr = try await BrowseProcess.shell(
      """
      command -v ogr2ogr >/dev/null || { echo "skipped: no ogr2ogr"; exit 0; }
      dir=$(mktemp -d) && trap 'rm -rf "$dir"' EXIT
      "$BROWSE" -p 江苏 --format geojson > "$dir/in.geojson"
      ogr2ogr -f CSV "$dir/out.csv" "$dir/in.geojson" -lco GEOMETRY=AS_WKT 2>&1 || exit 1
      tail -n +2 "$dir/out.csv" | grep -c MULTIPOLYGON
      """)
    if ogr.stdout.hasPrefix("skipped") {
      print("ogr2ogr read-back skipped: install gdal-bin to run it")
    } else {
      #expect(ogr.stdout == "13\n", "\(ogr.stderr)")
    }
  }
}
