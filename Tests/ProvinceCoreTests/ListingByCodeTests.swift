import BuiltInCatalog
import Foundation
import Testing

@testable import CatalogModel
@testable import ProvinceCore

/// `--townships` and `--counties` take a division code for `-c` and `-x`, as the lookups
/// do (`-c 320583` is 昆山市): a code found by a lookup lists the same as the name.
@Suite struct ListingByCodeTests {
  let catalog = BuiltInCatalog.catalog

  func listed(_ arguments: String...) throws -> (lines: [String], failed: Bool) {
    let options = try OptionParser.parse(arguments)
    guard case .catalog(let job) = options.mode else {
      Issue.record("not a catalog job: \(arguments)")
      return ([], true)
    }
    let plan = JobPlanner(
      catalog: catalog, matcher: Matcher(catalog: catalog), options: options,
      inputIsTerminal: false, outputIsTerminal: false
    ).plan(job)
    guard case .report(let report) = plan else {
      Issue.record("no report for \(arguments): \(plan)")
      return ([], true)
    }
    return (report.output, report.exitCode != .success)
  }

  @Test("a county's code lists its townships, with -c or -x, as its name does")
  func townshipsByCode() throws {
    let byName = try listed("--townships", "-x", "昆山市")
    #expect(!byName.failed)
    // 玉山镇 (320583100) and 巴城镇 are towns of 昆山市.
    #expect(byName.lines.contains { $0.contains("玉山镇") })
    #expect(byName.lines.contains { $0.contains("巴城镇") })
    for option in ["-x", "-c"] {
      let byCode = try listed("--townships", option, "320583")
      #expect(!byCode.failed, "\(option)")
      #expect(byCode.lines == byName.lines, "\(option)")
    }
  }

  @Test("a city's code lists its counties as its name does")
  func countiesByCode() throws {
    let byName = try listed("--counties", "-c", "苏州")
    #expect(byName.lines.contains { $0.contains("昆山市") })
    let byCode = try listed("--counties", "-c", "320500")
    #expect(!byCode.failed)
    #expect(byCode.lines == byName.lines)
  }

  @Test("a lookup takes a city's code with a county's name, as --townships does")
  func lookupByCityCodeAndCountyName() throws {
    // 320500 is 苏州市; 昆山市 (320583) is one of its county-level cities. Before the one
    // resolver, a lookup read -c as a name when -x was given, and 320500 matched no city.
    let byCode = try listed("-c", "320500", "-x", "昆山", "--format", "tsv")
    #expect(!byCode.failed)
    #expect(byCode.lines.count == 1)
    #expect(byCode.lines.first?.contains("昆山市") == true)
    let byName = try listed("-c", "苏州", "-x", "昆山", "--format", "tsv")
    #expect(byCode.lines == byName.lines)
    // -c may name a county for --townships; -x then searches that county's city.
    let townships = try listed("--townships", "-c", "320500", "-x", "昆山")
    #expect(townships.lines.contains { $0.contains("玉山镇") })
  }

  @Test("a county's code is found even where -c alone is ambiguous")
  func countyCodeWinsOverAnAmbiguousCity() throws {
    // 350102 is 福州市鼓楼区; 鼓楼 alone names districts of 福州, 南京, 徐州 and 开封.
    let result = try listed("-c", "鼓楼", "-x", "350102", "--format", "tsv")
    #expect(!result.failed)
    #expect(result.lines.count == 1)
    #expect(result.lines.first?.contains("福州市") == true)
  }

  @Test("with -x, -c names the city first: 黔西 is 黔西南州 there, not the county 黔西市")
  func cityBeforeCountyWhenACountyIsGiven() throws {
    // 兴义市 is the seat of 黔西南布依族苗族自治州; 黔西市 is a county-level city of 毕节.
    let result = try listed("-c", "黔西", "-x", "兴义", "--format", "tsv")
    #expect(!result.failed)
    #expect(result.lines.count == 1)
    #expect(result.lines.first?.contains("兴义市") == true)
    // Without -x, 黔西 is still the county-level city it names exactly.
    let alone = try listed("-c", "黔西", "--format", "tsv")
    #expect(!alone.failed)
    #expect(alone.lines.first?.contains("黔西市") == true)
  }

  @Test("--counties takes a city only: a county's name or code for -c is no city")
  func countiesOfACountyIsNoCity() throws {
    for value in ["昆山", "320583"] {
      let result = try listed("--counties", "-c", value)
      #expect(result.failed, "\(value)")
      #expect(result.lines.isEmpty, "\(value)")
    }
  }
}
