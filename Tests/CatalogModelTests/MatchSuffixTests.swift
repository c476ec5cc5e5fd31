import TestFixtures
import Testing

@testable import BuiltInCatalog
@testable import CatalogModel
@testable import TextSupport

@Suite struct MatchSuffixTests {
  @Test func provincialSuffixesAreStripped() {
    #expect(NameSuffix.strip("广东省") == "广东")
    #expect(NameSuffix.strip("北京市") == "北京")
    #expect(NameSuffix.strip("内蒙古自治区") == "内蒙古")
    #expect(NameSuffix.strip("广西壮族自治区") == "广西")
    #expect(NameSuffix.strip("宁夏回族自治区") == "宁夏")
    #expect(NameSuffix.strip("新疆维吾尔自治区") == "新疆")
    #expect(NameSuffix.strip("西藏自治区") == "西藏")
    #expect(NameSuffix.strip("香港特别行政区") == "香港")
  }

  @Test func ethnicNamesBeforeAnAutonomousSuffixGoWithIt() {
    #expect(NameSuffix.strip("延边朝鲜族自治州") == "延边")
    #expect(NameSuffix.strip("湘西土家族苗族自治州") == "湘西")
    #expect(NameSuffix.strip("伊犁哈萨克自治州") == "伊犁")
    #expect(NameSuffix.strip("海西蒙古族藏族自治州") == "海西")
    #expect(NameSuffix.strip("长阳土家族自治县") == "长阳")
  }

  @Test func prefecturalAndCountySuffixesAreStripped() {
    #expect(NameSuffix.strip("朝阳区") == "朝阳")
    #expect(NameSuffix.strip("阿里地区") == "阿里")
    #expect(NameSuffix.strip("锡林郭勒盟") == "锡林郭勒")
    #expect(NameSuffix.strip("神农架林区") == "神农架")
    #expect(NameSuffix.strip("单县") == "单县")
  }

  @Test func nothingIsStrippedToASingleCharacterOrToNothing() {
    #expect(NameSuffix.strip("和县") == "和县")
    #expect(NameSuffix.strip("城区") == "城区")
    #expect(NameSuffix.strip("鄂伦春自治旗") == "鄂伦春")
    #expect(NameSuffix.strip("东乡族自治县") == "东乡族")
    #expect(NameSuffix.strip("市") == "市")
    #expect(NameSuffix.strip("") == "")
  }
}
