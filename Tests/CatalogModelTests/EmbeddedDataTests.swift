import Foundation
import Testing

@testable import BuiltInCatalog
@testable import CatalogModel

/// The data compiled into the binary is Data/'s files byte for byte (Sources/DataBytes,
/// #embed), each where EmbeddedFile says, and read from there: no data is Swift source.
@Suite struct EmbeddedDataTests {
  @Test(arguments: EmbeddedFile.allCases)
  func eachEmbeddedFileIsItsDataFileByteForByte(file: EmbeddedFile) throws {
    let url = DataSetTests.repositoryRoot.appendingPathComponent(file.path)
    let onDisk = try Data(contentsOf: url)
    let embedded = file.withBytes { Data($0) }
    #expect(!embedded.isEmpty)
    #expect(embedded == onDisk, "\(file.path)")
  }

  @Test func theAboutFileGivesTheDatesAndSourceVersionPrints() {
    // Data/about.tsv's own values, typed: the divisions of April 2026, townships of
    // November 2025 (README, "The data").
    #expect(BuiltInCatalog.dataDate == "2026-04")
    #expect(BuiltInCatalog.townshipsDate == "2025-11")
    #expect(BuiltInCatalog.dataSource.hasPrefix("Ministry of Civil Affairs"))
  }

  @Test func sharedNamesAreTitledWithTheirParentsAndOthersBare() throws {
    // 鼓楼区 is a district of 南京, 福州, 徐州 and 开封; 朝阳区 of 北京 and 长春.
    let catalog = BuiltInCatalog.catalog
    let jiangsu = try #require(catalog.provinces.first { $0.name == "江苏省" })
    let nanjing = try #require(jiangsu.cities.first { $0.name == "南京市" })
    let gulou = try #require(nanjing.counties.first { $0.name == "鼓楼区" })
    #expect(gulou.url == "https://zh.wikipedia.org/wiki/鼓楼区_(南京市)")
    #expect(gulou.code == "320106" && gulou.pinyin == "gu lou qu")
    let beijing = try #require(catalog.provinces.first { $0.name == "北京市" })
    let chaoyang = try #require(beijing.cities.first { $0.name == "朝阳区" })
    #expect(chaoyang.url == "https://zh.wikipedia.org/wiki/朝阳区_(北京市)")
    let suzhou = try #require(jiangsu.cities.first { $0.name == "苏州市" })
    #expect(suzhou.url == "https://zh.wikipedia.org/wiki/苏州市")
    #expect(suzhou.counties.contains { $0.name == "昆山市" && $0.code == "320583" })
  }

  @Test func townshipsHistoryAndVariantsAreReadFromTheEmbeddedFiles() {
    let catalog = BuiltInCatalog.catalog
    // 玉山镇 is 昆山市's seat (320583100); 崇文区 was merged into 东城区 (110101) in 2010.
    let kunshan = catalog.townshipTable.townships(ofCounty: "320583")
    #expect(kunshan.contains { $0.name == "玉山镇" && $0.code == "320583100" })
    let chongwen = BuiltInCatalog.history.entries(matching: "崇文区")
    #expect(chongwen.first?.replacedBy == ["110101"] && chongwen.first?.until == "2010")
    // 廣 (U+5EE3) folds to 广 (U+5E7F), a pair of Data/variants.tsv.
    #expect(BuiltInCatalog.variants.folding().fold(0x5EE3) == 0x5E7F)
  }
}
