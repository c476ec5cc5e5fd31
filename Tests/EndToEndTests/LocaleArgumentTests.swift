import Foundation
import TestSupport
import Testing

/// Under a GB18030 locale, `-p 广东` arrives as GB18030 bytes: it is read in the locale's
/// codeset, and the run says once that its output is UTF-8.
@Suite(.timeLimit(.minutes(3))) struct LocaleArgumentTests {
  @Test func aGB18030ArgumentIsReadInTheLocalesCodeset() async throws {
    // 广东 in GB18030: B9E3 B6AB.
    let result = try await BrowseProcess.shell(
      #""$BROWSE" -p "$(printf '\271\343\266\253')" -f url | head -n 1"#,
      environment: ["LANG": "zh_CN.GB18030", "LC_ALL": ""])
    #expect(result.stdout == "https://zh.wikipedia.org/wiki/%E5%B9%BF%E5%B7%9E%E5%B8%82\n")
    let warnings = result.stderr.split(separator: "\n")
    #expect(warnings.count == 1)
    #expect(
      warnings.first?.hasPrefix("browse: warning: the locale's character set is GB18030") == true)
  }

  @Test(arguments: ["ja_JP.eucjp", "en_US.ISO-8859-1", "zh_TW.euctw"])
  func everyLocaleThatIsNotUTF8IsToldOnce(lang: String) async throws {
    let result = try await BrowseProcess.run(
      ["-p", "gd", "-f", "url"], environment: ["LANG": lang, "LC_ALL": ""])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("https://zh.wikipedia.org/"))
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.hasPrefix("browse: warning: the locale's character set is "))
  }

  @Test func aUTF8LocaleAndTheCLocaleSayNothing() async throws {
    for lang in ["zh_CN.UTF-8", "C"] {
      let result = try await BrowseProcess.run(
        ["-p", "广东", "-f", "url"], environment: ["LANG": lang, "LC_ALL": ""])
      #expect(result.status == 0)
      #expect(result.stderr == "", "\(lang)")
    }
  }
}
