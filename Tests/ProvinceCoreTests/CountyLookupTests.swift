import Foundation
import Testing

@testable import CatalogModel
@testable import ProvinceCore

/// Lookups, lists, search and completion reaching the county level, as reports with no
/// process: a small catalog typed here, with counties under some cities and none under 东莞.
@Suite struct CountyLookupTests {
  static func city(_ name: String, _ code: String, _ pinyin: String, _ counties: [City] = [])
    -> City
  {
    City(
      name: name, url: "https://zh.wikipedia.org/wiki/" + name, code: code, pinyin: pinyin,
      counties: counties)
  }

  let catalog = Catalog(
    provinces: [
      Province(
        name: "江苏省",
        cities: [
          city(
            "南京市", "320100", "nan jing shi",
            [city("鼓楼区", "320106", "gu lou qu"), city("六合区", "320116", "lu he qu")]),
          city(
            "苏州市", "320500", "su zhou shi",
            [city("姑苏区", "320508", "gu su qu"), city("昆山市", "320583", "kun shan shi")]),
        ]),
      Province(
        name: "福建省",
        cities: [city("福州市", "350100", "fu zhou shi", [city("鼓楼区", "350102", "gu lou qu")])]),
      Province(
        name: "广东省",
        cities: [
          city("广州市", "440100", "guang zhou shi", [city("天河区", "440106", "tian he qu")]),
          city("东莞市", "441900", "dong guan shi"),
        ]),
      // Its codes are the built-in data's, so it comes with the built-in outlines.
    ], outlines: .builtIn)

  @Test func aCountysFetchNamesItsCityThenItsProvinceForADisambiguationPage() throws {
    let options = try OptionParser.parse(["-c", "苏州", "-x", "昆山", "--fetch"])
    guard case .catalog(let job) = options.mode else { return #expect(Bool(false)) }
    let plan = JobPlanner(
      catalog: catalog, matcher: Matcher(catalog: catalog), options: options,
      inputIsTerminal: false, outputIsTerminal: false
    ).plan(job)
    #expect(
      plan
        == .fetch(
          url: "https://zh.wikipedia.org/wiki/昆山市", parents: [["苏州市", "苏州"], ["江苏省", "江苏"]]))
  }

  func report(_ arguments: String...) throws -> Report {
    let options = try OptionParser.parse(arguments)
    guard case .catalog(let job) = options.mode,
      case .report(let report) = JobPlanner(
        catalog: catalog, matcher: Matcher(catalog: catalog), options: options,
        inputIsTerminal: false, outputIsTerminal: false
      ).plan(job)
    else {
      Issue.record("no report for \(arguments)")
      return Report()
    }
    return report
  }

  @Test func aCityQueryFindsACountyWhenNoCityIsSoNamed() throws {
    let result = try report("-c", "昆山")
    #expect(result.output == ["https://zh.wikipedia.org/wiki/%E6%98%86%E5%B1%B1%E5%B8%82\n"])
    #expect(result.exitCode == .success)
    let text = try report("-c", "kunshan", "-f", "text")
    #expect(text.output.first?.hasPrefix("江苏省  苏州市  昆山市  https://") == true)
    // A city's whole name still wins: 苏州 is the city, not a county.
    #expect(try report("-c", "苏州", "-f", "tsv").output.first?.hasPrefix("江苏省\t苏州市\thttps") == true)
  }

  @Test func anAmbiguousCountyListsEveryCandidateWithWhereItIs() throws {
    let result = try report("-c", "鼓楼")
    #expect(result.exitCode == .failure)
    #expect(result.messages.first == "browse: '鼓楼' matches 2 counties; say which:\n")
    #expect(
      Array(result.messages.dropFirst()) == [
        "  鼓楼区  南京市  江苏省  gu lou qu\n", "  鼓楼区  福州市  福建省  gu lou qu\n",
      ])
  }

  @Test func countyLooksOneUpWithinTheCityOrProvince() throws {
    let json = try report("-c", "南京", "--county", "鼓楼", "-f", "json").output.joined()
    #expect(
      json.hasPrefix(
        "[\n{\"province\":\"江苏省\",\"city\":\"南京市\",\"county\":\"鼓楼区\","
          + "\"township\":null,"
          + "\"url\":\"https://zh.wikipedia.org/wiki/%E9%BC%93%E6%A5%BC%E5%8C%BA\","
          + "\"level\":\"county\",\"code\":\"320106\",\"pinyin\":\"gu lou qu\",\"centroid\":{"))
    // The outline's facts follow: 南京's 鼓楼区 is around 32.07° N, 118.77° E.
    let object = try #require(
      (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])?.first)
    let centroid = try #require(object["centroid"] as? [String: Double])
    #expect(
      abs((centroid["lat"] ?? 0) - 32.07) < 0.05 && abs((centroid["lng"] ?? 0) - 118.77) < 0.05)
    #expect((object["bbox"] as? [Double])?.count == 4)
    // The county's row: the counties list's columns, the code and the facts last.
    let row = try #require(try report("-p", "福建", "-x", "gulou", "-f", "tsv").output.first)
    #expect(
      row.hasPrefix(
        "福建省\t福州市\t鼓楼区\thttps://zh.wikipedia.org/wiki/%E9%BC%93%E6%A5%BC%E5%8C%BA\t350102\t"))
    #expect(row.split(separator: "\t", omittingEmptySubsequences: false).count == 8)
    let missing = try report("-c", "苏州", "-x", "六合")
    #expect(missing.exitCode == .failure)
    #expect(missing.messages.first?.hasPrefix("browse: no county matches '六合' in 苏州市") == true)
  }

  @Test func didYouMeanReachesCounties() throws {
    let result = try report("-c", "昆删")
    #expect(result.messages.first?.contains("did you mean 昆山市?") == true)
  }

  @Test func countiesListsOneCitysAProvincesOrEveryCounty() throws {
    // 昆山市: 931 km² by the published figure (ours, from the outline: within 1%); 2,092,496
    // people at the 2020 census, 1,644,860 at the 2010.
    let listed = try report("-p", "江苏", "-c", "苏州", "--counties").output
    #expect(listed.count == 2)
    #expect(
      listed.first?.hasPrefix(
        "江苏省\t苏州市\t姑苏区\thttps://zh.wikipedia.org/wiki/%E5%A7%91%E8%8B%8F%E5%8C%BA\t320508\t")
        == true)
    let kunshan = try #require(listed.last?.dropLast().components(separatedBy: "\t"))
    #expect(
      kunshan.prefix(5) == [
        "江苏省", "苏州市", "昆山市", "https://zh.wikipedia.org/wiki/%E6%98%86%E5%B1%B1%E5%B8%82",
        "320583",
      ])
    #expect(abs((Double(kunshan[5]) ?? 0) - 931) < 931 * 0.01)
    #expect(kunshan.suffix(2) == ["2092496", "1644860"])
    #expect(try report("-p", "江苏", "--counties").output.count == 4)
    #expect(try report("--counties").output.count == 6)
    let none = try report("-c", "东莞", "--counties")
    #expect(none.exitCode == .failure && none.output.isEmpty)
    #expect(none.messages == ["browse: 东莞市 has no counties\n"])
    // --all stays a list of cities, with no county column.
    let all = try report("--all")
    #expect(all.output.count == 5)
    #expect(
      all.output.allSatisfy {
        $0.split(separator: "\t", omittingEmptySubsequences: false).count
          == PlaceRecord.Layout.cities.fields.count
      })
  }

  @Test func searchCoversEveryLevelAndMatchesDivisionCodes() throws {
    let found = try report("--search", "320583").output
    #expect(
      found.first?.hasPrefix(
        "江苏省\t苏州市\t昆山市\t\thttps://zh.wikipedia.org/wiki/%E6%98%86%E5%B1%B1%E5%B8%82\tcounty\t320583\t"
      )
        == true)
    let prefix = try report("--search", "3205").output
    #expect(
      prefix.count == 3 && prefix[0].hasPrefix("江苏省\t苏州市\t\t\t")
        && prefix[0].contains("\tcity\t320500\t"))
    let byName = try report("--search", "鼓楼", "-f", "json").output.joined()
    let parsed = try JSONSerialization.jsonObject(with: Data(byName.utf8)) as? [[String: Any]]
    #expect(parsed?.map { $0["city"] as? String ?? "" } == ["南京市", "福州市"])
    #expect(
      parsed?.allSatisfy {
        $0["level"] as? String == "county" && $0["county"] as? String == "鼓楼区"
      } == true)
  }

  @Test func searchListsAMatchingProvinceFirstWithoutAURL() throws {
    // By pinyin: 江苏省 (jiang su sheng) is a province row, then its cities by name.
    let byPinyin = try report("--search", "jiangsu").output
    #expect(byPinyin.count == 1)
    #expect(byPinyin.first?.hasPrefix("江苏省\t\t\t\t\tprovince\t320000\t") == true)
    // By code: a province's two digits and zeros name it; 3205 names only 苏州市's entries.
    let byCode = try report("--search", "32", "-f", "json").output.joined()
    let parsed = try JSONSerialization.jsonObject(with: Data(byCode.utf8)) as? [[String: Any]]
    #expect(parsed?.first?["level"] as? String == "province")
    #expect(parsed?.first?["code"] as? String == "320000")
    #expect(parsed?.first?["cities"] as? Int == 2)
    #expect(parsed?.dropFirst().allSatisfy { $0["level"] as? String != "province" } == true)
    #expect(try !report("--search", "3205").output.joined().contains("province"))
    // A province only: a url list has nothing to give, and says where the URLs are.
    let url = try report("--search", "fujian", "-f", "url")
    #expect(url.output.isEmpty && url.exitCode == .failure)
    #expect(url.messages.joined().contains("--province NAME --format url"))
    // Within -p the province's own row is left out.
    #expect(try report("--search", "江苏", "-p", "江苏").exitCode == .failure)
  }

  @Test func completionListsCountiesWithinTheGivenCity() throws {
    #expect(try report("--complete", "county", "-c", "苏州").output == ["姑苏区\n", "昆山市\n"])
    #expect(
      try report("--complete", "county").output == ["鼓楼区\n", "六合区\n", "姑苏区\n", "昆山市\n", "天河区\n"])
  }

  @Test func countyOptionsAreCheckedAgainstTheOthers() throws {
    #expect(throws: UsageError.self) { try OptionParser.parse(["--counties", "--county", "x"]) }
    #expect(throws: UsageError.self) { try OptionParser.parse(["--all", "--counties"]) }
    #expect(throws: UsageError.self) { try OptionParser.parse(["--search", "a", "-x", "b"]) }
    let options = try OptionParser.parse(["-x", "昆山", "--open"])
    #expect(options.mode == .catalog(.lookup(Options.CityQuery(city: "", county: "昆山"), .open)))
  }
}
