import Testing
import TextSupport

@testable import BuiltInCatalog
@testable import CatalogModel

/// A search by pinyin reads only the counties with a township whose reading starts with
/// the query's first two letters: it finds what reading every township's decoded values
/// finds, in the same order.
@Suite struct TownshipReadingIndexTests {
  let catalog = BuiltInCatalog.catalog

  /// The rules of a search by reading, applied to every decoded township: exact when the
  /// whole reading, or the reading of the name without its suffix, is the query (spaces
  /// ignored); else a prefix hit when the reading starts with it (from two letters).
  func reference(_ q: String, under parents: [CityRef]) -> [[CityRef]] {
    var exact: [CityRef] = []
    var prefix: [CityRef] = []
    for parent in parents {
      for (t, township) in catalog.townships(of: parent).enumerated() {
        let syllables = (township.pinyin ?? "").split(separator: " ")
        let whole = syllables.joined()
        let short = syllables.prefix(NameSuffix.stripTownship(township.name).count).joined()
        let ref = CityRef(
          province: parent.province, city: parent.city, county: parent.county, township: t)
        if whole == q || short == q {
          exact.append(ref)
        } else if q.count >= 2 && whole.hasPrefix(q) {
          prefix.append(ref)
        }
      }
    }
    return [exact, prefix]
  }

  @Test("a search by reading finds what reading every township finds, in the same order")
  func indexedSearchIsTheFullSearch() {
    let everywhere = TownshipSearch.parents(in: catalog, cities: catalog.allCities)
    // 玉山镇 (yu shan zhen) is a town of 昆山市; 'ea' can only be a one-letter syllable
    // then another (e an); 'zz' starts no reading.
    for query in ["yu", "yushan", "zh", "zhen", "ea", "an", "xin", "zz", "jiedao"] {
      let found = TownshipSearch.find(query, in: catalog, under: everywhere)
      let expected = reference(query, under: everywhere)
      #expect([found.exact, found.prefix] == expected, "'\(query)'")
      if query == "yushan" {
        #expect(found.exact.contains { catalog[$0].code == "320583100" })
      }
      if query == "zz" { #expect(found.exact.isEmpty && found.prefix.isEmpty) }
    }
  }

  @Test("a township's name without 镇, 乡, 街道 or 苏木 is an exact hit, in Han or pinyin")
  func shortNameIsExact() {
    let everywhere = TownshipSearch.parents(in: catalog, cities: catalog.allCities)
    // 玉山镇 320583100 (昆山市); 东华门街道 110101001 (东城区).
    for (query, code) in [
      ("玉山", "320583100"), ("yushan", "320583100"), ("东华门", "110101001"),
      ("donghuamen", "110101001"),
    ] {
      let found = TownshipSearch.find(query, in: catalog, under: everywhere)
      #expect(found.exact.contains { catalog[$0].code == code }, "'\(query)'")
    }
    #expect(NameSuffix.stripTownship("玉山镇") == "玉山")
    #expect(NameSuffix.stripTownship("东华门街道") == "东华门")
    #expect(NameSuffix.stripTownship("新乡") == "新乡")  // one character would be left
  }
}
