import FetchModel
import Foundation
import Testing

@testable import ProvinceCore

/// How the variant zh.wikipedia is asked for is chosen, and how a request asks for it.
@Suite struct PageVariantTests {
  @Test func theOptionWinsOverTheLocaleAndTheLocaleOverTheFallback() {
    let taiwan = ["LANG": "zh_TW.UTF-8"]
    #expect(PageVariant.chosen(option: .zhHK, environment: taiwan) == .zhHK)
    #expect(PageVariant.chosen(option: nil, environment: taiwan) == .zhTW)
    #expect(PageVariant.chosen(option: nil, environment: ["LANG": "en_US.UTF-8"]) == .zhCN)
    #expect(PageVariant.chosen(option: nil, environment: [:]) == .zhCN)
  }

  @Test func theLocaleIsReadInPOSIXOrderSkippingEmptyValues() {
    let environment = ["LC_ALL": "", "LC_MESSAGES": "zh_HK.Big5-HKSCS", "LANG": "zh_TW.UTF-8"]
    #expect(PageVariant.chosen(option: nil, environment: environment) == .zhHK)
    let all = ["LC_ALL": "zh_SG.UTF-8", "LC_MESSAGES": "zh_HK", "LANG": "zh_TW"]
    #expect(PageVariant.chosen(option: nil, environment: all) == .zhSG)
    // A set LC_ALL decides even when it names no variant: it overrides the rest.
    let english = ["LC_ALL": "C.UTF-8", "LANG": "zh_TW.UTF-8"]
    #expect(PageVariant.chosen(option: nil, environment: english) == .zhCN)
    #expect(PageVariant.chosen(option: nil, environment: ["LANG": "zh_CN.GB18030"]) == .zhCN)
  }

  @Test func acceptLanguagePutsTheVariantFirstAndTheLocalesLanguageAfter() {
    #expect(
      PageVariant.zhCN.acceptLanguage(environment: ["LANG": "en_GB.UTF-8"])
        == "zh-CN,zh;q=0.9,en;q=0.5")
    #expect(
      PageVariant.zhTW.acceptLanguage(environment: ["LANG": "zh_TW.UTF-8"]) == "zh-TW,zh;q=0.9")
    #expect(
      PageVariant.zhHant.acceptLanguage(environment: ["LC_ALL": "fr_FR.UTF-8"])
        == "zh-Hant,zh;q=0.9,fr;q=0.5")
    #expect(PageVariant.zh.acceptLanguage(environment: ["LC_ALL": "C"]) == "zh,en;q=0.5")
    // Nothing from the environment but a language's letters reaches the header.
    #expect(
      PageVariant.zhCN.acceptLanguage(environment: ["LANG": "e\r\nX: y"])
        == "zh-CN,zh;q=0.9,en;q=0.5")
  }

  @Test func aWikipediaAddressTakesTheVariantsFormAndAnyOtherStaysAsItIs() throws {
    let article = try #require(URL(string: "https://zh.wikipedia.org/wiki/%E5%B9%BF%E5%B7%9E"))
    #expect(
      PageVariant.zhTW.requestURL(for: article).absoluteString
        == "https://zh.wikipedia.org/zh-tw/%E5%B9%BF%E5%B7%9E")
    #expect(PageVariant.zh.requestURL(for: article) == article)
    let index = try #require(URL(string: "https://zh.m.wikipedia.org/w/index.php?title=X"))
    #expect(
      PageVariant.zhCN.requestURL(for: index).absoluteString
        == "https://zh.m.wikipedia.org/w/index.php?title=X&variant=zh-cn")
    let other = try #require(URL(string: "http://127.0.0.1:8080/wiki/X"))
    #expect(PageVariant.zhCN.requestURL(for: other) == other)
  }

  @Test func theOptionTakesTheNineVariantsAndRefusesAnyOther() throws {
    #expect(try OptionParser.parse(["--variant", "zh-TW", "-c", "x"]).variant == .zhTW)
    #expect(try OptionParser.parse(["--variant=zh", "-c", "x"]).variant == PageVariant.zh)
    #expect(try OptionParser.parse(["-c", "x"]).variant == nil)
    #expect(throws: UsageError.self) { try OptionParser.parse(["--variant", "zh-xx"]) }
  }

  @Test func helpManPageAndCompletionsOfferTheOption() {
    #expect(HelpText.help.contains("--variant <variant>"))
    #expect(ManPage.page.contains(#"\-\-variant"#))
    #expect(CompletionScript.script(for: .bash).contains("--variant) COMPREPLY"))
    #expect(CompletionScript.script(for: .bash).contains(#"$'zh-cn\nzh-tw"#))
    #expect(CompletionScript.script(for: .zsh).contains(":variant:(zh-cn zh-tw"))
    #expect(CompletionScript.script(for: .fish).contains("-l variant -x -a 'zh-cn zh-tw"))
  }
}
