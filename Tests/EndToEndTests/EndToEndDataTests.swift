import Foundation
import TestSupport
import Testing

/// What the built-in data is and what it knows, as a script sees it: `--version`, old codes,
/// the township level. Facts are typed from knowledge of China's divisions.
@Suite(.timeLimit(.minutes(3))) struct EndToEndDataTests {
  @Test func versionSaysTheDataDateAndSourceInTextAndJSON() async throws {
    let text = try await BrowseProcess.run(["--version"])
    #expect(text.status == 0)
    #expect(text.stdout.hasPrefix("browse "))
    #expect(text.stdout.contains("divisions as of 2026-04"))
    #expect(text.stdout.contains("GB/T 2260"))
    let json = try await BrowseProcess.run(["--version", "--format", "json"])
    #expect(json.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: String])
    #expect(object["data_date"] == "2026-04")
    #expect(object["data_source"]?.contains("Ministry of Civil Affairs") == true)
    // The census data set's MIT notice goes with its figures.
    #expect(text.stdout.contains("Copyright (c) 2022 Lei Dong (MIT licence)"))
    #expect(object["facts_source"]?.contains("2010 and 2020 censuses") == true)
  }

  @Test func theNewDistrictsOfTwentyTwentyFiveAndTwentySixAreFound() async throws {
    let liangjiang = try await BrowseProcess.run(["-p", "重庆", "-c", "两江新区", "--format", "tsv"])
    #expect(liangjiang.status == 0)
    #expect(liangjiang.stdout.hasPrefix("重庆市\t两江新区\t"))
    let hekang = try await BrowseProcess.run(["-c", "和田地区", "-x", "和康县", "--format", "json"])
    #expect(hekang.status == 0)
    #expect(hekang.stdout.contains(#""code":"653228""#))
  }
}

/// Old codes and names, through the built binary and its built-in history.
@Suite(.timeLimit(.minutes(3))) struct EndToEndFormerTests {
  @Test func aWithdrawnCodeSaysWhatTookItsPlace() async throws {
    let text = try await BrowseProcess.run(["--search", "110103", "--format", "text"])
    #expect(text.status == 0)
    #expect(text.stdout == "110103 崇文区 (北京市), withdrawn 2010 → 110101 东城区\n")
    let json = try await BrowseProcess.run(["--search", "500112", "--format", "json"])
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(objects.first?["name"] as? String == "渝北区")
    #expect(objects.first?["until"] as? String == "2025")
    let replaced = objects.first?["replaced_by"] as? [[String: Any]]
    #expect(replaced?.first?["name"] as? String == "两江新区")
  }

  @Test func aFormerNameIsFoundAfterTheCurrentOnes() async throws {
    let result = try await BrowseProcess.run(["-c", "宣武", "--format", "tsv"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("110104\t宣武区\t北京市\twithdrawn\t2010\t110102\t西城区"))
  }

  /// The history is the built-in catalogue's: a data file's own 东城区 (110101) is not
  /// 崇文区's successor, and 崇文 is no former name in a file without it (issue 48, item 4).
  @Test func aDataFileGetsNoneOfTheBuiltInHistory() async throws {
    let data = try ReliabilityFixtures.file(
      "<plist><dict><key>北京市</key><array><dict><key>name</key><string>东城区</string>"
        + "<key>url</key><string>http://a.test/</string><key>code</key><string>110101</string>"
        + "</dict></array></dict></plist>")
    defer { try? FileManager.default.removeItem(atPath: data) }
    let search = try await BrowseProcess.run(["--data", data, "--search", "110103"])
    #expect(search.status == 1)
    #expect(search.stdout == "")
    #expect(search.stderr == "browse: no province, city, county or township matches '110103'\n")
    for environment in [[:], ["PROVINCE_BROWSER_DATA": data]] {
      let arguments = environment.isEmpty ? ["--data", data] : []
      let city = try await BrowseProcess.run(
        arguments + ["-c", "崇文", "--format", "tsv"], environment: environment)
      #expect(city.status == 1)
      #expect(city.stdout == "")
      #expect(city.stderr == "browse: no city or county matches '崇文'\n")
      let former = try await BrowseProcess.run(
        arguments + ["-c", "宣武"], environment: environment)
      #expect(!(former.stdout + former.stderr).contains("西城区"))
    }
  }
}

/// The township level through the built binary.
@Suite(.timeLimit(.minutes(3))) struct EndToEndTownshipTests {
  @Test func aTownshipIsLookedUpWithinItsCounty() async throws {
    let result = try await BrowseProcess.run(["-c", "昆山", "-t", "玉山镇"])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "https://zh.wikipedia.org/wiki/%E7%8E%89%E5%B1%B1%E9%95%87_(%E6%98%86%E5%B1%B1%E5%B8%82)\n"
    )
    let ambiguous = try await BrowseProcess.run(["-t", "玉山镇"])
    #expect(ambiguous.status == 1)
    #expect(ambiguous.stderr.hasPrefix("browse: '玉山镇' matches 8 townships; say which:\n"))
  }

  @Test func aCountysTownshipsAreListedInEveryFormat() async throws {
    let json = try await BrowseProcess.run(["--townships", "-x", "昆山市", "--format", "json"])
    #expect(json.status == 0)
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    let yushan = objects.first { $0["township"] as? String == "玉山镇" }
    #expect(yushan?["county"] as? String == "昆山市")
    #expect(yushan?["city"] as? String == "苏州市")
    #expect(yushan?["code"] as? String == "320583100")
    // A township has no outline and no census figure of its own.
    #expect(yushan?["area_km2"] is NSNull && yushan?["population_2020"] is NSNull)
    // The county column is there, empty, for a township under a district: every list of
    // townships has the same columns (`cut -f 4` is the township).
    let tsv = try await BrowseProcess.run(["--townships", "-p", "北京", "-c", "东城区"])
    #expect(tsv.stdout.hasPrefix("北京市\t东城区\t\t东华门街道\t"))
    let search = try await BrowseProcess.run(["--search", "110101001", "--format", "tsv"])
    #expect(search.stdout.hasPrefix("北京市\t东城区\t\t东华门街道\t"))
    #expect(search.stdout.hasSuffix("\ttownship\t110101001\t\t\t\n"))
  }
}
