import Testing

@testable import BuiltInCatalog
@testable import CatalogModel

/// The remembered search `/` uses key by key: typing a query and erasing it again gives,
/// at every key, what a search from scratch gives, the same townships in the same order.
@Suite struct TownshipSearchMemoTests {
  let catalog = BuiltInCatalog.catalog

  /// The text after each key of typing `query` and then erasing it with Backspace.
  func keys(_ query: String) -> [String] {
    let typed = (1...query.count).map { String(query.prefix($0)) }
    return typed + typed.dropLast().reversed()
  }

  @Test("typing and erasing a query finds at every key what a search from scratch finds")
  func rememberedSearchIsTheSearch() {
    let everywhere = TownshipSearch.parents(in: catalog, cities: catalog.allCities)
    let memo = TownshipSearch.Memo()
    var fresh: [String: [[CityRef]]] = [:]
    for query in ["yushan", "yu", "玉山", "zhen", "jie dao", "3205", "yus", "玉山镇"] {
      for text in keys(query) {
        let remembered = TownshipSearch.find(text, in: catalog, under: everywhere, memo: memo)
        if fresh[text] == nil {
          let found = TownshipSearch.find(text, in: catalog, under: everywhere)
          fresh[text] = [found.exact, found.prefix]
        }
        let got = [remembered.exact, remembered.prefix]
        #expect(got == fresh[text], "after typing '\(text)'")
      }
    }
  }

  @Test("a query narrowed key by key still finds Kunshan's 玉山镇 and the other seven")
  func narrowedSearchFindsYushan() throws {
    let everywhere = TownshipSearch.parents(in: catalog, cities: catalog.allCities)
    let memo = TownshipSearch.Memo()
    for text in ["yu", "yus", "yush", "yusha"] {
      _ = TownshipSearch.find(text, in: catalog, under: everywhere, memo: memo)
    }
    let found = TownshipSearch.find("yushan", in: catalog, under: everywhere, memo: memo)
    let all = found.exact + found.prefix
    #expect(all.map { catalog[$0].code }.contains("320583100"))
    // 玉山镇 is in eight counties; 玉山县 (Jiangxi) is a county and not among them.
    #expect(all.filter { catalog[$0].name == "玉山镇" }.count == 8)
    #expect(all.allSatisfy { $0.township != nil })
  }
}
