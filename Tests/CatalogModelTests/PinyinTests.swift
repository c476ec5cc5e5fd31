import TestFixtures
import Testing

@testable import BuiltInCatalog
@testable import CatalogModel
@testable import TextSupport

@Suite struct PinyinTests {
  @Test func polyphonesInPlaceNamesGetTheirPlaceNameReading() {
    #expect(Pinyin.derive("长沙市") == "chang sha shi")
    #expect(Pinyin.derive("厦门") == "xia men")
    #expect(Pinyin.derive("蚌埠") == "beng bu")
    #expect(Pinyin.derive("六安") == "lu an")
    #expect(Pinyin.derive("重庆市") == "chong qing shi")
    #expect(Pinyin.derive("成都") == "cheng du")
    #expect(Pinyin.derive("西藏自治区") == "xi zang zi zhi qu")
    #expect(Pinyin.derive("乐亭县") == "lao ting xian")
    #expect(Pinyin.derive("番禺区") == "pan yu qu")
    #expect(Pinyin.derive("洪洞") == "hong tong")
  }

  @Test func traditionalFormsOfThePolyphonesAreReadTheSame() {
    #expect(Pinyin.derive("長沙") == "chang sha")
    #expect(Pinyin.derive("廈門") == "xia men")
  }

  @Test func shaanxiAndShanxiShareTheirPinyin() {
    #expect(Pinyin.derive("陕西省") == "shan xi sheng")
    #expect(Pinyin.derive("山西省") == "shan xi sheng")
  }

  @Test func aPhraseReadingOverridesTheCharacterDefault() {
    // 长 is "chang" alone but "zhang" in 长子; 六 is "liu" alone but "lu" in 六安.
    #expect(Pinyin.derive("长子县") == "zhang zi xian")
    #expect(Pinyin.derive("六盘水") == "liu pan shui")
  }

  @Test func charactersOutsideTheTablesFallBackToICU() {
    #expect(Pinyin.derive("猫") == "mao")
    #expect(Pinyin.derive("氹仔") == "dang zai")
  }

  @Test func latinRunsStayWholeAndPunctuationSeparates() {
    #expect(Pinyin.derive("Hong Kong 香港") == "hong kong xiang gang")
    #expect(Pinyin.derive("嘉模堂区（氹仔）") == "jia mo tang qu dang zai")
    #expect(Pinyin.derive("") == "")
  }

  @Test func theMatcherPrefersTheFilesPinyinAndDerivesTheRest() {
    let matcher = Matcher(catalog: MatchFixture.catalog)
    #expect(matcher.pinyin(of: MatchFixture.ref("广东省", "广州市")) == "guang zhou")
    #expect(matcher.pinyin(of: MatchFixture.ref("湖南省", "长沙市")) == "chang sha shi")
    #expect(matcher.pinyin(ofProvince: MatchFixture.province("广东省")) == "guang dong sheng")
    #expect(matcher.pinyin(of: CityRef(province: 0, city: 99)) == "")
  }

  @Test func thePinyinFromAFileIsSanitised() {
    let catalog = Catalog(provinces: [
      Province(name: "广东省", cities: [MatchFixture.city("广州市", "guang\u{1B}[2J zhou")])
    ])
    let pinyin = Matcher(catalog: catalog).pinyin(of: CityRef(province: 0, city: 0))
    #expect(!pinyin.unicodeScalars.contains("\u{1B}"))
  }
}
