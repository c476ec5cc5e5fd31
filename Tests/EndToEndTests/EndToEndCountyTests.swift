import Foundation
import TestSupport
import Testing

/// The built `browse` on its built-in data, reaching the county level as a user's script
/// would: lookups, ambiguity lists, listing, search by code, and bash completion.
@Suite(.timeLimit(.minutes(3))) struct EndToEndCountyTests {
  let kunshanURL = "https://zh.wikipedia.org/wiki/%E6%98%86%E5%B1%B1%E5%B8%82"

  @Test func aCountyLevelCityIsFoundByName() async throws {
    for arguments in [["-c", "昆山"], ["-c", "kunshan"], ["-c", "苏州", "--county", "昆山"]] {
      let result = try await BrowseProcess.run(arguments)
      #expect(result.status == 0, "\(arguments)")
      #expect(result.stdout == kunshanURL + "\n", "\(arguments)")
    }
    let yiwu = try await BrowseProcess.run(["-c", "义乌", "--format", "tsv"])
    #expect(yiwu.stdout.hasPrefix("浙江省\t金华市\t义乌市\thttps://"))
  }

  @Test func theFourGulouDistrictsAreListedWithWhereTheyAre() async throws {
    let result = try await BrowseProcess.run(["-c", "鼓楼"])
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(
      result.stderr == """
        browse: '鼓楼' matches 4 counties; say which:
          鼓楼区  南京市  江苏省  gu lou qu
          鼓楼区  徐州市  江苏省  gu lou qu
          鼓楼区  福州市  福建省  gu lou qu
          鼓楼区  开封市  河南省  gu lou qu

        """)
    let fuzhou = try await BrowseProcess.run(["-p", "福建", "-x", "鼓楼"])
    #expect(
      fuzhou.stdout
        == "https://zh.wikipedia.org/wiki/%E9%BC%93%E6%A5%BC%E5%8C%BA_(%E7%A6%8F%E5%B7%9E%E5%B8%82)\n"
    )
  }

  @Test func searchFindsADivisionCodeAndCountiesListsACitys() async throws {
    let search = try await BrowseProcess.run(["--search", "320583"])
    // The search's columns whatever matched: the township column empty, the level, the code,
    // then 昆山's facts (2,092,496 people in 2020, 1,644,860 in 2010).
    #expect(search.stdout.hasPrefix("江苏省\t苏州市\t昆山市\t\t\(kunshanURL)\tcounty\t320583\t"))
    #expect(search.stdout.hasSuffix("\t2092496\t1644860\n"))
    // Every level: 广东省 itself first, by name and by its code's two digits.
    let guangdong = try await BrowseProcess.run(["--search", "广东"])
    // After it only townships whose names start so (广东路街道): no city or county is so named.
    // 广东省: 126,012,510 people at the 2020 census.
    #expect(
      guangdong.stdout.hasPrefix("广东省\t\t\t\t\tprovince\t440000\t") && guangdong.status == 0)
    #expect(guangdong.stdout.split(separator: "\n").first?.contains("\t126012510\t") == true)
    let lower = guangdong.stdout.split(separator: "\n").dropFirst().map {
      $0.split(separator: "\t", omittingEmptySubsequences: false)
    }
    #expect(!lower.isEmpty && lower.allSatisfy { $0.count == 10 && $0[5] == "township" })
    let byCode = try await BrowseProcess.run(["--search", "44"])
    #expect(byCode.stdout.hasPrefix("广东省\t\t\t\t\tprovince\t440000\t"))
    #expect(byCode.stdout.contains("\n广东省\t广州市\t\t\thttps://"))
    let suzhou = try await BrowseProcess.run(["-p", "江苏", "-c", "苏州", "--counties"])
    let counties = suzhou.stdout.split(separator: "\n").map { $0.split(separator: "\t")[2] }
    #expect(Set(counties) == ["姑苏区", "虎丘区", "吴中区", "相城区", "吴江区", "常熟市", "张家港市", "昆山市", "太仓市"])
  }

  @Test func bashCompletesCountiesWithinTheCity() async throws {
    let path =
      BrowseProcess.executable.deletingLastPathComponent().path + ":" + ChildEnvironment.path
    let script = """
      source <(browse --completion bash)
      offer() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _browse; echo "${COMPREPLY[*]}"; }
      offer browse -c 苏州 -x 昆
      offer browse -p 浙江 -c 金华 --county 义
      """
    let result = try await BrowseProcess.shell(script, environment: ["PATH": path])
    #expect(result.stderr == "")
    #expect(result.stdout == "昆山市\n义乌市\n")
  }
}
