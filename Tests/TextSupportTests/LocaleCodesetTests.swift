import Testing

@testable import TextSupport

@Suite struct LocaleCodesetTests {
  @Test func theCodesetComesFromTheFirstSetVariableAsSetlocaleReadsThem() {
    #expect(LocaleCodeset.name(in: ["LANG": "zh_CN.GB18030"]) == "GB18030")
    #expect(LocaleCodeset.name(in: ["LC_ALL": "zh_TW.Big5", "LANG": "zh_CN.UTF-8"]) == "Big5")
    #expect(LocaleCodeset.name(in: ["LC_CTYPE": "de_DE.ISO-8859-15@euro"]) == "ISO-8859-15")
    #expect(LocaleCodeset.name(in: ["LC_ALL": "", "LANG": "zh_CN.GBK"]) == "GBK")
    #expect(LocaleCodeset.name(in: ["LANG": "C"]) == nil)
    #expect(LocaleCodeset.name(in: [:]) == nil)
    #expect(LocaleCodeset.name(in: ["LANG": "en_US."]) == nil)
  }

  @Test func utf8IsRecognisedUnderItsSpellings() {
    for name in ["UTF-8", "utf8", "Utf_8", "UTF8"] {
      #expect(LocaleCodeset.isUTF8(name), "\(name)")
    }
    for name in ["GB18030", "UTF-16", "utf-7"] { #expect(!LocaleCodeset.isUTF8(name), "\(name)") }
  }
}
