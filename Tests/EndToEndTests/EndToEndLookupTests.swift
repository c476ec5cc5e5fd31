import Foundation
import TestSupport
import Testing

@testable import CatalogModel
@testable import PageReader
@testable import ProvinceCore
@testable import ProvinceIO
@testable import TextSupport

/// The built `browse` run as a script would run it: stdout, stderr and exit codes.
@Suite(.timeLimit(.minutes(3))) struct EndToEndLookupTests {
  let guangzhouURL = "https://zh.wikipedia.org/wiki/%E5%B9%BF%E5%B7%9E%E5%B8%82"

  func dataFile(_ contents: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-data-\(UUID().uuidString).plist")
    try Data(contents.utf8).write(to: url)
    return url.path
  }

  @Test func aLookupPrintsTheURLAloneAsASCII() async throws {
    for arguments in [
      ["--province", "广东", "--city", "广州"], ["-p", "gd", "-c", "guangzhou"], ["-c", "广州市"],
    ] {
      let result = try await BrowseProcess.run(arguments)
      #expect(result.status == 0)
      #expect(result.stdout == guangzhouURL + "\n")
      #expect(result.stderr == "")
    }
  }

  @Test func aMisspeltOptionIsAUsageErrorWithASuggestion() async throws {
    let result = try await BrowseProcess.run(["--provnce", "广东"])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(
      result.stderr.hasPrefix(
        "browse: unknown option '--provnce' (did you mean '--province'?)\nUsage: browse"))
  }

  @Test func anAmbiguousProvinceNamesEveryCandidate() async throws {
    let result = try await BrowseProcess.run(["-p", "shanxi", "-c", "x"])
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(result.stderr.contains("山西省"))
    #expect(result.stderr.contains("陕西省"))
  }

  @Test func anAmbiguousCityNamesItsProvinces() async throws {
    let result = try await BrowseProcess.run(["-c", "朝阳"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("朝阳区"))
    #expect(result.stderr.contains("北京市"))
    #expect(result.stderr.contains("朝阳市"))
    #expect(result.stderr.contains("辽宁省"))
  }

  @Test func anUnknownNameSuggestsTheClosest() async throws {
    let result = try await BrowseProcess.run(["-p", "广东", "-c", "广洲"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("did you mean"))
    #expect(result.stderr.contains("广州市"))
  }

  @Test func aClosedPipeEndsQuietlyAfterCompleteLines() async throws {
    let result = try await BrowseProcess.shell(
      "\"$BROWSE\" --all --format url | head -n 3; echo \"status=${PIPESTATUS[0]}\" >&2")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 4)
    #expect(lines.prefix(3).allSatisfy { $0.hasPrefix("https://zh.wikipedia.org/wiki/%") })
    #expect(result.stderr == "status=0\n")
  }

  @Test func aFullDiskOrClosedStdoutIsAnErrorNotACrash() async throws {
    let full = try await BrowseProcess.shell("\"$BROWSE\" --all > /dev/full")
    #expect(full.status == 74)
    #expect(full.stderr == "browse: cannot write output: No space left on device\n")
    let closed = try await BrowseProcess.shell("\"$BROWSE\" --all >&-")
    #expect(closed.status == 74)
    #expect(closed.stderr.hasPrefix("browse: cannot write output:"))
  }

  @Test func jsonListsEveryCityWithEveryField() async throws {
    let result = try await BrowseProcess.run(["--all", "--format", "json"])
    #expect(result.status == 0)
    let objects =
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    #expect(objects?.count == 498)
    let guangzhou = objects?.first { $0["city"] as? String == "广州市" }
    #expect(guangzhou?["province"] as? String == "广东省")
    #expect(guangzhou?["code"] as? String == "440100")
    #expect(guangzhou?["pinyin"] as? String == "guang zhou shi")
    #expect(guangzhou?["url"] as? String == guangzhouURL)
    // Where the outlines have the code: the centroid and box (广州 is about 23.1° N, 113.3° E).
    let centroid = guangzhou?["centroid"] as? [String: Double]
    #expect(abs((centroid?["lat"] ?? 0) - 23.3) < 0.4 && abs((centroid?["lng"] ?? 0) - 113.4) < 0.4)
  }

  @Test func aPipeGetsTSVByDefaultAndTheProvincesWithNoSelection() async throws {
    let provinces = try await BrowseProcess.run([])
    #expect(provinces.status == 0)
    let lines = provinces.stdout.split(separator: "\n")
    #expect(lines.count == 34)
    // Its name and city count, then its code and facts: 21,893,095 people in 2020.
    #expect(lines.first?.hasPrefix("北京市\t16\t110000\t") == true)
    #expect(lines.first?.hasSuffix("\t21893095\t19612368") == true)
    let cities = try await BrowseProcess.run(["-p", "广东"])
    #expect(
      cities.stdout.split(separator: "\n").first?.hasPrefix("广东省\t广州市\t\(guangzhouURL)\t440100\t")
        == true)
    #expect(cities.stdout.split(separator: "\n").count == 21)
  }

  @Test func searchListsMatchesBestFirst() async throws {
    let result = try await BrowseProcess.run(["--search", "广州", "--format", "tsv"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("广东省\t广州市\t"))
    let none = try await BrowseProcess.run(["--search", "zzzzqqq"])
    #expect(none.status == 1)
  }

  @Test func aMissingDataFileIsOneLineAndExit66() async throws {
    let result = try await BrowseProcess.run(["--data", "/nonexistent/data.plist", "--all"])
    #expect(result.status == 66)
    #expect(
      result.stderr == "browse: cannot read data file '/nonexistent/data.plist': no such file\n")
  }

  @Test func anUnparsableDataFileIsExit65() async throws {
    let path = try dataFile("<plist><dict><key>x</key>")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try await BrowseProcess.run(["--data", path, "--all"])
    #expect(result.status == 65)
    #expect(result.stderr.contains(path))
    #expect(result.stderr.contains("error"))
  }

  @Test func dataComesFromTheEnvironmentOrStandardInput() async throws {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>测试省</key><array>
      <dict><key>name</key><string>甲市</string><key>url</key><string>https://a.test/</string></dict>
      </array></dict></plist>
      """
    let path = try dataFile(plist)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let fromEnvironment = try await BrowseProcess.run(
      ["--all"], environment: ["PROVINCE_BROWSER_DATA": path])
    // A data file's cities have no code here and no facts: the columns are there, empty.
    #expect(fromEnvironment.stdout == "测试省\t甲市\thttps://a.test/\t\t\t\t\n")
    let fromStdin = try await BrowseProcess.run(["--data", "-", "-c", "甲市"], input: plist)
    #expect(fromStdin.stdout == "https://a.test/\n")
    // The variable's value is all after its first `=`: a path may hold more of them, and
    // begin with a combining mark (which a split by Character would take with the `=`).
    let parent = FileManager.default.temporaryDirectory
      .appendingPathComponent("browse-env-\(UUID().uuidString)")
    let odd = parent.appendingPathComponent("\u{301}a=b")
    try FileManager.default.createDirectory(at: odd, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: parent) }
    try Data(plist.utf8).write(to: odd.appendingPathComponent("data.plist"))
    let fromOddPath = try await BrowseProcess.shell(
      #"cd "$PARENT" && PROVINCE_BROWSER_DATA="$RELATIVE" "$BROWSE" -c 甲市"#,
      environment: ["PARENT": parent.path, "RELATIVE": "\u{301}a=b/data.plist"])
    #expect(fromOddPath.stdout == "https://a.test/\n", "\(fromOddPath.stderr)")
  }

  @Test func validateExitsZeroOnTheBuiltInDataAnd65OnProblems() async throws {
    let good = try await BrowseProcess.run(["--validate"])
    #expect(good.status == 0)
    #expect(good.stdout == "")
    let path = try dataFile(
      """
      <plist><dict><key>测试省</key><array>
      <dict><key>name</key><string>甲市</string></dict>
      </array></dict></plist>
      """)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let bad = try await BrowseProcess.run(["--validate", path])
    #expect(bad.status == 65)
    #expect(bad.stdout.hasPrefix("\(path):2: "))
  }

  @Test func theBinaryCarriesItsDataWhenCopiedAlone() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-alone-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // cp, not FileManager: a write descriptor held by this process would leak into
    // processes other tests spawn meanwhile, and exec of the copy would fail (ETXTBSY).
    let copy = directory.appendingPathComponent("browse")
    let result = try await BrowseProcess.shell(
      "cp \"$BROWSE\" '\(copy.path)' && cd / && '\(copy.path)' --province 广东 --city 广州")
    #expect(result.stderr == "")
    #expect(result.stdout == guangzhouURL + "\n")
  }

  @Test func openHandsThePercentEncodedURLToTheBrowser() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-open-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = directory.appendingPathComponent("opened").path
    let result = try await BrowseProcess.shell(
      "cd '\(directory.path)' && printf '#!/bin/sh\\necho \"$1\" > %s\\n' '\(log)' > fake && chmod +x fake"
        + " && BROWSER='\(directory.path)/fake' \"$BROWSE\" -p 广东 -c 广州 --open")
    #expect(result.status == 0)
    #expect(try String(contentsOfFile: log, encoding: .utf8) == guangzhouURL + "\n")
  }

  @Test func openWithNoBrowserSaysWhatToInstall() async throws {
    let result = try await BrowseProcess.run(
      ["-p", "广东", "-c", "广州", "--open"], environment: ["PATH": "/nonexistent"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("set BROWSER"))
  }

  /// Debian's `open` is openvt: a program of that name on PATH is never taken for a browser.
  @Test func aProgramNamedOpenIsNotRunAsTheBrowser() async throws {
    let bin = FileManager.default.temporaryDirectory.appendingPathComponent(
      "browse-open-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: bin) }
    let ran = bin.appendingPathComponent("ran")
    let open = bin.appendingPathComponent("open")
    try Data("#!/bin/sh\necho \"$@\" > '\(ran.path)'\n".utf8).write(to: open)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: open.path)
    let result = try await BrowseProcess.run(
      ["-p", "广东", "-c", "广州", "--open"], environment: ["PATH": bin.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("no browser to open") && result.stderr.contains("set BROWSER"))
    #expect(!FileManager.default.fileExists(atPath: ran.path))
  }

  @Test func aBadEntryIsSkippedWithAWarningUnlessStrict() async throws {
    let path = try dataFile(
      """
      <plist><dict><key>测试省</key><array>
      <dict><key>name</key><string>甲市</string><key>url</key><string>https://a.test/</string></dict>
      <dict><key>name</key><string>乙市</string><key>url</key><string>javascript:alert(1)</string></dict>
      </array></dict></plist>
      """)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let lenient = try await BrowseProcess.run(["--data", path, "--all"])
    #expect(lenient.status == 0)
    #expect(lenient.stdout == "测试省\t甲市\thttps://a.test/\t\t\t\t\n")
    #expect(lenient.stderr.hasPrefix("\(path):3: warning: "))
    let strict = try await BrowseProcess.run(["--data", path, "--all", "--strict"])
    #expect(strict.status == 65)
    #expect(strict.stdout == "")
  }
}
