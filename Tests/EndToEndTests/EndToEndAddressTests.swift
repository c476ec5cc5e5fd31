import Foundation
import TestSupport
import Testing

/// The built `browse` reading addresses: one at a time and a file at a time, in the formats
/// scripts read. Expected codes and names are typed from knowledge of the places.
@Suite(.timeLimit(.minutes(3))) struct EndToEndAddressTests {
  @Test(
    "--address in TSV: the input, four levels, the code, the rest, a note and the facts, always 11 columns"
  )
  func oneAddressInTSV() async throws {
    let result = try await BrowseProcess.run(["--address", "浙江省杭州市西湖区文三路90号"])
    #expect(result.status == 0)
    #expect(
      result.stdout.hasPrefix("浙江省杭州市西湖区文三路90号\t浙江省\t杭州市\t西湖区\t\t330106\t文三路90号\t\t"))
    #expect(result.stdout.split(separator: "\t", omittingEmptySubsequences: false).count == 11)
  }

  @Test(
    "--address - answers each line in order with objects jq reads; nothing found is a row and exit 1"
  )
  func linesInJSON() async throws {
    let input = """
      湖北省襄樊市小水街222号
      朝阳区
      顺丰快递
      廣東省東莞市虎門鎮

      """
    let result = try await BrowseProcess.run(["--address", "-", "--format", "json"], input: input)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    let objects = try lines.map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    guard objects.count == 4 else { return }
    for object in objects {
      for key in ["input", "province", "city", "county", "township", "code", "rest"] {
        #expect(object.keys.contains(key), "\(key) missing from \(object)")
      }
    }
    #expect(objects[0]["city"] as? String == "襄阳市")
    #expect(objects[0]["code"] as? String == "420600")
    let former = objects[0]["former"] as? [[String: Any]]
    #expect(former?.first?["name"] as? String == "襄樊市")
    #expect(former?.first?["until"] as? String == "2010")
    // Two 朝阳区: candidates with their codes, and no code of its own.
    #expect(objects[1]["code"] is NSNull)
    let codes = (objects[1]["candidates"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
    #expect(Set(codes ?? []) == ["110105", "220104"])
    #expect(objects[2]["province"] is NSNull)
    #expect(objects[2]["rest"] as? String == "顺丰快递")
    #expect(objects[3]["township"] as? String == "虎门镇")
    #expect(objects[3]["input"] as? String == "廣東省東莞市虎門鎮")
    #expect(result.status == 1)
    #expect(result.stderr == "browse: 2 of 4 addresses named no one division\n")
  }

  @Test("--address - answers a line before the next is written, as a co-process needs")
  func answersAsItReads() async throws {
    // The script writes one address, reads its answer, and only then writes the next: a
    // browse that waited for more input before answering would hang here.
    let result = try await BrowseProcess.shell(
      """
      coproc "$BROWSE" --address - --format tsv
      echo 北京市海淀区中关村大街 >&"${COPROC[1]}"
      IFS= read -r first <&"${COPROC[0]}"
      echo 上海市闸北区 >&"${COPROC[1]}"
      IFS= read -r second <&"${COPROC[0]}"
      exec {COPROC[1]}>&-
      wait
      printf '%s\\n%s\\n' "$first" "$second"
      """)
    let lines = result.stdout.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false)
    }
    #expect(lines.count == 2)
    #expect(lines.first?[5] == "110108")
    #expect(lines.last?[5] == "310106")
  }

  @Test("--address - stops when its reader does (| head), and a thousand lines come out in order")
  func headStopsIt() async throws {
    let result = try await BrowseProcess.shell(
      """
      yes 江苏省苏州市昆山市玉山镇 | "$BROWSE" --address - --format tsv | head -n 3 | cut -f 4,5
      seq 1000 | sed 's/^/北京市海淀区/' | "$BROWSE" --address - --format tsv | cut -f 7 | tail -n 1
      """)
    #expect(result.stdout == String(repeating: "昆山市\t玉山镇\n", count: 3) + "1000\n")
  }

  @Test("--address takes no GeoJSON, and a name typed with controls never drives the terminal")
  func refusalsAndSanitising() async throws {
    let geojson = try await BrowseProcess.run(["--address", "北京", "--format", "geojson"])
    #expect(geojson.status == 64)
    let hostile = try await BrowseProcess.run(["--address", "北京市\u{1B}[31m海淀区"])
    #expect(!hostile.stdout.contains("\u{1B}"))
    let unreadable = try await BrowseProcess.shell("\"$BROWSE\" --address - <&-")
    #expect(unreadable.status == 74)
  }

  @Test(
    "--address -: a CR before the newline is no part of the address; an endless line is answered by its start"
  )
  func windowsLinesAndEndlessOnes() async throws {
    let endless = String(repeating: "朝阳", count: 40_000)
    let result = try await BrowseProcess.run(
      ["--address", "-", "--format", "json"], input: "北京市海淀区\r\n\(endless)\n上海市闸北区\n")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    let first = try #require(
      JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
    #expect(first["input"] as? String == "北京市海淀区")
    #expect(first["code"] as? String == "110108")
    #expect(lines.last?.contains("\"310106\"") == true)
  }

  @Test(
    "--address -: a line over 64 KiB is answered by its first 64 KiB, even where it came whole in one read"
  )
  func longLinesAreCutAtTheirLimit() async throws {
    // From a file, browse reads 64 KiB at a time: this line's first read holds no newline
    // and the second holds the rest of it, newline and all.
    let long = String(repeating: "1", count: 70_000)
    let result = try await BrowseProcess.run(
      ["--address", "-", "--format", "tsv"], input: "\(long)\n上海市闸北区\n")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.split(separator: "\t").first?.utf8.count == 65_536)
    #expect(lines.last?.split(separator: "\t", omittingEmptySubsequences: false)[5] == "310106")
  }

  @Test("--address --format url writes no line without a page and says how many on stderr")
  func urlsOnlyWhereThereIsAPage() async throws {
    let result = try await BrowseProcess.run(
      ["--address", "-", "--format", "url"], input: "北京\n北京市海淀区\n顺丰快递\n")
    #expect(result.stdout.split(separator: "\n").count == 1)
    #expect(result.stdout.hasPrefix("https://zh.wikipedia.org/wiki/"))
    #expect(result.status == 1)
    #expect(
      result.stderr == "browse: 2 of 3 addresses gave no URL (no one division, or a province)\n")
  }
}
